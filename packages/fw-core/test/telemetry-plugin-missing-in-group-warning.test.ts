/**
 * A group whose own plugin list (CORS on one prefix, say) leaves out the otel_fw_plugin that the
 * global list has: its requests are traced, but otel_fw_plugin never runs for them, so their
 * spans keep `HTTP <method>` and carry no `http.route` or `fw.controller`, on both paths. fw warns
 * at start (`telemetry_plugin_missing_in_group`; `fw audit` reports the same list), and stays
 * silent for `plugins: []` (a group that opts out of every plugin), for a group that lists the
 * plugin, and when the global list has no otel_fw_plugin either.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { defineController } from '../src/app/controller.ts';
import { json } from '../src/http/response.ts';
import { otelFwPlugin, otelStreamHandler } from '../src/otel/index.ts';
import type { PluginEntry } from '../src/plugins/plugin.ts';
import { injectTestApp } from './support/inject-app.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';

const OTEL_PLUGIN: PluginEntry = { phase: 'pre_request', module: 'otel_fw_plugin', options: {} };
const DECODER: PluginEntry = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } };
const links = defineController('links_controller', { create: () => json({ ok: true }, 201) });

/** `/links` lists plugins of its own without otel_fw_plugin; `/api` inherits the global list. */
function groups(linksPlugins: readonly PluginEntry[]): RouteGroup[] {
  return [
    { prefix: '/links', security: false, plugins: linksPlugins, routes: [{ path: '/new', handler: links.create, options: { methods: ['post'] } }] },
    { prefix: '/api', security: false, routes: [{ path: '/links', handler: links.create, options: { methods: ['post'] } }] },
  ];
}

const WARNING = {
  level: 'warn',
  fields: { event: 'telemetry_plugin_missing_in_group', prefix: '/links', host: '_' },
  msg:
    "group '/links' lists plugins of its own without otel_fw_plugin, which the global plugins list: its requests are traced, but their spans keep the name HTTP <method> " +
    'and carry no http.route or fw.controller; to fix, add {"phase": "pre_request", "module": "otel_fw_plugin"} to its plugins',
};

/** The `telemetry_plugin_missing_in_group` lines an app with telemetry listed logs while starting. */
async function warnings(linksPlugins: readonly PluginEntry[], globalPlugins: readonly PluginEntry[] = [OTEL_PLUGIN]): Promise<unknown[]> {
  const app = await injectTestApp({
    groups: groups(linksPlugins),
    plugins: [otelFwPlugin],
    streamHandlers: [otelStreamHandler],
    fw: { server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] }, plugins: globalPlugins },
    env: { OTEL_SDK_DISABLED: 'true' },
  });
  await app.close();
  return app.logs.filter((line) => line.fields.event === 'telemetry_plugin_missing_in_group');
}

describe('a group whose own plugins leave out otel_fw_plugin', () => {
  for (const path of PATHS) {
    it(`exports its spans as HTTP <method> without http.route, beside an inheriting group's enriched ones, on the ${path} path`, async () => {
      const otel = await startPathApp(path, groups([DECODER]));
      try {
        for (const url of ['/links/new', '/api/links']) {
          const res = await fetch(`${otel.app.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
          assert.equal(res.status, 201, url);
          await res.arrayBuffer();
        }
        await otel.telemetry.forceFlush();
        await otel.receiver.waitFor('both server spans', () => otel.receiver.spans.length >= 2);
        const byPath = Object.fromEntries(otel.receiver.spans.map((span) => [span.attributes['url.path'], [span.name, span.attributes['http.route']]]));
        assert.deepEqual(byPath, { '/links/new': ['HTTP POST', undefined], '/api/links': ['POST links_controller:create', '/api/links'] });
      } finally {
        await otel.close();
      }
    });
  }

  it('warns at start, naming the group and the line to add', async () => {
    assert.deepEqual(await warnings([DECODER]), [WARNING]);
  });

  it('stays silent for plugins: [], for a group that lists it, and when the global plugins do not list it either', async () => {
    assert.deepEqual(await warnings([]), []);
    assert.deepEqual(await warnings([OTEL_PLUGIN, DECODER]), []);
    assert.deepEqual(await warnings([DECODER], [DECODER]), []);
  });
});
