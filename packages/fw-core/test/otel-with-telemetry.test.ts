/**
 * withTelemetry (otel/setup-telemetry.ts; docs/telemetry.md, "In one call"): the spec's Activation list in one call.
 * It provides the stream handler and the plugin the configuration names, sets telemetry up before the app's own start
 * hook (service.name the app's name, the listener's env), keeps the app's own plugins, and shuts telemetry down after
 * the app's own stop hook. Under a configuration that lists neither otel_fw_stream_h nor otel_fw_plugin it lists both,
 * first; one that lists either is left as written. Through inject: the spans are the point.
 */
import assert from 'node:assert/strict';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { describe, it } from 'node:test';
import { createListener, defineApp, inject, json, type FwApp, type FwPlugin, type InCodeConfig } from 'fw-core';
import { withTelemetry } from 'fw-core/otel';

describe('withTelemetry', () => {
  it('traces the app as the Activation list does, around its own start and stop hooks', async () => {
    const order: string[] = [];
    const exporter = new InMemorySpanExporter();
    const shutdown = exporter.shutdown.bind(exporter);
    exporter.shutdown = () => (order.push('telemetry shutdown'), shutdown());
    const ownPlugin: FwPlugin = { name: 'own_plugin', pre_request: (req, _env, _options, state) => ['ok', req, state] };
    const app = withTelemetry(
      defineApp({
        name: 'tasks',
        router: { name: 'tasks_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/tasks/:id', handler: (req) => json({ id: req.bindings.id }), options: { methods: ['get'] } }] }] },
        plugins: [ownPlugin],
        start: () => void order.push(`app start, recording: ${trace.getTracer('t').startSpan('probe').isRecording()}`),
        stop: () => void order.push('app stop'),
      }),
      { spanProcessor: new SimpleSpanProcessor({ exporter }) },
    );
    const plugins = [{ phase: 'pre_request', module: 'otel_fw_plugin', options: {} }, { phase: 'pre_request', module: 'own_plugin', options: {} }] as const;
    const fw = await createListener({ app, config: { server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] }, plugins }, env: { LOG_LEVEL: 'warn', OTEL_METRICS_EXPORTER: 'none' } });
    try {
      assert.equal((await inject(fw, '/tasks/7')).status, 200);
      const server = exporter.getFinishedSpans().find((span) => span.attributes['http.route'] === '/tasks/:id');
      assert.ok(server, 'a server span with the route: the stream handler and the plugin both ran');
      assert.equal(server.name, 'GET /tasks/:id', 'renamed by the plugin once routed');
      assert.equal(server.resource.attributes['service.name'], 'tasks');
    } finally {
      await fw.close();
    }
    assert.deepEqual(order, ['app start, recording: true', 'app stop', 'telemetry shutdown']);
  });

  it('lists the stream handler and the plugin first when the configuration lists neither, and leaves one that lists either as written', async () => {
    const tasks = (): FwApp => defineApp({ name: 'tasks', router: { name: 'tasks_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/tasks/:id', handler: () => json({}), options: { methods: ['get'] } }] }] } });
    const traced = async (app: FwApp, config: InCodeConfig) => {
      const exporter = new InMemorySpanExporter();
      const warnings: string[] = [];
      const logger = { trace() {}, debug() {}, info() {}, error() {}, fatal() {}, warn: (fields: Record<string, unknown>) => void warnings.push(String(fields['event'])) };
      const fw = await createListener({ app: withTelemetry(app, { spanProcessor: new SimpleSpanProcessor({ exporter }) }), config, env: { OTEL_METRICS_EXPORTER: 'none' }, logger });
      try {
        await inject(fw, '/tasks/7');
        return { names: exporter.getFinishedSpans().map((span) => span.name), warnings };
      } finally {
        await fw.close();
      }
    };
    const decoding = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } } as const;
    assert.deepEqual(await traced(tasks(), { plugins: [decoding] }), { names: ['GET /tasks/:id'], warnings: [] }, 'traced and enriched, nothing listed');
    // Listing the stream handler alone is a choice: spans, not enriched.
    assert.deepEqual(await traced(tasks(), { server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] } }), { names: ['HTTP GET'], warnings: [] });
    // Listing the plugin alone stays the mistake fw warns of.
    const pluginOnly = await traced(tasks(), { plugins: [{ phase: 'pre_request', module: 'otel_fw_plugin', options: {} }] });
    assert.deepEqual(pluginOnly, { names: [], warnings: ['telemetry_without_stream_handler'] });
  });

  it('shuts telemetry down when the app\'s own start hook fails, so a later setup starts clean', async () => {
    const exporter = new InMemorySpanExporter();
    let shutDown = false;
    const shutdown = exporter.shutdown.bind(exporter);
    exporter.shutdown = () => ((shutDown = true), shutdown());
    const failing = withTelemetry(
      defineApp({ name: 'tasks', router: { name: 'tasks_router', routes: () => [] }, start: () => { throw new Error('store down'); } }),
      { spanProcessor: new SimpleSpanProcessor({ exporter }) },
    );
    const config = { server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] } };
    await assert.rejects(createListener({ app: failing, config, env: { LOG_LEVEL: 'silent', OTEL_METRICS_EXPORTER: 'none' } }), /store down/);
    assert.equal(shutDown, true);
    const again = withTelemetry(defineApp({ name: 'tasks', router: { name: 'tasks_router', routes: () => [] } }), { spanProcessor: new SimpleSpanProcessor({ exporter: new InMemorySpanExporter() }) });
    await (await createListener({ app: again, config, env: { LOG_LEVEL: 'silent', OTEL_METRICS_EXPORTER: 'none' } })).close();
  });
});
