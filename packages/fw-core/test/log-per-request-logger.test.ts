/**
 * `req.log` (issue 38, item 9): lines a handler, a security callback or a plugin writes carry the
 * request's `request_id` (the id the response echoes) and, with telemetry on, the `trace_id` and
 * `span_id` of the request's span, the same as on the request log line; a plugin handing on a copy
 * of the request keeps it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';

/** Logs with req.log, then hands on the request itself, or a copy with `x-copy`. */
const noting: FwPlugin = {
  name: 'noting',
  pre_request: (req, _env, _options, state) => {
    req.log.debug({ event: 'plugin_line' });
    return ['ok', req.headers['x-copy'] === undefined ? req : { ...req }, state];
  },
};

describe('req.log without telemetry', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins: [noting],
      fw: { plugins: [{ phase: 'pre_request', module: 'noting' }] },
      groups: [
        {
          prefix: '',
          security: (req) => (req.log.debug({ event: 'security_line' }), true),
          routes: [
            {
              path: '/tasks/:id',
              handler: (req) => {
                req.log.warn({ event: 'task_missing', task: req.bindings.id }, 'no such task');
                return json({ error: 'task not found' }, 404);
              },
              options: { methods: ['get'] },
            },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  /** The lines of the request whose response carried `id`, but the request log line. */
  const linesOf = (id: string | null) => app.logs.filter((line) => line.fields.request_id === id && line.fields.event !== 'request');

  it("writes the handler's fields and message with the request id the response echoes", async () => {
    const res = await app.fetch('/tasks/7');
    assert.equal(res.status, 404);
    const id = res.headers.get('x-request-id');
    const handlerLine = linesOf(id).find((line) => line.fields.event === 'task_missing');
    assert.deepEqual(handlerLine, { level: 'warn', fields: { request_id: id, event: 'task_missing', task: '7' }, msg: 'no such task' });
  });

  it('is there for plugins and the security callback, with the same id, and no trace ids without telemetry', async () => {
    const res = await app.fetch('/tasks/8');
    const id = res.headers.get('x-request-id');
    assert.match(String(id), /-/);
    assert.deepEqual(
      linesOf(id).map((line) => [line.level, line.fields]),
      [
        ['debug', { request_id: id, event: 'plugin_line' }],
        ['debug', { request_id: id, event: 'security_line' }],
        ['warn', { request_id: id, event: 'task_missing', task: '8' }],
      ],
    );
  });

  it('stays on a copy of the request a plugin hands on', async () => {
    const res = await app.fetch('/tasks/9', { headers: { 'x-copy': '1' } });
    assert.deepEqual(linesOf(res.headers.get('x-request-id')).map((line) => line.fields.event), ['plugin_line', 'security_line', 'task_missing']);
  });
});

describe('req.log with telemetry', () => {
  let otel: OtelApp;
  before(async () => {
    otel = await startOtelApp({ env: { OTEL_METRICS_EXPORTER: 'none' } });
  });
  after(() => otel?.close());

  it("carries the trace_id and span_id of the request's span, as the request log line does", async () => {
    const res = await fetch(`${otel.app.url}/logs`);
    assert.deepEqual(await res.json(), { logged: true });
    const id = res.headers.get('x-request-id');
    const request = await otel.app.waitForLog((line) => line.fields.event === 'request' && line.fields.request_id === id);
    const handler = otel.app.logs.find((line) => line.fields.event === 'handler_line');
    assert.match(String(request.fields.trace_id), /^[0-9a-f]{32}$/);
    assert.deepEqual(handler?.fields, { request_id: id, trace_id: request.fields.trace_id, span_id: request.fields.span_id, event: 'handler_line' });
  });
});
