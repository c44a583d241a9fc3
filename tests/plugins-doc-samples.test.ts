/**
 * docs/plugins.md's samples that tests/docs-plugin-samples.test.ts does not run, run as they read:
 * the quota plugin ("Checking options") refuses request limit+1 with 429, logs the refusal when
 * `log_refusals` says so, and stops the start on `{"limit": "100"}` with the message its comment
 * quotes; the "One plugin different in one group" app gives its admin group the global list with
 * the one module's options replaced, the order and the rest as configured.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createListener, defineApp, inject, json, type FwApp, type FwPlugin, type Logger, type PluginEntry, type RouteGroup } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

let quota: DocSample<{ quotaPlugin: FwPlugin<{ limit: number; used: number }, { limit: number; log_refusals?: boolean }> }>;
let shop: DocSample<{ default: FwApp }>;
before(async () => {
  quota = await importDocSample('docs/plugins.md', (code) => code.includes("name: 'quota_plugin'"), 'quota.ts', 'plugins-doc-quota-');
  shop = await importDocSample('docs/plugins.md', (code) => code.includes('function withOptions('), 'app.ts', 'plugins-doc-one-group-');
});
after(async () => {
  await quota?.remove();
  await shop?.remove();
});

/** A logger keeping its info lines. */
function infoLines(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const none = () => {};
  return { lines, logger: { trace: none, debug: none, info: (fields) => lines.push(fields), warn: none, error: none, fatal: none } };
}

const quotaApp = () =>
  defineApp({
    name: 'quota',
    plugins: [quota.module.quotaPlugin],
    router: { name: 'quota_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/items', handler: () => json({ items: [] }) }] }] },
  });
const withQuota = (options: unknown, logger: Logger) =>
  createListener({ app: quotaApp(), config: { plugins: [{ phase: 'pre_request', module: 'quota_plugin', options: options as PluginEntry['options'] }] }, env: {}, logger });

describe("docs/plugins.md's quota plugin", () => {
  it('passes `limit` requests, then answers 429 {"error":"quota reached"} and logs quota_refused', async () => {
    const { logger, lines } = infoLines();
    const fw = await withQuota({ limit: 2, log_refusals: true }, logger);
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await inject(fw, '/items')).status);
      assert.deepEqual(statuses, [200, 200, 429]);
      assert.deepEqual((await inject(fw, '/items')).json(), { error: 'quota reached' });
      assert.deepEqual(
        lines.filter((line) => line.event === 'quota_refused').map((line) => line.limit),
        [2, 2],
      );
    } finally {
      await fw.close();
    }
  });

  it('stops the start on {"limit": "100"} with the message its comment quotes', async () => {
    await assert.rejects(withQuota({ limit: '100' }, infoLines().logger), (error: Error & { code?: string; cause?: { code?: string; message?: string } }) => {
      assert.equal(error.code, 'FW_ERR_PLUGIN_INIT_FAILED');
      assert.equal(error.cause?.code, 'FW_ERR_PLUGIN_BAD_OPTIONS');
      assert.equal(error.cause?.message, 'quota_plugin option limit must be a positive integer, e.g. 100');
      return true;
    });
  });
});

describe("docs/plugins.md's one plugin different in one group", () => {
  it("gives /admin the global list, in order, with api_key_plugin's options replaced", async () => {
    const global: PluginEntry[] = [
      { phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: '*' } },
      { phase: 'pre_request', module: 'api_key_plugin', options: { keys_env: 'USER_KEYS' } },
      { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } },
    ];
    const { router } = shop.module.default;
    const groups = (await router.routes('dev', { config: { fw: { plugins: global } }, env: {} } as never)) as RouteGroup[];
    const admin = groups.find((group) => group.prefix === '/admin');
    assert.deepEqual(admin?.plugins, [global[0], { ...global[1], options: { keys_env: 'ADMIN_KEYS' } }, global[2]]);
    assert.equal(groups.find((group) => group.prefix === '/api')?.plugins, undefined);
    assert.deepEqual(global[1]!.options, { keys_env: 'USER_KEYS' });
  });
});

describe("docs/plugins.md's copying a blog plugin", () => {
  it('gives the line count of the error registry that goes with it', async () => {
    const root = join(import.meta.dirname, '..');
    const said = /the blog's error registry `src\/errors.ts` \((\d+) lines\)/.exec(await readFile(join(root, 'docs', 'plugins.md'), 'utf8'))?.[1];
    const registry = await readFile(join(root, 'examples', 'blog', 'src', 'errors.ts'), 'utf8');
    assert.equal(Number(said), registry.split('\n').length - 1);
  });
});
