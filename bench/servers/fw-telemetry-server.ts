/**
 * fw serving GET /api/posts/:id like bench/servers/fw-server.ts, with telemetry on as the blog
 * has it: otel_fw_stream_h before fw_stream_h, otel_fw_plugin, setupTelemetry exporting spans
 * over OTLP/HTTP protobuf to OTEL_EXPORTER_OTLP_ENDPOINT (the bench's sink), metrics recorded;
 * the bench's flush request is telemetry.forceFlush().
 */
import { otelFwPlugin, otelStreamHandler, setupTelemetry } from '../../packages/fw-core/src/otel/index.ts';
import { servePostsApp } from './serve-posts-app.ts';

const telemetry = await setupTelemetry({ serviceName: 'fw-bench', env: process.env });
await servePostsApp({ plugins: [otelFwPlugin], streamHandlers: [otelStreamHandler], flush: () => telemetry.forceFlush() });
