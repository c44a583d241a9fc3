/**
 * One plugin instance per (module, options) (docs/plugins.md, "Writing a plugin"): the same options written in another
 * key order, at any depth, are the same options and share one init, state and stop; other options get their own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createListener, defineApp, inject, json, type FwPlugin } from '../src/index.ts';

describe('plugin instances per options', () => {
  it('shares one instance between options that differ only in key order, and makes one for other options', async () => {
    const inits: unknown[] = [];
    const stops: number[] = [];
    let made = 0;
    const counter: FwPlugin<{ id: number; seen: number }> = {
      name: 'counter_plugin',
      init: (options) => (inits.push(options), { id: ++made, seen: 0 }),
      pre_request: (req, _env, _options, state) => {
        state.seen += 1;
        req.responseHeaders['x-instance'] = `${state.id}:${state.seen}`;
        return ['ok', req, state];
      },
      stop: (state) => void stops.push(state.id),
    };
    const route = { path: '/x', handler: () => json({}), options: { methods: ['get' as const] } };
    const app = defineApp({
      name: 'counted',
      plugins: [counter],
      router: {
        name: 'counted_router',
        routes: () => [
          { prefix: '/a', security: false, routes: [route] },
          { prefix: '/b', security: false, plugins: [{ phase: 'pre_request', module: 'counter_plugin', options: { nested: { y: 2, x: 1 }, limit: 5 } }], routes: [route] },
          { prefix: '/c', security: false, plugins: [{ phase: 'pre_request', module: 'counter_plugin', options: { limit: 6, nested: { x: 1, y: 2 } } }], routes: [route] },
        ],
      },
    });
    const fw = await createListener({ app, env: {}, config: { plugins: [{ phase: 'pre_request', module: 'counter_plugin', options: { limit: 5, nested: { x: 1, y: 2 } } }] } });
    assert.deepEqual(inits, [{ limit: 5, nested: { x: 1, y: 2 } }, { limit: 6, nested: { x: 1, y: 2 } }]);
    assert.equal((await inject(fw, '/a/x')).headers['x-instance'], '1:1');
    assert.equal((await inject(fw, '/b/x')).headers['x-instance'], '1:2');
    assert.equal((await inject(fw, '/c/x')).headers['x-instance'], '2:1');
    await fw.close();
    assert.deepEqual(stops, [2, 1]);
  });
});
