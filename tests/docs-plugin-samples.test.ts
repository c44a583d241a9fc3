/**
 * docs/plugins.md's plugin samples do what the text around them says, run as the samples read:
 * the server-timing plugin, registered in both phases, adds server-timing, make the handler's cache-control private and `break`
 * past the rest of the phase; the webhook signature plugin reads the raw body with readBody,
 * refuses a bad signature (401) and a body over its limit (413, closing the connection), takes its
 * secret from the environment, and leaves the body to fw_request_plugin, which decodes it.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createListener, defineApp, inject, json, status, type FwApp, type FwListener, type FwPlugin, type PluginEntry } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

const SECRET = 'a-shared-secret-of-some-length';
const sign = (body: string, secret = SECRET): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

type Decorations = { skipDecorationsPlugin: FwPlugin; serverTimingPlugin: FwPlugin };
type Signature = { webhookSignaturePlugin: FwPlugin<any, any> };

let decorations: DocSample<Decorations>;
let signature: DocSample<Signature>;
let fw: FwListener;

function listener(env: NodeJS.ProcessEnv): Promise<FwListener> {
  const hook: PluginEntry[] = [
    { phase: 'pre_request', module: 'webhook_signature_plugin', options: { secret_env: 'WEBHOOK_SECRET', max_body_size: 1024 } },
    { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } },
  ];
  const app = defineApp({
    name: 'samples',
    plugins: [...Object.values(decorations.module), signature.module.webhookSignaturePlugin],
    router: {
      name: 'samples_router',
      routes: () => [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/items', handler: () => json({ items: [] }, 200, { 'cache-control': 'max-age=60' }), options: { methods: ['get'] } },
            { path: '/plain', handler: () => status(200, { 'x-no-decorate': '1', 'cache-control': 'no-store' }, 'plain'), options: { methods: ['get'] } },
          ],
        },
        { prefix: '/hooks', security: false, plugins: hook, routes: [{ path: '/github', handler: (req) => json({ received: req.body }), options: { methods: ['post'] } }] },
      ],
    },
  });
  const plugins: PluginEntry[] = [
    { phase: 'pre_request', module: 'server_timing_plugin' },
    { phase: 'post_request', module: 'skip_decorations_plugin' },
    { phase: 'post_request', module: 'server_timing_plugin' },
  ];
  return createListener({ app, config: { plugins }, env: { LOG_LEVEL: 'silent', ...env } });
}

before(async () => {
  decorations = await importDocSample('docs/plugins.md', (code) => code.includes("name: 'server_timing_plugin'"), 'decorations.ts', 'docs-plugin-decorations-');
  signature = await importDocSample('docs/plugins.md', (code) => code.includes("name: 'webhook_signature_plugin'"), 'webhook-signature.ts', 'docs-plugin-signature-');
  fw = await listener({ WEBHOOK_SECRET: SECRET });
});
after(async () => {
  await fw?.close();
  await decorations?.remove();
  await signature?.remove();
});

describe("docs/plugins.md's post_request samples", () => {
  it("add server-timing and make the handler's cache-control private", async () => {
    const res = await inject(fw, '/items');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['server-timing']), /^app;dur=\d+\.\d$/);
    assert.equal(res.headers['cache-control'], 'private, max-age=60');
  });

  it('break past the rest of the phase for an answer marked x-no-decorate', async () => {
    const res = await inject(fw, '/plain');
    assert.deepEqual([res.status, res.body, res.headers['cache-control'], res.headers['server-timing']], [200, 'plain', 'no-store', undefined]);
  });
});

describe("docs/plugins.md's webhook signature plugin", () => {
  const body = JSON.stringify({ action: 'opened' });
  const post = (payload: string, signed: string) => inject(fw, { method: 'POST', url: '/hooks/github', body: payload, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed } });

  it('lets a body signed in GitHub\'s x-hub-signature-256 through, decoded into req.body by fw_request_plugin', async () => {
    const res = await post(body, sign(body));
    assert.deepEqual([res.status, res.json()], [200, { received: { action: 'opened' } }]);
  });

  it('refuses a body signed with another secret, 401', async () => {
    const res = await post(body, sign(body, 'another-secret-of-some-length'));
    assert.deepEqual([res.status, res.json()], [401, { error: 'bad signature' }]);
  });

  it('refuses a body over its limit, 413, closing the connection', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(2000) });
    const res = await post(big, sign(big));
    assert.deepEqual([res.status, res.json(), res.headers.connection], [413, { error: 'request body too large' }, 'close']);
  });

  it('stops the start when its secret variable is unset, naming it', async () => {
    await assert.rejects(listener({}), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'FW_ERR_PLUGIN_INIT_FAILED');
      assert.match(error.message, /set WEBHOOK_SECRET to a secret of 16 characters or more/);
      return true;
    });
  });
});

describe("docs/pipeline.md's measuring stream handler", () => {
  type Timing = { measured: { method: string; url: string; status: number; durationMs: number }[]; default: FwApp };
  let sample: DocSample<Timing>;
  let timed: FwListener;
  before(async () => {
    sample = await importDocSample('docs/pipeline.md', (code) => code.includes("name: 'timing_stream_h'"), 'timing-stream-handler.ts', 'docs-stream-handler-');
    timed = await createListener({ app: sample.module.default, config: { server_configuration: { stream_handlers: ['timing_stream_h', 'fw_stream_h'] } }, env: { LOG_LEVEL: 'silent' } });
  });
  after(async () => {
    await timed?.close();
    await sample?.remove();
  });

  it('measures every exchange: a route, a router miss and a 405', async () => {
    await inject(timed, '/items');
    await inject(timed, '/nowhere');
    await inject(timed, { method: 'DELETE', url: '/items?x=1' });
    assert.deepEqual(sample.module.measured.map(({ method, url, status: code }) => [method, url, code]), [['GET', '/items', 200], ['GET', '/nowhere', 404], ['DELETE', '/items?x=1', 405]]);
    assert.ok(sample.module.measured.every((end) => end.durationMs > 0));
  });
});
