/**
 * `Vary` is a list (RFC 9110 §12.5.5): a plugin's `Vary: Origin` (a CORS plugin reflecting the request's origin) and a
 * handler's own `Vary: Accept-Language` both decide the answer, so a cache must key on both. The handler's headers win
 * over the plugins' for every other name (docs/pipeline.md); for Vary, both are sent.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createListener, defineApp, inject, json, type FwPlugin } from '../src/index.ts';

const origins: FwPlugin = { name: 'origin_plugin', pre_request: (req, _env, _options, state) => ((req.responseHeaders.vary = 'Origin'), ['ok', req, state]) };
const app = defineApp({
  name: 'varied',
  plugins: [origins],
  router: {
    name: 'varied_router',
    routes: () => [{
      prefix: '',
      security: false,
      routes: [
        { path: '/own', handler: () => json({ hello: 'world' }, 200, { vary: 'Accept-Language' }) },
        { path: '/list', handler: () => json({}, 200, { Vary: ['Accept-Language', 'Accept'] }) },
        { path: '/none', handler: () => json({}) },
      ],
    }],
  },
});

describe('Vary from a plugin and from the handler', () => {
  it("sends both, the plugin's first: a cache keyed on the handler's alone would hand one origin's answer to another", async () => {
    const fw = await createListener({ app, config: { plugins: [{ phase: 'pre_request', module: 'origin_plugin' }] }, env: {} });
    try {
      assert.equal((await inject(fw, { url: '/own' })).headers.vary, 'Origin, Accept-Language');
      assert.equal((await inject(fw, { url: '/list' })).headers.vary, 'Origin, Accept-Language, Accept');
      assert.equal((await inject(fw, { url: '/none' })).headers.vary, 'Origin');
    } finally {
      await fw.close();
    }
  });
});
