/**
 * Server span names (issue 36, item 9): the spec's names stay the default (`HTTP <method>`,
 * enriched by otel_fw_plugin to `GET blog_posts_controller:show`); `spanNames: 'semconv'` or
 * FW_OTEL_SPAN_NAMES=semconv gives the HTTP semantic conventions' (`{method} {http.route}`,
 * `{method}` unrouted, `HTTP` for an unknown method), the same on both paths.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { defineController } from '../src/app/controller.ts';
import { json } from '../src/http/response.ts';
import { setupFailureOf } from './support/otel-app.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';

const controller = defineController('blog_posts_controller', { show: () => json({ id: 42 }) });

const groups: RouteGroup[] = [
  { prefix: '/api', security: false, routes: [{ path: '/posts/:id', handler: controller.show, options: { methods: ['get'] } }] },
  { prefix: '', security: false, routes: [{ path: '/any', handler: () => json({ any: true }), options: { methods: '_' } }] },
];

/** Requests: routed, unrouted (404), unknown method unrouted and routed. */
const REQUESTS = [
  { what: 'routed', method: 'GET', path: '/api/posts/42', status: 200 },
  { what: 'unrouted', method: 'GET', path: '/nowhere', status: 404 },
  { what: 'unknown method, unrouted', method: 'PURGE', path: '/nowhere', status: 404 },
  { what: 'unknown method, routed', method: 'PURGE', path: '/any', status: 200 },
] as const;

/** The server span name of each request, by `what`. */
async function namesOn(path: 'lean' | 'full', options: { env?: NodeJS.ProcessEnv; spanNames?: 'fw' | 'semconv' } = {}): Promise<Record<string, string>> {
  const otel = await startPathApp(path, groups, { ...(options.env && { env: options.env }), ...(options.spanNames && { telemetry: { spanNames: options.spanNames } }) });
  try {
    const names: Record<string, string> = {};
    for (const request of REQUESTS) {
      const res = await fetch(`${otel.app.url}${request.path}`, { method: request.method });
      await res.arrayBuffer();
      assert.equal(res.status, request.status, `${request.method} ${request.path}`);
      await otel.telemetry.forceFlush();
      await otel.receiver.waitFor(request.what, () => otel.receiver.spans.length > Object.keys(names).length);
      const span = otel.receiver.spans.at(-1)!;
      assert.equal(span.kind, 'SPAN_KIND_SERVER');
      assert.equal(span.attributes['url.path'], request.path);
      names[request.what] = span.name;
    }
    return names;
  } finally {
    await otel.close();
  }
}

const DEFAULT_NAMES = {
  routed: 'GET blog_posts_controller:show',
  unrouted: 'HTTP GET',
  'unknown method, unrouted': 'HTTP _OTHER',
  'unknown method, routed': 'PURGE /any',
};

const SEMCONV_NAMES = {
  routed: 'GET /api/posts/:id',
  unrouted: 'GET',
  'unknown method, unrouted': 'HTTP',
  'unknown method, routed': 'HTTP /any',
};

describe('server span names', () => {
  for (const path of PATHS) {
    it(`are the spec's by default, enriched by otel_fw_plugin, on the ${path} path`, async () => {
      assert.deepEqual(await namesOn(path), DEFAULT_NAMES);
    });

    it(`are the semantic conventions' with spanNames: 'semconv', on the ${path} path`, async () => {
      assert.deepEqual(await namesOn(path, { spanNames: 'semconv' }), SEMCONV_NAMES);
    });

    it(`are the semantic conventions' with FW_OTEL_SPAN_NAMES=semconv, over spanNames: 'fw', on the ${path} path`, async () => {
      assert.deepEqual(await namesOn(path, { env: { FW_OTEL_SPAN_NAMES: 'semconv' }, spanNames: 'fw' }), SEMCONV_NAMES);
    });
  }

  it('are the spec\'s again once a semconv setup is shut down, and FW_OTEL_SPAN_NAMES=fw beats the option', async () => {
    assert.deepEqual(await namesOn('lean', { env: { FW_OTEL_SPAN_NAMES: 'fw' }, spanNames: 'semconv' }), DEFAULT_NAMES);
  });

  it('refuse a naming style that does not exist, in the option and in FW_OTEL_SPAN_NAMES', async () => {
    const option = await setupFailureOf({ spanNames: 'otel' as 'semconv', env: {} });
    assert.equal(option.code, 'FW_ERR_OTEL_BAD_OPTION');
    assert.match(option.message, /spanNames "otel" is not a naming style; give 'fw' or 'semconv'/);
    const variable = await setupFailureOf({ env: { FW_OTEL_SPAN_NAMES: 'otel' } });
    assert.equal(variable.code, 'FW_ERR_OTEL_BAD_ENV');
    assert.match(variable.message, /FW_OTEL_SPAN_NAMES="otel" is not valid: expected 'fw' or 'semconv'/);
  });
});
