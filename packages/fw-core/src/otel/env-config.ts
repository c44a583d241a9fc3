/**
 * The standard `OTEL_*` environment variables
 * (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/) and fw's
 * FW_OTEL_REDACT_QUERY_PARAMETERS, FW_OTEL_PATH and FW_OTEL_SPAN_NAMES, read once at start from
 * the `env` setupTelemetry was given. A malformed value is a start-up error naming the variable;
 * where the SDK itself warns and takes the default (a boolean, the export timeouts,
 * OTEL_LOG_LEVEL), fw warns by name too, as it does for every OTEL_* variable it does not read.
 * `grpc` is refused with FW_ERR_OTEL_UNSUPPORTED_PROTOCOL: fw sends OTLP over HTTP only.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { closestKey } from '../closest-key.ts';
import { MAX_TIMER_MS } from '../config/validate-config.ts';
import { FwError } from '../errors.ts';
import { isHeaderName, isHeaderValue } from '../http/header-fields.ts';
import type { TracePipelineOptions } from './telemetry.ts';

/** The methods semconv knows; any other is recorded as `_OTHER` (keeps metric cardinality bounded). */
export const DEFAULT_KNOWN_METHODS: ReadonlySet<string> = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
  'QUERY',
]);

/** `OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS`: a comma-separated, case-sensitive list replacing the defaults; undefined when blank. */
export function parseKnownMethods(value: string | undefined): ReadonlySet<string> | undefined {
  const methods = names(value);
  return methods.length === 0 ? undefined : new Set(methods);
}

/** The service spec's `export_interval_ms` (OpenTelemetry's default is 60000), unless OTEL_METRIC_EXPORT_INTERVAL or else exportIntervalMs says otherwise. */
export const EXPORT_INTERVAL_MS = 5000;
/** The default OTLP/HTTP endpoints (metrics only when a metrics push is asked for). */
export const DEFAULT_TRACES_ENDPOINT = 'http://localhost:4318/v1/traces';
const DEFAULT_METRICS_ENDPOINT = 'http://localhost:4318/v1/metrics';
/** The SDK's OTLP export timeout. */
const DEFAULT_EXPORT_TIMEOUT_MS = 10_000;

const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
/** The sampler names of OTEL_TRACES_SAMPLER that fw supports. */
export type SamplerName = (typeof SAMPLERS)[number];

/** The OTLP/HTTP encodings fw sends. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';

const LEVELS = ['NONE', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'VERBOSE', 'ALL'] as const;
/** OTEL_LOG_LEVEL's names (the API's DiagLogLevel). */
type DiagLevelName = (typeof LEVELS)[number];

/** The OpenTelemetry span limits (the SDK's defaults: 128 each, no value length limit). */
export type SpanLimits = Readonly<ReturnType<typeof spanLimits>>;

/** What the environment asks of the SDK. */
export type EnvConfig = Readonly<ReturnType<typeof readEnvConfig>>;

/** The OTLP metric exporter's temporality preferences (the exporter specification's three). */
export type TemporalityPreference = 'cumulative' | 'delta' | 'lowmemory';

type TlsPart = 'ca' | 'cert' | 'key';

/** An https exporter's PEM files (trusted roots, client chain, client key) and the variables naming them. */
export type TlsFiles = { readonly [P in TlsPart]?: { readonly path: string; readonly variable: string } };

/** Parses the OTEL_* variables of `env`. */
export function readEnvConfig(env: NodeJS.ProcessEnv) {
  const get: Get = (name) => env[name]?.trim() || undefined;
  const base = get('OTEL_EXPORTER_OTLP_ENDPOINT');
  const tracesExporter = oneOf(get, 'OTEL_TRACES_EXPORTER', ['otlp', 'none'], OTLP_ONLY);
  const metricsExporter = oneOf(get, 'OTEL_METRICS_EXPORTER', ['otlp', 'none'], OTLP_ONLY);
  const explicitMetrics = get('OTEL_EXPORTER_OTLP_METRICS_ENDPOINT');
  const headers = headerList(get, 'OTEL_EXPORTER_OTLP_HEADERS');
  const sampler = (get('OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on').toLowerCase() as SamplerName;
  if (!SAMPLERS.includes(sampler)) bad('OTEL_TRACES_SAMPLER', sampler, `one of ${SAMPLERS.join(', ')}`);
  // For setupTelemetry to log: a bad boolean or timeout, an OTEL_* variable fw does not read.
  const warnings: string[] = [];
  const generic = timeout(get, 'OTEL_EXPORTER_OTLP_TIMEOUT', warnings);
  // The variable of both signals, read only for a signal whose own is unset.
  const anyProtocol = (): OtlpProtocol => protocol(get, 'OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf';
  const anyCompression = () => oneOf(get, 'OTEL_EXPORTER_OTLP_COMPRESSION', COMPRESSIONS);
  const exportSettings = {
    tracesProtocol: protocol(get, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? anyProtocol(),
    metricsProtocol: protocol(get, 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL') ?? anyProtocol(),
    tracesTimeoutMs:
      timeout(get, 'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT', warnings) ?? generic ?? DEFAULT_EXPORT_TIMEOUT_MS,
    metricsTimeoutMs:
      timeout(get, 'OTEL_EXPORTER_OTLP_METRICS_TIMEOUT', warnings) ?? generic ?? DEFAULT_EXPORT_TIMEOUT_MS,
    // The periodic reader's limit on one export.
    metricExportTimeoutMs: timeout(get, 'OTEL_METRIC_EXPORT_TIMEOUT', warnings) ?? 30_000,
    // Undefined when unset: fw then registers no diag logger.
    logLevel: logLevel(get, warnings),
  };
  unreadVariableWarnings(env, warnings);
  return {
    disabled: booleanVariable(get, 'OTEL_SDK_DISABLED', warnings),
    warnings,
    ...exportSettings,
    serviceName: get('OTEL_SERVICE_NAME') && env.OTEL_SERVICE_NAME, // as the SDK's detector: not trimmed
    resourceAttributes: keyValueList(get, 'OTEL_RESOURCE_ATTRIBUTES', false),
    tracesEndpoint:
      tracesExporter === 'none'
        ? undefined
        : (endpoint(get, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', base, 'v1/traces') ?? DEFAULT_TRACES_ENDPOINT),
    // Undefined unless an OTLP metrics endpoint is configured.
    metricsEndpoint:
      metricsExporter === 'none' || (explicitMetrics === undefined && base === undefined && metricsExporter !== 'otlp')
        ? undefined
        : (endpoint(get, 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT', base, 'v1/metrics') ?? DEFAULT_METRICS_ENDPOINT),
    tracesHeaders: { ...headers, ...headerList(get, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS') },
    metricsHeaders: { ...headers, ...headerList(get, 'OTEL_EXPORTER_OTLP_METRICS_HEADERS') },
    sampler,
    samplerRatio: ratio(get, sampler, warnings),
    batch: Object.fromEntries(
      Object.entries(BATCH_VARIABLES)
        .map(([key, [name, min, max]]) => [key, integer(get, name, min, max)])
        .filter(([, value]) => value !== undefined),
    ) as { [K in keyof typeof BATCH_VARIABLES]?: number },
    metricExportIntervalMs: integer(get, 'OTEL_METRIC_EXPORT_INTERVAL', 1, MAX_TIMER_MS),
    // Where the metrics listener binds, over setupTelemetry's metricsHost.
    prometheusHost: get('OTEL_EXPORTER_PROMETHEUS_HOST'),
    knownMethods: parseKnownMethods(get('OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS')),
    // Further `url.query` names to redact: no OpenTelemetry variable exists for this, hence fw's FW_ prefix.
    redactQueryParameters: names(get('FW_OTEL_REDACT_QUERY_PARAMETERS')),
    tracesTls: tlsFiles(get, 'TRACES'),
    metricsTls: tlsFiles(get, 'METRICS'),
    tracesCompression: oneOf(get, 'OTEL_EXPORTER_OTLP_TRACES_COMPRESSION', COMPRESSIONS) ?? anyCompression(),
    metricsCompression: oneOf(get, 'OTEL_EXPORTER_OTLP_METRICS_COMPRESSION', COMPRESSIONS) ?? anyCompression(),
    metricsTemporality:
      oneOf(get, 'OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE', ['cumulative', 'delta', 'lowmemory']) ??
      'cumulative',
    spanLimits: spanLimits(get, warnings),
    // `full` forces the SDK path; `auto` lets setup choose.
    path: oneOf(get, 'FW_OTEL_PATH', ['auto', 'full']) ?? 'auto',
    propagators: propagatorNames(get('OTEL_PROPAGATORS')),
    propagatorsVariable: get('OTEL_PROPAGATORS'),
    // Over setupTelemetry's spanNames.
    spanNames: oneOf(get, 'FW_OTEL_SPAN_NAMES', ['fw', 'semconv']),
  };
}

/**
 * The span limits as the specification names them: a span's own variable first, then the general
 * attribute one (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/#span-limits).
 */
function spanLimits(get: Get, warnings: string[]) {
  const count = integer(get, 'OTEL_ATTRIBUTE_COUNT_LIMIT', 0);
  const length =
    integer(get, 'OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT', 0) ?? integer(get, 'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT', 0);
  if (length === 0)
    warnings.push(
      'a span attribute value length limit of 0 is not a length: no limit is used, as the SDK ignores it at each value',
    );
  return {
    attributeCountLimit: integer(get, 'OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT', 0) ?? count ?? 128,
    attributeValueLengthLimit: length || Infinity,
    eventCountLimit: integer(get, 'OTEL_SPAN_EVENT_COUNT_LIMIT', 0) ?? 128,
    linkCountLimit: integer(get, 'OTEL_SPAN_LINK_COUNT_LIMIT', 0) ?? 128,
    attributePerEventCountLimit: integer(get, 'OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT', 0) ?? 128,
    attributePerLinkCountLimit: integer(get, 'OTEL_LINK_ATTRIBUTE_COUNT_LIMIT', 0) ?? 128,
  };
}

/** The batch processor's settings: each OTEL_BSP_* variable and its range, which setupTelemetry's `batch` keys are held to as well (a delay past a timer's limit fires after 1 ms). */
export const BATCH_VARIABLES = {
  maxQueueSize: ['OTEL_BSP_MAX_QUEUE_SIZE', 1, Infinity],
  maxExportBatchSize: ['OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 1, Infinity],
  scheduledDelayMillis: ['OTEL_BSP_SCHEDULE_DELAY', 0, MAX_TIMER_MS],
  exportTimeoutMillis: ['OTEL_BSP_EXPORT_TIMEOUT', 1, MAX_TIMER_MS],
} as const;

const COMPRESSIONS = ['gzip', 'none'] as const;
const OTLP_ONLY = ' (fw exports OTLP over HTTP only)';

/** A variable that names one of `values` (in any case); `because` follows the list in the error. */
function oneOf<T extends string>(get: Get, name: string, values: readonly T[], because = ''): T | undefined {
  const value = get(name)?.toLowerCase();
  if (value === undefined || (values as readonly string[]).includes(value)) return value as T | undefined;
  const quoted = values.map((one) => `'${one}'`);
  return bad(name, value, `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)!}${because}`);
}

/** Reads a variable of readEnvConfig's `env`, trimmed; blank is unset. */
type Get = (name: string) => string | undefined;

/** The non-blank names of a comma-separated list, trimmed. */
function names(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * A boolean variable as the specification reads one: `true` or `false` in any case; unset or empty
 * is false; anything else is false with a warning, since a typo must not stop the process
 * (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/#boolean).
 */
function booleanVariable(get: Get, name: string, warnings: string[]): boolean {
  const value = get(name);
  if (value !== undefined && !/^(true|false)$/i.test(value))
    warnings.push(`${name}=${JSON.stringify(value)} is neither true nor false: read as false (write true or false)`);
  return value?.toLowerCase() === 'true';
}

function bad(name: string, value: string, expected: string): never {
  throw new FwError('FW_ERR_OTEL_BAD_ENV', `${name}=${JSON.stringify(value)} is not valid: expected ${expected}`, {
    details: { name, value },
  });
}

/**
 * The signal's endpoint: its own variable as given, else the base with the signal path appended. No exporter sends a
 * URL's user:password@ (the SDK's neither), and a #fragment, or a ?query on the base, would swallow the signal path:
 * refused, the password never printed.
 */
function endpoint(get: Get, name: string, base: string | undefined, path: string): string | undefined {
  const own = get(name);
  const url = own ?? (base === undefined ? undefined : `${base.endsWith('/') ? base : `${base}/`}${path}`);
  if (url === undefined) return undefined;
  const parsed = URL.parse(url);
  const wrong =
    parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:'
      ? 'an http:// or https:// URL'
      : parsed.username !== '' || parsed.password !== ''
        ? 'a URL without user:password@ (put credentials in OTEL_EXPORTER_OTLP_HEADERS)'
        : parsed.hash !== '' || (own === undefined && parsed.search !== '')
          ? 'a URL without a #fragment, nor a ?query on the base endpoint (the signal path goes after it)'
          : undefined;
  if (wrong !== undefined)
    bad(
      own === undefined ? 'OTEL_EXPORTER_OTLP_ENDPOINT' : name,
      (own ?? base ?? url).replace(/\/\/[^/@]*@/, '//***@'),
      wrong,
    );
  return url;
}

/**
 * `key=value,…`, each key and value trimmed and percent-decoded. A headers variable is shown in an error without its
 * values (headerList says why); OTEL_RESOURCE_ATTRIBUTES is read as the SDK's detector does, refusing what makes it
 * discard the variable: not one `=` a pair, an empty key, over 255 characters.
 */
function keyValueList(get: Get, name: string, headers: boolean): Record<string, string> {
  const strict = !headers;
  const shown = headers ? withoutValues : (raw: string): string => raw;
  const raw = get(name);
  const out: Record<string, string> = {};
  if (raw === undefined) return out;
  const decode = (part: string): string => {
    try {
      return decodeURIComponent(part.trim());
    } catch {
      return bad(name, shown(raw), 'percent-encoding that decodes to UTF-8');
    }
  };
  for (const pair of raw.split(',')) {
    if (pair.trim() === '') continue;
    const [key = '', ...values] = pair.split('=');
    if (values.length === 0 || key.trim() === '' || (strict && values.length > 1)) {
      bad(
        name,
        shown(raw),
        strict
          ? 'comma-separated key=value pairs, `,` and `=` in a key or value percent-encoded (%2C, %3D)'
          : 'comma-separated key=value pairs',
      );
    }
    const [decodedKey, value] = [decode(key), decode(values.join('='))];
    if (strict && Math.max(decodedKey.length, value.length) > 255)
      bad(name, raw, 'keys and values of at most 255 characters once percent-decoded');
    out[decodedKey] = value;
  }
  return out;
}

/**
 * A headers variable: its pairs must be sendable as they are (a name that is an HTTP token, a
 * value without control characters), so a percent-encoded line break cannot add a header line
 * to an export's request. Header values are credentials more often than not: an error shows the
 * names only. Names are lowercased, as HTTP compares them: a later one wins, in this variable or a
 * signal's own over the shared one (`Authorization` then `authorization`), as node's setHeader has it for the SDK.
 */
function headerList(get: Get, name: string): Record<string, string> {
  const headers = keyValueList(get, name, true);
  for (const [key, value] of Object.entries(headers)) {
    if (!isHeaderName(key) || !isHeaderValue(value))
      bad(
        name,
        withoutValues(get(name)!),
        'header names that are HTTP tokens and values of Latin-1 characters (up to U+00FF) but control characters, after percent-decoding',
      );
  }
  return Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
}

/** A key=value list with every value replaced by `…`; a pair without `=` shows as `…` whole. */
function withoutValues(raw: string): string {
  return raw.replace(/[^,]+/g, (pair) => {
    const key = /^[^=]+=/.exec(pair)?.[0];
    return key !== undefined ? `${key}…` : pair.trim() === '' ? pair : '…';
  });
}

/** A signal's TLS files: its own variable, else the general one (as the OTLP exporters read them). */
function tlsFiles(get: Get, signal: 'TRACES' | 'METRICS'): TlsFiles {
  const files: { [P in TlsPart]?: { path: string; variable: string } } = {};
  for (const [part, variables] of Object.entries(TLS_VARIABLES[signal]) as [TlsPart, readonly string[]][]) {
    const variable = variables.find((candidate) => get(candidate) !== undefined);
    if (variable !== undefined) files[part] = { path: get(variable)!, variable };
  }
  return files;
}

/** Each TLS file's variables, the signal's own first (names in full: tests/docs-env-variables.test.ts reads them). */
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

/** An integer from `min` to `max` (a delay: at most what Node's timers hold, longer ones being 1 ms), else FW_ERR_OTEL_BAD_ENV. */
function integer(get: Get, name: string, min: number, max = Infinity): number | undefined {
  const raw = get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    bad(name, raw, max === Infinity ? `an integer >= ${min}` : `an integer from ${min} to ${max}`);
  return value;
}

function ratio(get: Get, sampler: string, warnings: string[]): number {
  const raw = get('OTEL_TRACES_SAMPLER_ARG');
  // The SDK ignores it there without a word; fw ignores no OTEL_* variable silently.
  if (raw !== undefined && !sampler.endsWith('traceidratio'))
    warnings.push(
      `OTEL_TRACES_SAMPLER_ARG is set but OTEL_TRACES_SAMPLER=${sampler} takes no argument: it has no effect`,
    );
  if (raw === undefined || !sampler.endsWith('traceidratio')) return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    bad('OTEL_TRACES_SAMPLER_ARG', raw, 'a number between 0 and 1');
  return value;
}

function protocol(get: Get, name: string): OtlpProtocol | undefined {
  if (get(name)?.toLowerCase() === 'grpc') {
    throw new FwError(
      'FW_ERR_OTEL_UNSUPPORTED_PROTOCOL',
      `${name}=grpc is not supported: fw exports OTLP over HTTP only; set it to http/protobuf (the default) or http/json, or point it at a collector's OTLP/HTTP port (4318)`,
      { details: { name, value: 'grpc' } },
    );
  }
  return oneOf(get, name, ['http/protobuf', 'http/json']);
}

/** A timeout in ms: a number above 0, at most MAX_TIMER_MS (with a warning), else a warning and undefined (the next variable or the default). */
function timeout(get: Get, name: string, warnings: string[]): number | undefined {
  const raw = get(name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    return void warnings.push(
      `${name}=${JSON.stringify(raw)} is not a number of milliseconds above 0: the default is used`,
    );
  // Node's timers take a longer one as 1 ms: every export would end at once.
  if (value > MAX_TIMER_MS)
    warnings.push(`${name}=${JSON.stringify(raw)} is longer than Node's timers hold: ${MAX_TIMER_MS} is used`);
  return Math.min(value, MAX_TIMER_MS);
}

function logLevel(get: Get, warnings: string[]): DiagLevelName | undefined {
  const raw = get('OTEL_LOG_LEVEL');
  if (raw === undefined) return undefined;
  const value = raw.toUpperCase() as DiagLevelName;
  if (LEVELS.includes(value)) return value;
  warnings.push(`OTEL_LOG_LEVEL=${JSON.stringify(raw)} is not one of ${LEVELS.join(', ')}: INFO is used`);
  return 'INFO';
}

/** Every OTEL_* variable fw reads; any other one set is warned about (otel-env-walk.test.ts walks the SDK's list against it). */
export const READ_VARIABLES: ReadonlySet<string> = new Set([
  'OTEL_SDK_DISABLED',
  'OTEL_SERVICE_NAME',
  'OTEL_RESOURCE_ATTRIBUTES',
  'OTEL_LOG_LEVEL',
  'OTEL_PROPAGATORS',
  'OTEL_TRACES_EXPORTER',
  'OTEL_METRICS_EXPORTER',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
  'OTEL_BSP_SCHEDULE_DELAY',
  'OTEL_BSP_EXPORT_TIMEOUT',
  'OTEL_BSP_MAX_QUEUE_SIZE',
  'OTEL_BSP_MAX_EXPORT_BATCH_SIZE',
  'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT',
  'OTEL_ATTRIBUTE_COUNT_LIMIT',
  'OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT',
  'OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT',
  'OTEL_SPAN_EVENT_COUNT_LIMIT',
  'OTEL_SPAN_LINK_COUNT_LIMIT',
  'OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT',
  'OTEL_LINK_ATTRIBUTE_COUNT_LIMIT',
  'OTEL_METRIC_EXPORT_INTERVAL',
  'OTEL_METRIC_EXPORT_TIMEOUT',
  'OTEL_EXPORTER_PROMETHEUS_HOST',
  'OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS',
  'OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_TIMEOUT',
  'OTEL_EXPORTER_OTLP_COMPRESSION',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
  'OTEL_EXPORTER_OTLP_CERTIFICATE',
  'OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE',
  'OTEL_EXPORTER_OTLP_CLIENT_KEY',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
  'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT',
  'OTEL_EXPORTER_OTLP_TRACES_COMPRESSION',
  'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
  'OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE',
  'OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE',
  'OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY',
  'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
  'OTEL_EXPORTER_OTLP_METRICS_HEADERS',
  'OTEL_EXPORTER_OTLP_METRICS_TIMEOUT',
  'OTEL_EXPORTER_OTLP_METRICS_COMPRESSION',
  'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL',
  'OTEL_EXPORTER_OTLP_METRICS_CERTIFICATE',
  'OTEL_EXPORTER_OTLP_METRICS_CLIENT_CERTIFICATE',
  'OTEL_EXPORTER_OTLP_METRICS_CLIENT_KEY',
]);

/** Why fw does not read a variable it knows, for the warning. */
const NOT_READ_BECAUSE: Readonly<Record<string, string>> = {
  OTEL_EXPORTER_PROMETHEUS_PORT: "fw's /metrics listener takes setupTelemetry's metricsPort",
  OTEL_METRICS_EXEMPLAR_FILTER: 'fw records no exemplars',
  OTEL_EXPORTER_OTLP_METRICS_DEFAULT_HISTOGRAM_AGGREGATION: 'fw exports explicit-bucket histograms only',
  OTEL_LOGS_EXPORTER: 'fw exports no OpenTelemetry logs: its log is JSON lines on stderr, or the logger the app passes',
  OTEL_EXPORTER_ZIPKIN_ENDPOINT: 'fw exports OTLP only',
  OTEL_EXPORTER_ZIPKIN_TIMEOUT: 'fw exports OTLP only',
  OTEL_NODE_RESOURCE_DETECTORS: "NodeSDK's; fw builds its resource from OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES",
  OTEL_NODE_ENABLED_INSTRUMENTATIONS: "NodeSDK's; fw instruments its own server and registers no other instrumentation",
  OTEL_NODE_DISABLED_INSTRUMENTATIONS:
    "NodeSDK's; fw instruments its own server and registers no other instrumentation",
  OTEL_SEMCONV_STABILITY_OPT_IN: "fw's spans and metrics follow the stable HTTP conventions already",
  OTEL_CONFIG_FILE: 'fw reads no declarative configuration file',
  ...Object.fromEntries(
    ['', 'TRACES_', 'METRICS_'].map((signal) => [
      `OTEL_EXPORTER_OTLP_${signal}INSECURE`,
      "only gRPC exporters read it; fw's HTTP exports use TLS when the endpoint is https:",
    ]),
  ),
};

/** A warning for each OTEL_* variable set in `env` that fw does not read. */
function unreadVariableWarnings(env: NodeJS.ProcessEnv, warnings: string[]): void {
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('OTEL_') || READ_VARIABLES.has(name) || value === undefined || value.trim() === '') continue;
    const known =
      NOT_READ_BECAUSE[name] ??
      (/^OTEL_(EXPORTER_OTLP_LOGS_|BLRP_|LOGRECORD_)/.test(name)
        ? 'fw exports no OpenTelemetry logs'
        : /^OTEL_EXPORTER_JAEGER_/.test(name)
          ? 'fw exports OTLP only'
          : undefined);
    const near = known === undefined ? closestKey(name, [...READ_VARIABLES]) : undefined;
    warnings.push(
      `${name} is set but fw does not read it (${known ?? (near === undefined ? 'fw does not support it' : `did you mean ${near}?`)}): it has no effect`,
    );
  }
}

const PROPAGATORS = ['tracecontext', 'baggage', 'b3', 'b3multi', 'jaeger'] as const;
/** The propagators OTEL_PROPAGATORS can name, as the SDK (`@opentelemetry/sdk-node`) knows them. */
export type PropagatorName = (typeof PROPAGATORS)[number];

/**
 * The names in OTEL_PROPAGATORS, read as the SDK reads it (blanks and repeats ignored; unset:
 * `tracecontext,baggage`; `none`: no propagator), except that names are read in any case and an
 * unknown name, or `none` beside others, is FW_ERR_OTEL_BAD_ENV: a typo would silently break
 * every trace that crosses the service (docs/telemetry.md "Propagation"). `value` is trimmed, undefined when blank.
 */
export function propagatorNames(value: string | undefined): readonly PropagatorName[] {
  if (value === undefined) return ['tracecontext', 'baggage'];
  const refuse = (expected: string): never => bad('OTEL_PROPAGATORS', value, expected);
  const unique = [...new Set(names(value.toLowerCase()))];
  if (unique.length === 0) refuse('a comma-separated list of propagator names');
  if (unique.includes('none')) {
    if (unique.length === 1) return [];
    refuse('`none` alone: it registers no propagator, so other names beside it would be ignored');
  }
  const unknown = unique.filter((name) => !(PROPAGATORS as readonly string[]).includes(name));
  if (unknown.length > 0)
    refuse(
      `names among ${PROPAGATORS.join(', ')} or none (${unknown.map((name) => JSON.stringify(name)).join(', ')} unknown; register another propagator with propagation.setGlobalPropagator before setupTelemetry)`,
    );
  return unique as PropagatorName[];
}

/** The agent options read from TlsFiles. */
export type TlsAgentOptions = { [P in TlsPart]?: Buffer };

/** The PEM files of `files` for an exporter sending to `endpoint` (none for http://), read at start: an unreadable one is FW_ERR_OTEL_BAD_ENV naming its variable. */
function readTlsFiles(endpoint: string, files: TlsFiles): TlsAgentOptions {
  const options: TlsAgentOptions = {};
  if (!endpoint.startsWith('https:')) return options;
  for (const part of ['ca', 'cert', 'key'] as const) {
    const file = files[part];
    if (file === undefined) continue;
    try {
      options[part] = readFileSync(resolve(file.path));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new FwError(
        'FW_ERR_OTEL_BAD_ENV',
        `${file.variable}=${JSON.stringify(file.path)} cannot be read (${code}): give the path of a PEM file`,
        { cause: error, details: { name: file.variable, value: file.path } },
      );
    }
  }
  return options;
}

/** The batch processor's settings: OTEL_BSP_* over setupTelemetry's `batch` option, else the SDK's defaults (but no export timeout). */
export function batchSettings(config: EnvConfig, options: TracePipelineOptions) {
  const batch = { ...options.batch, ...config.batch };
  return {
    ...batch,
    maxQueueSize: batch.maxQueueSize ?? 2048,
    maxExportBatchSize: batch.maxExportBatchSize ?? 512,
    scheduledDelayMillis: batch.scheduledDelayMillis ?? 5000,
  };
}

/** The OtlpHttpSender settings of `signal`'s export to `url`, its TLS files read (at start). */
export function otlpSenderOptions(config: EnvConfig, signal: 'traces' | 'metrics', url: string) {
  return {
    url,
    headers: { ...config[`${signal}Headers`] },
    timeoutMs: config[`${signal}TimeoutMs`],
    compression: config[`${signal}Compression`] ?? 'none',
    tls: readTlsFiles(url, config[`${signal}Tls`]),
    protocol: config[`${signal}Protocol`],
  };
}
