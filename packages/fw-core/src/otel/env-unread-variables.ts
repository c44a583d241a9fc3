/**
 * The OTEL_* variables fw reads, and a warning for every other one that is set (issue 36, item 6):
 * the SDK's configuration has many fw does not implement (logs, Zipkin, exemplars, gRPC's
 * insecure flag...) and docs/telemetry.md promises no silent fallback, so a deployment setting
 * one learns at start that it has no effect, and why. packages/fw-core/test/otel-env-walk.test.ts
 * walks the SDK's list against this.
 */

/** Every OTEL_* variable fw reads (env-config.ts, env-export-settings.ts: sampler, span limits, exports...). */
export const READ_VARIABLES: ReadonlySet<string> = new Set([
  'OTEL_SDK_DISABLED', 'OTEL_SERVICE_NAME', 'OTEL_RESOURCE_ATTRIBUTES', 'OTEL_LOG_LEVEL', 'OTEL_PROPAGATORS',
  'OTEL_TRACES_EXPORTER', 'OTEL_METRICS_EXPORTER', 'OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG',
  'OTEL_BSP_SCHEDULE_DELAY', 'OTEL_BSP_EXPORT_TIMEOUT', 'OTEL_BSP_MAX_QUEUE_SIZE', 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE',
  'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT', 'OTEL_ATTRIBUTE_COUNT_LIMIT', 'OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT', 'OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT',
  'OTEL_SPAN_EVENT_COUNT_LIMIT', 'OTEL_SPAN_LINK_COUNT_LIMIT', 'OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT', 'OTEL_LINK_ATTRIBUTE_COUNT_LIMIT',
  'OTEL_METRIC_EXPORT_INTERVAL', 'OTEL_METRIC_EXPORT_TIMEOUT', 'OTEL_EXPORTER_PROMETHEUS_HOST',
  'OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS', 'OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE',
  ...['', 'TRACES_', 'METRICS_'].flatMap((signal) =>
    ['ENDPOINT', 'HEADERS', 'TIMEOUT', 'COMPRESSION', 'PROTOCOL', 'CERTIFICATE', 'CLIENT_CERTIFICATE', 'CLIENT_KEY'].map((part) => `OTEL_EXPORTER_OTLP_${signal}${part}`),
  ),
]);

/** Why fw does not read a variable it knows, for the warning. */
const NOT_READ_BECAUSE: Readonly<Record<string, string>> = {
  OTEL_EXPORTER_PROMETHEUS_PORT: "fw's /metrics listener takes setupTelemetry's metricsPort",
  OTEL_METRICS_EXEMPLAR_FILTER: 'fw records no exemplars',
  OTEL_EXPORTER_OTLP_METRICS_DEFAULT_HISTOGRAM_AGGREGATION: 'fw exports explicit-bucket histograms only',
  OTEL_LOGS_EXPORTER: 'fw exports no OpenTelemetry logs (its log is JSON lines on stdout)',
  OTEL_EXPORTER_ZIPKIN_ENDPOINT: 'fw exports OTLP only',
  OTEL_EXPORTER_ZIPKIN_TIMEOUT: 'fw exports OTLP only',
  OTEL_NODE_RESOURCE_DETECTORS: "NodeSDK's; fw builds its resource from OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES",
  OTEL_NODE_ENABLED_INSTRUMENTATIONS: "NodeSDK's; fw instruments its own server and registers no other instrumentation",
  OTEL_NODE_DISABLED_INSTRUMENTATIONS: "NodeSDK's; fw instruments its own server and registers no other instrumentation",
  OTEL_SEMCONV_STABILITY_OPT_IN: "fw's spans and metrics follow the stable HTTP conventions already",
  OTEL_CONFIG_FILE: 'fw reads no declarative configuration file',
  ...Object.fromEntries(['', 'TRACES_', 'METRICS_'].map((signal) => [`OTEL_EXPORTER_OTLP_${signal}INSECURE`, "only gRPC exporters read it; fw's HTTP exports use TLS when the endpoint is https:"])),
};

/** A warning for each OTEL_* variable set in `env` that fw does not read. */
export function unreadVariableWarnings(env: NodeJS.ProcessEnv, warnings: string[]): void {
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('OTEL_') || READ_VARIABLES.has(name) || value === undefined || value.trim() === '') continue;
    const because = NOT_READ_BECAUSE[name] ?? (/^OTEL_(EXPORTER_OTLP_LOGS_|BLRP_|LOGRECORD_)/.test(name) ? 'fw exports no OpenTelemetry logs' : name.startsWith('OTEL_EXPORTER_JAEGER_') ? 'fw exports OTLP only' : 'fw does not support it');
    warnings.push(`${name} is set but fw does not read it (${because}): it has no effect`);
  }
}
