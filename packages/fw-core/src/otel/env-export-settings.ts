/**
 * The OTEL_* variables of the OTLP exports' wire and time limits, and of the diagnostic log
 * (issue 36, item 6), read as the JavaScript SDK reads them: OTEL_EXPORTER_OTLP_[TRACES_|METRICS_]PROTOCOL
 * (`http/protobuf` default, `http/json`; `grpc` is refused with FW_ERR_OTEL_UNSUPPORTED_PROTOCOL, as
 * fw sends OTLP over HTTP only), OTEL_EXPORTER_OTLP_[TRACES_|METRICS_]TIMEOUT and
 * OTEL_METRIC_EXPORT_TIMEOUT (a value that is not a number above 0 is a warning and the default, as
 * @opentelemetry/otlp-exporter-base and core's getNumberFromEnv do), OTEL_LOG_LEVEL (the SDK's level
 * names, case-insensitive; an unknown one is a warning and INFO, as core's diagLogLevelFromString
 * does). An OTEL_* variable fw does not read is warned about (env-unread-variables.ts).
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

/** Reads the variables of `env`; pushes a warning for each malformed timeout or unknown level. */
export function readExportSettings(env: NodeJS.ProcessEnv, warnings: string[]): ExportEnvSettings {
  const get: Get = (name) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
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
