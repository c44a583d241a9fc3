/**
 * The OTEL_* variables of the OTLP exports' wire and time limits, and of the diagnostic log
 * (issue 36, item 6), read as the JavaScript SDK reads them: OTEL_EXPORTER_OTLP_[TRACES_|METRICS_]PROTOCOL
 * (`http/protobuf` default, `http/json`; `grpc` is refused with FW_ERR_OTEL_UNSUPPORTED_PROTOCOL, as
 * fw sends OTLP over HTTP only), OTEL_EXPORTER_OTLP_[TRACES_|METRICS_]TIMEOUT and
 * OTEL_METRIC_EXPORT_TIMEOUT (a value that is not a number above 0 is a warning and the default, as
 * @opentelemetry/otlp-exporter-base and core's getNumberFromEnv do), OTEL_LOG_LEVEL (the SDK's level
 * names, case-insensitive; an unknown one is a warning and INFO, as core's diagLogLevelFromString
 * does). Every other OTEL_* variable that is set and that fw does not read gets a warning naming it:
 * none is ignored silently.
 */
import { FwError } from '../errors.ts';

/** The OTLP/HTTP encodings fw sends. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';

/** OTEL_LOG_LEVEL's names (the API's DiagLogLevel). */
export type DiagLevelName = 'NONE' | 'ERROR' | 'WARN' | 'INFO' | 'DEBUG' | 'VERBOSE' | 'ALL';

/** What these variables ask for. */
export interface ExportEnvSettings {
  readonly tracesProtocol: OtlpProtocol;
  readonly metricsProtocol: OtlpProtocol;
  /** OTEL_EXPORTER_OTLP_TRACES_TIMEOUT, else OTEL_EXPORTER_OTLP_TIMEOUT, else 10000. */
  readonly tracesTimeoutMs: number;
  /** OTEL_EXPORTER_OTLP_METRICS_TIMEOUT, else OTEL_EXPORTER_OTLP_TIMEOUT, else 10000. */
  readonly metricsTimeoutMs: number;
  /** OTEL_METRIC_EXPORT_TIMEOUT (the periodic reader's limit on one export), else 30000. */
  readonly metricExportTimeoutMs: number;
  /** OTEL_LOG_LEVEL; undefined when unset (fw then registers no diag logger). */
  readonly logLevel: DiagLevelName | undefined;
}

/** The SDK's OTLP export timeout. */
export const DEFAULT_EXPORT_TIMEOUT_MS = 10_000;
/** The specification's OTEL_METRIC_EXPORT_TIMEOUT default. */
const DEFAULT_METRIC_EXPORT_TIMEOUT_MS = 30_000;

const LEVELS: ReadonlySet<string> = new Set(['NONE', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'VERBOSE', 'ALL']);

type Get = (name: string) => string | undefined;

/** Reads the variables; pushes a warning for each malformed timeout or unknown level. */
export function readExportSettings(get: Get, warnings: string[]): ExportEnvSettings {
  const generic = timeout(get, 'OTEL_EXPORTER_OTLP_TIMEOUT', warnings);
  return {
    tracesProtocol: protocol(get, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? protocol(get, 'OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf',
    metricsProtocol: protocol(get, 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL') ?? protocol(get, 'OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf',
    tracesTimeoutMs: timeout(get, 'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT', warnings) ?? generic ?? DEFAULT_EXPORT_TIMEOUT_MS,
    metricsTimeoutMs: timeout(get, 'OTEL_EXPORTER_OTLP_METRICS_TIMEOUT', warnings) ?? generic ?? DEFAULT_EXPORT_TIMEOUT_MS,
    metricExportTimeoutMs: timeout(get, 'OTEL_METRIC_EXPORT_TIMEOUT', warnings) ?? DEFAULT_METRIC_EXPORT_TIMEOUT_MS,
    logLevel: logLevel(get, warnings),
  };
}

function protocol(get: Get, name: string): OtlpProtocol | undefined {
  const value = get(name)?.toLowerCase();
  if (value === undefined || value === 'http/protobuf' || value === 'http/json') return value;
  if (value === 'grpc') {
    throw new FwError('FW_ERR_OTEL_UNSUPPORTED_PROTOCOL', `${name}=grpc is not supported: fw exports OTLP over HTTP only; set it to http/protobuf (the default) or http/json, or point it at a collector's OTLP/HTTP port (4318)`, { details: { name, value } });
  }
  throw new FwError('FW_ERR_OTEL_BAD_ENV', `${name}=${JSON.stringify(value)} is not valid: expected 'http/protobuf' or 'http/json'`, { details: { name, value } });
}

/** A timeout in ms: a number above 0, else a warning and undefined (the next variable or the default). */
function timeout(get: Get, name: string, warnings: string[]): number | undefined {
  const raw = get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (Number.isFinite(value) && value > 0) return value;
  warnings.push(`${name}=${JSON.stringify(raw)} is not a number of milliseconds above 0: the default is used`);
  return undefined;
}

function logLevel(get: Get, warnings: string[]): DiagLevelName | undefined {
  const raw = get('OTEL_LOG_LEVEL');
  if (raw === undefined) return undefined;
  const value = raw.toUpperCase();
  if (LEVELS.has(value)) return value as DiagLevelName;
  warnings.push(`OTEL_LOG_LEVEL=${JSON.stringify(raw)} is not one of ${[...LEVELS].join(', ')}: INFO is used`);
  return 'INFO';
}

/** Every OTEL_* variable fw reads (env-config.ts, env-export-settings.ts, sampler and span limits). */
export const READ_VARIABLES: ReadonlySet<string> = new Set([
  'OTEL_SDK_DISABLED', 'OTEL_SERVICE_NAME', 'OTEL_RESOURCE_ATTRIBUTES', 'OTEL_LOG_LEVEL',
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
  OTEL_PROPAGATORS: 'fw registers the W3C trace-context and baggage propagators',
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
