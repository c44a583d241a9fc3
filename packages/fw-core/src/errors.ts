/**
 * fw-core's one error registry. Every error fw-core throws across a module boundary is an
 * `FwError` with a stable `code` from this table, so callers switch on codes, never on text.
 * docs/errors.md lists the same codes; tests/error-codes-documented.test.ts keeps them in step.
 */

/** One registry entry: what the code means and, where one applies, the HTTP status. */
export interface ErrorCodeInfo {
  readonly summary: string;
  readonly status?: number;
}

/** Every fw-core error code. Sections are owned by one concern each; keep them sorted by concern. */
export const errorCodes = {
  // --- router: route-definition errors, thrown when a router is built ---
  FW_ERR_ROUTE_BAD_PATH: { summary: 'A route path is not a valid absolute path template' },
  FW_ERR_ROUTE_WILDCARD_NOT_LAST: { summary: 'A [...] wildcard must be the last path segment' },
  FW_ERR_ROUTE_BAD_BINDING: { summary: 'A :binding name is empty or malformed' },
  FW_ERR_ROUTE_DUPLICATE_BINDING: { summary: 'The same :binding name appears twice in one path' },
  FW_ERR_ROUTE_UNKNOWN_METHOD: { summary: 'A route names an HTTP method fw does not know' },
  FW_ERR_ROUTE_CONFLICT: {
    summary: 'Two routes have the same host, the same path shape and overlapping methods',
  },
  FW_ERR_ROUTE_BAD_HOST: { summary: 'A route host is not a host name, *.wildcard or _' },
  // --- config ---
  // --- app and route groups ---
  // --- plugins ---
  // --- http: request bodies and responses ---
  // --- static files ---
  // --- server lifecycle ---
} as const satisfies Record<string, ErrorCodeInfo>;

/** A code from the registry. */
export type FwErrorCode = keyof typeof errorCodes;

/** Options of an `FwError` beyond its code and message. */
export interface FwErrorOptions {
  readonly cause?: unknown;
  /** HTTP status to answer with; defaults to the registry's, else 500. */
  readonly status?: number;
  /** Structured facts (the offending key, route, value) for logs and tests. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** An error with a stable code. `expose` says whether its message may reach an HTTP client. */
export class FwError extends Error {
  readonly code: FwErrorCode;
  readonly status: number;
  /** Messages of 4xx errors are safe to show a client; 5xx messages never leave the server. */
  readonly expose: boolean;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: FwErrorCode, message: string, options: FwErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FwError';
    this.code = code;
    const info: ErrorCodeInfo = errorCodes[code];
    this.status = options.status ?? info.status ?? 500;
    this.expose = this.status < 500;
    this.details = options.details ?? {};
  }
}

/** True when `value` is an FwError, optionally with the given code. */
export function isFwError(value: unknown, code?: FwErrorCode): value is FwError {
  return value instanceof FwError && (code === undefined || value.code === code);
}
