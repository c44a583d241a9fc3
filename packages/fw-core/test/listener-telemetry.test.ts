/**
 * Telemetry through an embedded listener: with otel_fw_stream_h named in the in-code
 * configuration, a request to createListener's listener (mounted in node:http, or inject()ed)
 * exports a SERVER span to a real OTLP receiver, as startServer's would.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { defineApp } from '../src/app/app.ts';
import { otelFwPlugin, otelStreamHandler, setupTelemetry, type Telemetry } from '../src/otel/index.ts';
import { inject } from '../src/inject/inject.ts';
import { createListener, type FwListener } from '../src/server/create-listener.ts';
import { listenerApp, listenerAppDir } from './support/listener-app.ts';
import { startOtlpReceiver, type OtlpReceiver } from './support/otel-receiver.ts';
import { captureLogger } from './support/test-app.ts';

describe('createListener with otel_fw_stream_h', () => {
  let dir: string;
  let receiver: OtlpReceiver;
  let telemetry: Telemetry;
  let fw: FwListener;
  let server: Server;
  let port: number;
  before(async () => {
    dir = await listenerAppDir();
    receiver = await startOtlpReceiver('ok');
    telemetry = await setupTelemetry({ metricsPort: 0, metricsHost: '127.0.0.1', serviceName: 'embedded_test', env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } });
    const base = listenerApp({ events: [] }, dir);
    const app = defineApp({ ...base, streamHandlers: [otelStreamHandler], plugins: [...(base.plugins ?? []), otelFwPlugin] });
    fw = await createListener({
      app,
      appDir: dir,
      env: {},
      logger: captureLogger(),
      config: {
        server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] },
        plugins: [{ phase: 'pre_request', module: 'otel_fw_plugin', options: {} }],
      },
    });
    server = createServer(fw.listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await fw?.close();
    await telemetry?.shutdown();
    await receiver?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('exports a SERVER span with the route for a request to the embedded listener', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo/span?q=1`, { headers: { 'user-agent': 'embedded/1.0' } });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    await telemetry.forceFlush();
    const spans = receiver.spans.filter((s) => s.kind === 'SPAN_KIND_SERVER' && s.attributes['url.path'] === '/echo/span');
    assert.equal(spans.length, 1);
    const [span] = spans;
    assert.equal(span?.name, 'GET echo_controller:show');
    assert.equal(span?.resource['service.name'], 'embedded_test');
    assert.equal(span?.attributes['http.route'], '/echo/[...]');
    assert.equal(span?.attributes['http.response.status_code'], 200);
    assert.equal(span?.attributes['url.query'], 'q=1');
    assert.equal(span?.attributes['server.port'], port);
    assert.equal(span?.attributes['user_agent.original'], 'embedded/1.0');
  });

  it('exports a SERVER span for an injected request too', async () => {
    const res = await inject(fw, { url: '/echo/injected', headers: { 'user-agent': 'inject/1.0' } });
    assert.equal(res.status, 200);
    await telemetry.forceFlush();
    const spans = receiver.spans.filter((s) => s.kind === 'SPAN_KIND_SERVER' && s.attributes['url.path'] === '/echo/injected');
    assert.equal(spans.length, 1);
    const [span] = spans;
    assert.equal(span?.name, 'GET echo_controller:show');
    assert.equal(span?.attributes['http.route'], '/echo/[...]');
    assert.equal(span?.attributes['http.response.status_code'], 200);
    assert.equal(span?.attributes['server.address'], 'localhost');
    assert.equal(span?.attributes['user_agent.original'], 'inject/1.0');
  });
});
