/**
 * Router misses run the pre_request plugins of the first group with the best host and prefix
 * (docs/pipeline.md, "Router misses"), so a group with `plugins: []` listed before another of the
 * same host and prefix takes their 404s and 405s without plugins: no CORS header on them, no
 * rate limit. An app author's trial listed its probe group first and lost both. fw warns at start
 * (`misses_without_plugins`, also in `fw audit`), and the warning goes away with the order the
 * fix names; the 404 shows what the warning is about.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import type { PluginEntry } from '../src/plugins/plugin.ts';
import { injectTestApp } from './support/inject-app.ts';

const CORS: PluginEntry = { phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: '*' } };
const probe: RouteGroup = { prefix: '', security: false, plugins: [], routes: [{ path: '/ready', handler: () => json({ ready: true }), options: { methods: ['get'] } }] };
const api: RouteGroup = { prefix: '', security: false, routes: [{ path: '/items', handler: () => json({ items: [] }), options: { methods: ['get'] } }] };

/** The app's `misses_without_plugins` warnings and the CORS header of a 404. */
async function startWith(groups: RouteGroup[]): Promise<{ warnings: Record<string, unknown>[]; missOrigin: unknown }> {
  const app = await injectTestApp({ fw: { plugins: [CORS] }, groups });
  try {
    const miss = await app.fetch('/nowhere', { headers: { origin: 'https://app.example' } });
    assert.equal(miss.status, 404);
    return { warnings: app.logs.filter((line) => line.fields.event === 'misses_without_plugins').map((line) => line.fields), missOrigin: miss.headers.get('access-control-allow-origin') };
  } finally {
    await app.close();
  }
}

describe('router misses without plugins', () => {
  it('warns at start when a group with plugins: [] comes before one of the same prefix that has plugins', async () => {
    const { warnings, missOrigin } = await startWith([probe, api]);
    assert.deepEqual(warnings, [{ event: 'misses_without_plugins', prefix: '', host: '_', skipped: ['fw_cors_plugin'] }]);
    assert.equal(missOrigin, null, 'the 404 went through the probe group: no CORS header');
  });

  it('says nothing once the group with plugins: [] comes last, and the 404 gets the plugins', async () => {
    const { warnings, missOrigin } = await startWith([api, probe]);
    assert.deepEqual(warnings, []);
    assert.equal(missOrigin, '*');
  });

  it('compares prefixes as the misses are routed: by shape, binding names aside, escapes decoded', async () => {
    const x = { path: '/x', handler: () => json({}), options: { methods: ['get' as const] } };
    for (const [first, later] of [['/t/:a', '/t/:b'], ['/p%6Fsts', '/posts']]) {
      const app = await injectTestApp({ fw: { plugins: [CORS] }, groups: [{ prefix: first!, security: false, plugins: [], routes: [x] }, { prefix: later!, security: false, routes: [{ ...x, path: '/y' }] }] });
      try {
        const miss = await app.fetch(`${later!.replace(':b', '1')}/nope`, { headers: { origin: 'https://app.example' } });
        assert.deepEqual([miss.status, miss.headers.get('access-control-allow-origin')], [404, null], 'the first group took the miss, without plugins');
        const warnings = app.logs.filter((line) => line.fields.event === 'misses_without_plugins').map((line) => line.fields);
        assert.deepEqual(warnings, [{ event: 'misses_without_plugins', prefix: first, host: '_', skipped: ['fw_cors_plugin'] }], first);
      } finally {
        await app.close();
      }
    }
  });

  it('counts a group without routes, which takes the misses under its prefix all the same', async () => {
    const { warnings, missOrigin } = await startWith([{ ...probe, routes: [] }, api]);
    assert.deepEqual(warnings, [{ event: 'misses_without_plugins', prefix: '', host: '_', skipped: ['fw_cors_plugin'] }]);
    assert.equal(missOrigin, null, 'the 404 went through the group without routes: no CORS header');
  });

  it('says nothing for groups of other prefixes', async () => {
    const { warnings } = await startWith([{ ...probe, prefix: '/internal' }, api]);
    assert.deepEqual(warnings, []);
  });
});
