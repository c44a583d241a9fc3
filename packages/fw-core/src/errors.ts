/**
 * fw-core's one error registry: what fw-core throws across a module boundary is an `FwError` with a code
 * from this table, so callers switch on codes, never on text. docs/errors.md lists the same codes.
 */
import { didYouMean } from './closest-key.ts';

/** Every fw-core error code: its meaning and, where one applies, its HTTP status; one section per concern. */
export const errorCodes = {
  // --- router: route-definition errors, thrown when a router is built ---
  FW_ERR_ROUTE_BAD_PATH: { summary: 'A route path is not a valid absolute path template' },
  FW_ERR_ROUTE_WILDCARD_NOT_LAST: { summary: 'A [...] wildcard must be the last path segment' },
  FW_ERR_ROUTE_BAD_BINDING: { summary: 'A :binding name is empty or malformed' },
  FW_ERR_ROUTE_DUPLICATE_BINDING: { summary: 'The same :binding name appears twice in one path' },
  FW_ERR_ROUTE_UNKNOWN_METHOD: { summary: 'A route names an HTTP method fw does not know' },
  FW_ERR_ROUTE_CONFLICT: { summary: 'Two routes have the same host, the same path shape and overlapping methods' },
  FW_ERR_ROUTE_BAD_HOST: { summary: 'A route host is not a host name, *.wildcard or _' },
  // --- config ---
  FW_ERR_CONFIG_NOT_FOUND: { summary: 'The fw.config.json file is missing or cannot be read' },
  FW_ERR_CONFIG_BAD_JSON: { summary: 'The fw.config.json file is not valid JSON' },
  FW_ERR_CONFIG_UNKNOWN_KEY: { summary: 'A configuration key fw does not know' },
  FW_ERR_CONFIG_BAD_VALUE: { summary: 'A configuration value or environment variable has the wrong type or value' },
  FW_ERR_CONFIG_MISSING_KEY: { summary: 'A required configuration key is not set' },
  FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT: { summary: 'FW_ENV names an environment the configuration does not define' },
  // --- app and route groups ---
  FW_ERR_APP_NOT_FOUND: { summary: 'The app directory has no package.json or app module to load' },
  FW_ERR_APP_BAD_PACKAGE_JSON: { summary: "The app's package.json is not valid JSON" },
  FW_ERR_APP_LOAD_FAILED: {
    summary:
      'The app module is there but failed to load: a syntax error in it or in a module it imports, or an error thrown while it was imported',
  },
  FW_ERR_APP_BAD_MODULE: {
    summary:
      'The app module does not default-export an fw app {name, router}, imports a package that is not installed, or gives a plugin a name another plugin has',
  },
  FW_ERR_APP_NAME_MISMATCH: { summary: 'The app name differs from bootstrap_application' },
  FW_ERR_GROUP_BAD_SHAPE: { summary: 'A route group is not {prefix, host?, security, plugins?, routes}' },
  FW_ERR_GROUP_BAD_PREFIX: { summary: "A route group prefix is not '' or '/segment' without a trailing slash" },
  FW_ERR_GROUP_BAD_SECURITY: { summary: 'A route group security is neither false nor a function' },
  FW_ERR_ROUTE_BAD_HANDLER: { summary: 'A route has no valid handler, directory or file' },
  FW_ERR_ROUTE_BAD_OPTIONS: { summary: 'A route options object has an unknown key or a wrong type' },
  FW_ERR_ROUTE_BAD_SCHEMA: {
    summary:
      "A route's options.schema has a wrong shape or does not compile, or the app's schemaCompiler is not a function",
  },
  FW_ERR_SCHEMA_AJV_MISSING: {
    summary: 'A route declares options.schema but ajv is not installed and the app gives no schemaCompiler',
  },
  FW_ERR_SCHEMA_BAD_NAMED: {
    summary:
      "The app's named schemas (defineApp({schemas})) are not an object of JSON Schemas by name, or one does not compile",
  },
  FW_ERR_SCHEMA_BAD_AJV_OPTIONS: {
    summary:
      "The app's ajv is malformed, sets coerceTypes or allErrors, comes with a schemaCompiler, or ajv refuses it",
  },
  FW_ERR_STREAM_HANDLER_UNKNOWN: { summary: 'server_configuration.stream_handlers names an unknown handler' },
  // --- plugins ---
  FW_ERR_PLUGIN_UNKNOWN: {
    summary: 'A plugin registration names a module that is neither built in nor provided by the app',
  },
  FW_ERR_PLUGIN_MISSING_CALLBACK: { summary: 'A plugin is registered for a phase whose callback it does not export' },
  FW_ERR_PLUGIN_INIT_FAILED: { summary: "A plugin's init threw; start-up stops" },
  FW_ERR_PLUGIN_BAD_OPTIONS: {
    summary: "A plugin's options have an unknown name, a wrong type or miss a required one",
  },
  FW_ERR_PLUGIN_FAILED: {
    summary:
      "A plugin's request callback returned ['error', reason], threw, rejected or returned a malformed result; the client got 500",
    status: 500,
  },
  FW_ERR_PLUGIN_BAD_RESULT: {
    summary:
      "A plugin's request callback returned something other than a result tuple such as ['ok', req, state], or one handing on an object that is not the request or a copy of it",
  },
  FW_ERR_PLUGIN_STOP_WITHOUT_REPLY: {
    summary: "A plugin returned ['stop', req, state] without answering the request; the client got 500",
    status: 500,
  },
  FW_ERR_PLUGIN_REMOVED_RESPONSE: {
    summary: 'The post_request plugins left the request without a response; the client got 500',
    status: 500,
  },
  // --- http: request bodies and responses ---
  FW_ERR_BODY_TOO_LARGE: { summary: 'The request body is larger than the configured limit', status: 413 },
  FW_ERR_BODY_LENGTH_MISMATCH: {
    summary: 'The request body ended short of its Content-Length, or the client aborted the upload',
    status: 400,
  },
  FW_ERR_BODY_ALREADY_CONSUMED: { summary: 'The request body was read by someone else before readBody' },
  FW_ERR_UNSUPPORTED_ENCODING: { summary: 'The request body has a Content-Encoding other than identity', status: 415 },
  FW_ERR_UNSUPPORTED_CHARSET: { summary: 'The request body has a charset other than utf-8', status: 415 },
  FW_ERR_BODY_MALFORMED_JSON: { summary: 'The request body is not valid UTF-8 JSON', status: 400 },
  FW_ERR_BODY_FORBIDDEN_KEY: {
    summary: 'The JSON body has a __proto__ key or a constructor.prototype (prototype poisoning)',
    status: 400,
  },
  FW_ERR_BODY_TOO_DEEP: { summary: 'The JSON body is nested deeper than fw accepts', status: 400 },
  FW_ERR_INJECT_BAD_BODY: {
    summary:
      "inject's body is not a string, bytes or a value JSON.stringify encodes (a function, a symbol, a BigInt, a cycle)",
  },
  // --- static files ---
  FW_ERR_STATIC_NOT_FOUND: {
    summary: "A static route's directory or file does not exist or cannot be read at start-up",
  },
  FW_ERR_STATIC_WRONG_KIND: {
    summary: "A static route's directory is not a directory, or its file is not a regular file",
  },
  FW_ERR_STATIC_READ_FAILED: { summary: 'Serving a static file failed unexpectedly; the client got 500', status: 500 },
  // --- server lifecycle ---
  FW_ERR_SERVER_LISTEN: { summary: 'The HTTP listener could not bind its address' },
  FW_ERR_SECURITY_BAD_RESULT: { summary: 'A security callback returned something other than a SecurityResult' },
  FW_ERR_SECURITY_BAD_OPTIONS: {
    summary: 'bearerAuth was given neither token nor verifyToken, or a token a Bearer header cannot carry',
  },
  FW_ERR_HANDLER_BAD_RESPONSE: { summary: 'A handler returned something other than a response description' },
  FW_ERR_OWN_ANSWER_FAILED: {
    summary:
      "An app's or group's onNotFound, onMethodNotAllowed or onError threw, rejected or returned no response description; the client got fw's 500",
    status: 500,
  },
  FW_ERR_RESPONSE_NOT_PROJECTABLE: {
    summary:
      "A json answer has an object where its route's response schema allows only scalars, matches no branch of a union, or is cyclic or nested too deep to project; nothing is sent (500)",
  },
  FW_ERR_HTTP: {
    summary: "An application's httpError(status, message): answered with its status, the message only for a 4xx",
  },
  FW_ERR_READINESS_BAD_OPTIONS: {
    summary: 'readinessHandler was given no lifecycle, a check that is not a function or a bad timeoutMs',
  },
  // --- otel: fw-core/otel telemetry setup ---
  FW_ERR_OTEL_BAD_OPTION: { summary: 'A setupTelemetry option has a wrong type or value' },
  FW_ERR_OTEL_BAD_ENV: { summary: 'An OTEL_* environment variable has a value fw cannot use' },
  FW_ERR_OTEL_METRICS_LISTEN: { summary: 'The metrics listener could not bind its address' },
  FW_ERR_OTEL_ALREADY_REGISTERED: { summary: 'A global OpenTelemetry tracer or meter provider is already registered' },
  FW_ERR_OTEL_UNSUPPORTED_PROTOCOL: {
    summary: 'OTEL_EXPORTER_OTLP_[TRACES_|METRICS_]PROTOCOL asks for grpc: fw exports OTLP over HTTP only',
  },
  FW_ERR_OTEL_PROPAGATOR_MISSING: {
    summary:
      'OTEL_PROPAGATORS names b3, b3multi or jaeger, whose package (@opentelemetry/propagator-b3 or -jaeger) is not installed',
  },
} as const satisfies Record<string, { readonly summary: string; readonly status?: number }>;

/** A code from the registry. */
export type FwErrorCode = keyof typeof errorCodes;

/** Options of an `FwError` beyond its code and message. */
export interface FwErrorOptions {
  readonly cause?: unknown;
  /** HTTP status to answer with; defaults to the registry's, else none (a start-up error). */
  readonly status?: number;
  /** Structured facts (the offending key, route, value) for logs and tests. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** An error with a stable code. `expose` says whether its message may reach an HTTP client. */
export class FwError extends Error {
  readonly code: FwErrorCode;
  /** The HTTP status fw answers with; declared, not defined: a start-up error has none, so Node's print of it shows none (docs/errors.md). */
  declare readonly status?: number;
  /** Messages of 4xx errors are safe to show a client; 5xx messages never leave the server. */
  readonly expose: boolean;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: FwErrorCode, message: string, options: FwErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FwError';
    this.code = code;
    const status = options.status ?? (errorCodes[code] as { readonly status?: number }).status;
    if (status !== undefined) this.status = status;
    this.expose = status !== undefined && status < 500;
    this.details = options.details ?? {};
  }
}

/** The codes whose FwError always has its status: httpError's FW_ERR_HTTP and those the registry gives one. */
export type FwErrorCodeWithStatus =
  | 'FW_ERR_HTTP'
  | { [C in FwErrorCode]: (typeof errorCodes)[C] extends { readonly status: number } ? C : never }[FwErrorCode];

/** True when `value` is an FwError, optionally with the given code; its `status` is a number for a FwErrorCodeWithStatus, or once `expose` is true (a 4xx). */
export function isFwError(value: unknown, code: FwErrorCodeWithStatus): value is FwError & { readonly status: number };
export function isFwError(
  value: unknown,
  code?: FwErrorCode,
): value is FwError & ({ readonly expose: true; readonly status: number } | { readonly expose: false });
export function isFwError(value: unknown, code?: FwErrorCode): value is FwError {
  return value instanceof FwError && (code === undefined || value.code === code);
}

/** Options of `httpError` beyond its status and message. */
export type HttpErrorOptions = Omit<FwErrorOptions, 'status'>;

/**
 * An error a handler throws to answer `status` with `{"error": message}`: a 4xx shows its
 * message, a 5xx is logged and answers the status's generic text (Koa's `expose`). Its code is
 * FW_ERR_HTTP. Throws a RangeError for a status that is not an integer from 400 to 599.
 */
export function httpError(status: number, message: string, options: HttpErrorOptions = {}): FwError {
  if (!Number.isInteger(status) || status < 400 || status > 599)
    throw new RangeError(
      `httpError needs an error status from 400 to 599, not ${status}; answer other statuses with json() or status()`,
    );
  return new FwError('FW_ERR_HTTP', message, { ...options, status });
}

/** What fw-core/otel exports for each name configuration may give a plugin or a stream handler: the app provides them itself. */
const OTEL_EXPORTS = {
  plugins: { otel_fw_plugin: 'otelFwPlugin' },
  streamHandlers: { otel_fw_stream_h: 'otelStreamHandler' },
} as const satisfies Record<string, Readonly<Record<string, string>>>;

/** The fix for a plugin or stream handler name nobody provides: the defineApp option that provides it, fw-core/otel's export, or the `known` name it likely misspells. */
export function provideHint(option: keyof typeof OTEL_EXPORTS, name: string, known: readonly string[] = []): string {
  const exported = (OTEL_EXPORTS[option] as Readonly<Record<string, string>>)[name];
  if (exported !== undefined)
    return `import { ${exported} } from 'fw-core/otel' and give it to defineApp({${option}: [${exported}]})`;
  return `give the app's ${option === 'plugins' ? 'plugin' : 'stream handler'} whose name is ${name} to defineApp({${option}: [...]}), or correct the name${didYouMean(name, known)}`;
}
