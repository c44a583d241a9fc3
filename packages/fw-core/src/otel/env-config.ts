/**
 * Reads the standard `OTEL_*` environment variables (OpenTelemetry SDK configuration,
 * https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/) from the
 * `env` setupTelemetry was given, once, at start, with fw's three variables of its own,
 * FW_OTEL_REDACT_QUERY_PARAMETERS, FW_OTEL_PATH and FW_OTEL_SPAN_NAMES. A malformed value is a
 * start-up error that names the variable, never a silent fallback; the exceptions are those the SDK itself reads as a warning
 * and a default (a boolean, the export timeouts, OTEL_LOG_LEVEL: env-export-settings.ts), warned
 * about by name, as is every OTEL_* variable fw does not read (env-unread-variables.ts).
 */
import { FwError } from '../errors.ts';
import { isHeaderName, isHeaderValue } from '../http/header-fields.ts';
import { readExportSettings, type ExportEnvSettings } from './env-export-settings.ts';
import { unreadVariableWarnings } from './env-unread-variables.ts';
import type { SpanLimits } from './lean/lean-span.ts';
import { propagatorNames, type PropagatorName } from './propagation/propagator-names.ts';

/** The methods semconv knows; any other is recorded as `_OTHER` (keeps metric cardinality bounded). */
export const DEFAULT_KNOWN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE', 'QUERY']);

/**
 * `OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS` (semconv: a comma-separated, case-sensitive list that
 * replaces the defaults, not adds to them); undefined when unset or blank.
 */
export function parseKnownMethods(value: string | undefined): ReadonlySet<string> | undefined {
  const methods = (value ?? '').split(',').map((method) => method.trim()).filter((method) => method !== '');
  return methods.length === 0 ? undefined : new Set(methods);
}

/** The spec's metrics export interval, unless OTEL_METRIC_EXPORT_INTERVAL says otherwise. */
export const EXPORT_INTERVAL_MS = 5000;

/** Default OTLP/HTTP endpoint of the traces signal. */
export const DEFAULT_TRACES_ENDPOINT = 'http://localhost:4318/v1/traces';

/** Default OTLP/HTTP endpoint of the metrics signal (used only when metrics push is asked for). */
const DEFAULT_METRICS_ENDPOINT = 'http://localhost:4318/v1/metrics';

/** The sampler names of OTEL_TRACES_SAMPLER that fw supports. */
export type SamplerName = 'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio';

const SAMPLERS: ReadonlySet<string> = new Set(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio']);

/** What the environment asks of the SDK (the export protocols, timeouts and log level: env-export-settings.ts). */
export interface EnvConfig extends ExportEnvSettings {
  readonly disabled: boolean;
  /**
   * What setupTelemetry logs as warnings: a boolean variable that is neither true nor false (read
   * as false), a timeout that is not a number (the default used), an OTEL_* variable fw does not read.
   */
  readonly warnings: readonly string[];
  readonly serviceName: string | undefined;
  readonly resourceAttributes: Readonly<Record<string, string>>;
  /** undefined when OTEL_TRACES_EXPORTER is `none`. */
  readonly tracesEndpoint: string | undefined;
  /** undefined unless an OTLP metrics endpoint is configured. */
  readonly metricsEndpoint: string | undefined;
  /** OTEL_EXPORTER_OTLP_HEADERS, then OTEL_EXPORTER_OTLP_TRACES_HEADERS over them. */
  readonly tracesHeaders: Readonly<Record<string, string>>;
  /** OTEL_EXPORTER_OTLP_HEADERS, then OTEL_EXPORTER_OTLP_METRICS_HEADERS over them. */
  readonly metricsHeaders: Readonly<Record<string, string>>;
  /** The traces export's timeout (tracesTimeoutMs), kept under its first name. */
  readonly exportTimeoutMs: number;
  readonly sampler: SamplerName;
  readonly samplerRatio: number;
  readonly batch: { readonly maxQueueSize?: number; readonly scheduledDelayMillis?: number; readonly exportTimeoutMillis?: number; readonly maxExportBatchSize?: number };
  readonly metricExportIntervalMs: number;
  /** OTEL_EXPORTER_PROMETHEUS_HOST: where the metrics listener binds, over setupTelemetry's metricsHost. */
  readonly prometheusHost: string | undefined;
  /** FW_OTEL_REDACT_QUERY_PARAMETERS: fw's own list of further `url.query` names to redact. */
  readonly redactQueryParameters: readonly string[];
  /** OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS: replaces the methods recorded as themselves (the rest are `_OTHER`). */
  readonly knownMethods: ReadonlySet<string> | undefined;
  /** OTEL_EXPORTER_OTLP_[TRACES_]CERTIFICATE, CLIENT_CERTIFICATE, CLIENT_KEY: files for an https endpoint. */
  readonly tracesTls: TlsFiles;
  readonly metricsTls: TlsFiles;
  /** OTEL_EXPORTER_OTLP_[TRACES_]COMPRESSION; undefined when neither is set. */
  readonly tracesCompression: 'gzip' | 'none' | undefined;
  /** OTEL_EXPORTER_OTLP_[METRICS_]COMPRESSION; undefined when neither is set. */
  readonly metricsCompression: 'gzip' | 'none' | undefined;
  /** OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE (default `cumulative`), for the OTLP metrics push. */
  readonly metricsTemporality: TemporalityPreference;
  /** OTEL_[SPAN_]ATTRIBUTE_*_LIMIT, OTEL_SPAN_EVENT/LINK_COUNT_LIMIT, OTEL_EVENT/LINK_ATTRIBUTE_COUNT_LIMIT. */
  readonly spanLimits: SpanLimits;
  /** FW_OTEL_PATH: `full` forces the SDK path; `auto` (default) lets telemetry-path.ts choose. */
  readonly path: 'auto' | 'full';
  /** OTEL_PROPAGATORS (propagation/propagator-names.ts): default `tracecontext,baggage`; [] for `none`. */
  readonly propagators: readonly PropagatorName[];
  /** FW_OTEL_SPAN_NAMES: `fw` or `semconv` (span-names.ts), over setupTelemetry's spanNames; undefined when unset. */
  readonly spanNames: 'fw' | 'semconv' | undefined;
}

/** The OTLP metric exporter's temporality preferences (the exporter specification's three). */
export type TemporalityPreference = 'cumulative' | 'delta' | 'lowmemory';

/** A PEM file an OTLP exporter's https agent reads, and the variable that named it. */
export interface TlsFile {
  readonly path: string;
  readonly variable: string;
}

/** The trusted root certificates (`ca`), the client certificate chain and its key. */
export interface TlsFiles {
  readonly ca?: TlsFile;
  readonly cert?: TlsFile;
  readonly key?: TlsFile;
}

/** Parses the OTEL_* variables of `env`. */
export function readEnvConfig(env: NodeJS.ProcessEnv): EnvConfig {
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const base = get('OTEL_EXPORTER_OTLP_ENDPOINT');
  const tracesExporter = exporterChoice(get, 'OTEL_TRACES_EXPORTER');
  const metricsExporter = exporterChoice(get, 'OTEL_METRICS_EXPORTER');
  const explicitMetrics = get('OTEL_EXPORTER_OTLP_METRICS_ENDPOINT');
  const headers = headerList(get, 'OTEL_EXPORTER_OTLP_HEADERS');
  const sampler = (get('OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on').toLowerCase();
  if (!SAMPLERS.has(sampler)) bad('OTEL_TRACES_SAMPLER', sampler, `one of ${[...SAMPLERS].join(', ')}`);
  const warnings: string[] = [];
  const exportSettings = readExportSettings(env, warnings);
  unreadVariableWarnings(env, warnings);
  return {
    disabled: booleanVariable(get, 'OTEL_SDK_DISABLED', warnings),
    warnings,
    ...exportSettings,
    serviceName: get('OTEL_SERVICE_NAME'),
    resourceAttributes: keyValueList(get, 'OTEL_RESOURCE_ATTRIBUTES'),
    tracesEndpoint: tracesExporter === 'none' ? undefined : endpoint(get, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', base, 'v1/traces') ?? DEFAULT_TRACES_ENDPOINT,
    metricsEndpoint:
      metricsExporter === 'none' || (explicitMetrics === undefined && base === undefined && metricsExporter !== 'otlp')
        ? undefined
        : endpoint(get, 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT', base, 'v1/metrics') ?? DEFAULT_METRICS_ENDPOINT,
    tracesHeaders: { ...headers, ...headerList(get, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS') },
    metricsHeaders: { ...headers, ...headerList(get, 'OTEL_EXPORTER_OTLP_METRICS_HEADERS') },
    exportTimeoutMs: exportSettings.tracesTimeoutMs,
    sampler: sampler as SamplerName,
    samplerRatio: ratio(get, sampler),
    batch: {
      ...optional('maxQueueSize', integer(get, 'OTEL_BSP_MAX_QUEUE_SIZE', 1)),
      ...optional('scheduledDelayMillis', integer(get, 'OTEL_BSP_SCHEDULE_DELAY', 0)),
      ...optional('exportTimeoutMillis', integer(get, 'OTEL_BSP_EXPORT_TIMEOUT', 1)),
      ...optional('maxExportBatchSize', integer(get, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 1)),
    },
    metricExportIntervalMs: integer(get, 'OTEL_METRIC_EXPORT_INTERVAL', 1) ?? EXPORT_INTERVAL_MS,
    prometheusHost: get('OTEL_EXPORTER_PROMETHEUS_HOST'),
    knownMethods: parseKnownMethods(get('OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS')),
    // Not an OpenTelemetry variable (none exists for this), hence fw's own FW_ prefix.
    redactQueryParameters: (get('FW_OTEL_REDACT_QUERY_PARAMETERS') ?? '').split(',').map((name) => name.trim()).filter((name) => name !== ''),
    tracesTls: tlsFiles(get, 'TRACES'),
    metricsTls: tlsFiles(get, 'METRICS'),
    tracesCompression: compression(get, 'OTEL_EXPORTER_OTLP_TRACES_COMPRESSION') ?? compression(get, 'OTEL_EXPORTER_OTLP_COMPRESSION'),
    metricsCompression: compression(get, 'OTEL_EXPORTER_OTLP_METRICS_COMPRESSION') ?? compression(get, 'OTEL_EXPORTER_OTLP_COMPRESSION'),
    metricsTemporality: temporalityPreference(get),
    spanLimits: spanLimits(get),
    path: telemetryPath(get),
    propagators: propagatorNames(get('OTEL_PROPAGATORS')),
    spanNames: spanNames(get),
  };
}

/**
 * The span limits as the specification names them: a span's own variable first, then the general
 * attribute one (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/#span-limits).
 */
function spanLimits(get: Get): SpanLimits {
  const count = integer(get, 'OTEL_ATTRIBUTE_COUNT_LIMIT', 0);
  const length = integer(get, 'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT', 0);
  return {
    attributeCountLimit: integer(get, 'OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT', 0) ?? count ?? 128,
    attributeValueLengthLimit: integer(get, 'OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT', 0) ?? length ?? Infinity,
    eventCountLimit: integer(get, 'OTEL_SPAN_EVENT_COUNT_LIMIT', 0) ?? 128,
    linkCountLimit: integer(get, 'OTEL_SPAN_LINK_COUNT_LIMIT', 0) ?? 128,
    attributePerEventCountLimit: integer(get, 'OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT', 0) ?? 128,
    attributePerLinkCountLimit: integer(get, 'OTEL_LINK_ATTRIBUTE_COUNT_LIMIT', 0) ?? 128,
  };
}

function compression(get: Get, name: string): 'gzip' | 'none' | undefined {
  const value = get(name)?.toLowerCase();
  if (value === undefined || value === 'gzip' || value === 'none') return value;
  return bad(name, value, "'gzip' or 'none'");
}

function temporalityPreference(get: Get): TemporalityPreference {
  const value = get('OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE')?.toLowerCase() ?? 'cumulative';
  if (value === 'cumulative' || value === 'delta' || value === 'lowmemory') return value;
  return bad('OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE', value, "'cumulative', 'delta' or 'lowmemory'");
}

function telemetryPath(get: Get): 'auto' | 'full' {
  const value = get('FW_OTEL_PATH')?.toLowerCase() ?? 'auto';
  if (value === 'auto' || value === 'full') return value;
  return bad('FW_OTEL_PATH', value, "'auto' or 'full'");
}

function spanNames(get: Get): 'fw' | 'semconv' | undefined {
  const value = get('FW_OTEL_SPAN_NAMES')?.toLowerCase();
  if (value === undefined || value === 'fw' || value === 'semconv') return value;
  return bad('FW_OTEL_SPAN_NAMES', value, "'fw' or 'semconv'");
}

type Get = (name: string) => string | undefined;

/**
 * A boolean variable, as the OpenTelemetry specification reads one: `true` or `false` in any
 * case; unset or empty is false; anything else is false with a warning naming it, never an
 * error, since the specification says a typo must not stop the process
 * (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/#boolean).
 * `OTEL_SDK_DISABLED=ture` left telemetry on without a word (issue 35, item 9).
 */
function booleanVariable(get: Get, name: string, warnings: string[]): boolean {
  const value = get(name);
  const lower = value?.toLowerCase();
  if (lower === undefined || lower === 'false') return false;
  if (lower === 'true') return true;
  warnings.push(`${name}=${JSON.stringify(value)} is neither true nor false: read as false`);
  return false;
}

function bad(name: string, value: string, expected: string): never {
  throw new FwError('FW_ERR_OTEL_BAD_ENV', `${name}=${JSON.stringify(value)} is not valid: expected ${expected}`, { details: { name, value } });
}

function exporterChoice(get: Get, name: string): 'otlp' | 'none' | undefined {
  const value = get(name)?.toLowerCase();
  if (value === undefined || value === 'otlp' || value === 'none') return value;
  return bad(name, value, "'otlp' or 'none' (fw exports OTLP over HTTP only)");
}

/** The signal's endpoint: its own variable as given, else the base with the signal path appended. */
function endpoint(get: Get, name: string, base: string | undefined, path: string): string | undefined {
  const own = get(name);
  const url = own ?? (base === undefined ? undefined : `${base.endsWith('/') ? base : `${base}/`}${path}`);
  if (url === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    bad(own === undefined ? 'OTEL_EXPORTER_OTLP_ENDPOINT' : name, own ?? base ?? url, 'an http:// or https:// URL');
  }
  return url;
}

/** `key=value,key2=value2` with percent-encoded keys and values (W3C Baggage octets). */
function keyValueList(get: Get, name: string, shown: (raw: string) => string = (raw) => raw): Record<string, string> {
  const raw = get(name);
  const out: Record<string, string> = {};
  if (raw === undefined) return out;
  for (const pair of raw.split(',')) {
    if (pair.trim() === '') continue;
    const eq = pair.indexOf('=');
    if (eq <= 0) bad(name, shown(raw), 'comma-separated key=value pairs');
    try {
      out[decodeURIComponent(pair.slice(0, eq).trim())] = decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      bad(name, shown(raw), 'percent-encoding that decodes to UTF-8');
    }
  }
  return out;
}

/**
 * A headers variable: its pairs must be sendable as they are (a name that is an HTTP token, a
 * value without control characters), so a percent-encoded line break cannot add a header line
 * to an export's request. Header values are credentials more often than not: an error shows the
 * names only.
 */
function headerList(get: Get, name: string): Record<string, string> {
  const headers = keyValueList(get, name, withoutValues);
  for (const [key, value] of Object.entries(headers)) {
    if (!isHeaderName(key) || !isHeaderValue(value)) bad(name, withoutValues(get(name)!), 'header names that are HTTP tokens and values without control characters (after percent-decoding)');
  }
  return headers;
}

/** A key=value list with every value replaced by `…`; a pair without `=` shows as `…` whole. */
function withoutValues(raw: string): string {
  return raw
    .split(',')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq > 0) return `${pair.slice(0, eq)}=…`;
      return pair.trim() === '' ? pair : '…';
    })
    .join(',');
}

/** The variables naming a signal's TLS files, its own first (as the OTLP exporters read them). */
const TLS_VARIABLES = {
  TRACES: {
    ca: ['OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE', 'OTEL_EXPORTER_OTLP_CERTIFICATE'],
    cert: ['OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE', 'OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE'],
    key: ['OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY', 'OTEL_EXPORTER_OTLP_CLIENT_KEY'],
  },
  METRICS: {
    ca: ['OTEL_EXPORTER_OTLP_METRICS_CERTIFICATE', 'OTEL_EXPORTER_OTLP_CERTIFICATE'],
    cert: ['OTEL_EXPORTER_OTLP_METRICS_CLIENT_CERTIFICATE', 'OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE'],
    key: ['OTEL_EXPORTER_OTLP_METRICS_CLIENT_KEY', 'OTEL_EXPORTER_OTLP_CLIENT_KEY'],
  },
} as const;

function tlsFiles(get: Get, signal: keyof typeof TLS_VARIABLES): TlsFiles {
  const files: { -readonly [K in keyof TlsFiles]: TlsFile } = {};
  for (const [part, variables] of Object.entries(TLS_VARIABLES[signal]) as [keyof TlsFiles, readonly string[]][]) {
    const variable = variables.find((name) => get(name) !== undefined);
    if (variable !== undefined) files[part] = { path: get(variable)!, variable };
  }
  return files;
}

function integer(get: Get, name: string, min: number): number | undefined {
  const raw = get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) bad(name, raw, `an integer >= ${min}`);
  return value;
}

function ratio(get: Get, sampler: string): number {
  const raw = get('OTEL_TRACES_SAMPLER_ARG');
  if (raw === undefined || !sampler.endsWith('traceidratio')) return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) bad('OTEL_TRACES_SAMPLER_ARG', raw, 'a number between 0 and 1');
  return value;
}

function optional<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}
