/**
 * docs/builtin-plugins.md's CORS plugin for a bearer-token API (what fw_cors_plugin's `*` cannot
 * do: browsers never let `*` cover `Authorization`) does what its text says, run as the sample
 * reads: a preflight from its origin is answered 204 naming `authorization` and `if-match` and
 * allowing credentials, its origin's answers expose `Location`, `Link` and `ETag` (a conditional
 * update's), another origin gets no CORS header, every answer varies on Origin, and a bad origin
 * option stops the start.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createListener, defineApp, inject, json, type FwListener, type FwPlugin } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

const ORIGIN = 'https://app.example';

let sample: DocSample<{ apiCorsPlugin: FwPlugin<string, { allow_origin: string }> }>;
let plugin: FwPlugin<string, { allow_origin: string }>;
let fw: FwListener;

/** An app with one route, under the sample plugin configured with `options`. */
function listenerWith(options: Record<string, unknown>): Promise<FwListener> {
  const app = defineApp({
    name: 'api',
    router: { name: 'api_router', routes: () => [{ prefix: '/api', security: false, routes: [{ path: '/posts', handler: () => json({ posts: [] }), options: { methods: ['get', 'post'] } }] }] },
    plugins: [plugin],
  });
  return createListener({ app, config: { plugins: [{ phase: 'pre_request', module: 'api_cors_plugin', options }] }, env: { LOG_LEVEL: 'silent' } });
}

before(async () => {
  sample = await importDocSample('docs/builtin-plugins.md', (code) => code.includes("name: 'api_cors_plugin'"), 'api-cors-plugin.ts', 'docs-cors-sample-');
  plugin = sample.module.apiCorsPlugin;
  fw = await listenerWith({ allow_origin: ORIGIN });
});
after(async () => {
  await fw?.close();
  await sample?.remove();
});

describe("docs/builtin-plugins.md's CORS plugin for a bearer-token API", () => {
  it('answers a preflight from its origin 204, allowing authorization and if-match', async () => {
    const res = await inject(fw, { method: 'OPTIONS', url: '/api/posts', headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, if-match' } });
    assert.equal(res.status, 204);
    assert.equal(res.headers['access-control-allow-origin'], ORIGIN);
    assert.equal(res.headers['access-control-allow-headers'], 'authorization, content-type, idempotency-key, if-match');
    assert.match(String(res.headers['access-control-allow-methods']), /\bPOST\b/);
    assert.equal(res.headers['vary'], 'Origin');
    // A page fetching with credentials: 'include' reads the answer only with this header (Fetch standard).
    assert.equal(res.headers['access-control-allow-credentials'], 'true');
  });

  it("lets its origin read Location, Link and ETag, and gives another origin no CORS header", async () => {
    const mine = await inject(fw, { method: 'GET', url: '/api/posts', headers: { origin: ORIGIN } });
    assert.equal(mine.status, 200);
    assert.equal(mine.headers['access-control-allow-origin'], ORIGIN);
    assert.equal(mine.headers['access-control-expose-headers'], 'location, link, etag, x-request-id');
    assert.equal(mine.headers['access-control-allow-credentials'], 'true');
    const other = await inject(fw, { method: 'GET', url: '/api/posts', headers: { origin: 'https://evil.example' } });
    assert.equal(other.status, 200);
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    assert.equal(other.headers['vary'], 'Origin');
  });

  it('stops the start on an option that is not an origin', async () => {
    await assert.rejects(listenerWith({ allow_origin: 'app.example' }), (error: Error) => (error.cause as { code?: string } | undefined)?.code === 'FW_ERR_PLUGIN_BAD_OPTIONS' && /option allow_origin must be an origin, e.g. "https:\/\/app.example"/.test(error.message));
  });
});
