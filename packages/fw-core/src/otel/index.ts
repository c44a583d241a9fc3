/**
 * fw-core/otel: fw's telemetry entry point (spec: Events). Needs the OpenTelemetry packages
 * listed as optional peer dependencies of fw-core; fw-core's main entry never imports them.
 * This file only re-exports; see docs/telemetry.md.
 */
export { setupTelemetry } from './setup-telemetry.ts';
export type { Telemetry, TelemetryOptions } from './telemetry.ts';
export { otelStreamHandler, OTEL_STREAM_HANDLER_NAME } from './otel-stream-handler.ts';
export { otelFwPlugin, OTEL_PLUGIN_NAME } from './otel-fw-plugin.ts';
export { createHttpServerMetrics, DURATION_BUCKETS, BODY_SIZE_BUCKETS } from './http-metrics.ts';
export type { HttpServerMetrics } from './http-metrics.ts';
export { serializePrometheus, PROMETHEUS_CONTENT_TYPE } from './prometheus-serializer.ts';
export { metricName, labelName, unitSuffix } from './prometheus-names.ts';
export { readEnvConfig, DEFAULT_TRACES_ENDPOINT, EXPORT_INTERVAL_MS } from './env-config.ts';
export type { EnvConfig, SamplerName } from './env-config.ts';
