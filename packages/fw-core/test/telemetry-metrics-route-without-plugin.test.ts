/**
 * Issue 37 item 1: `http.route` on the HTTP metrics comes from the exchange, whichever plugins a
 * group lists. A group whose own plugin list leaves out otel_fw_plugin (`plugins: []`, or a
 * decoder only) and an app that lists otel_fw_plugin nowhere still get their route template on
 * the duration histogram, on the lean and the full path.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';

const groups: RouteGroup[] = [
  { prefix: '/bare', security: false, plugins: [], routes: [{ path: '/items/:id', handler: () => json({ ok: true }), options: { methods: ['get'] } }] },
  {
    prefix: '/decoded',
    security: false,
    plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
    routes: [{ path: '/items/:id', handler: () => json({ ok: true }), options: { methods: ['get'] } }],
  },
];

describe('http.route on the metrics without otel_fw_plugin', () => {
  for (const path of PATHS) {
    it(`is the route template for groups that do not list it, on the ${path} path`, async () => {
      const otel = await startPathApp(path, groups, { plugin: false });
      try {
        for (const url of ['/bare/items/1', '/decoded/items/2']) {
          const res = await fetch(`${otel.app.url}${url}`);
          assert.equal(res.status, 200, url);
          await res.arrayBuffer();
        }
        const text = await (await fetch(otel.telemetry.metricsUrl!)).text();
        const routes = [...text.matchAll(/^http_server_request_duration_seconds_count\{[^}]*\}/gm)].map((m) => /http_route="([^"]*)"/.exec(m[0])?.[1]);
        assert.deepEqual(routes.sort(), ['/bare/items/:id', '/decoded/items/:id'], text);
      } finally {
        await otel.close();
      }
    });
  }
});
