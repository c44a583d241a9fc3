/**
 * `fw.server_configuration`: the HTTP listener settings. Fields are checked one by one where
 * they are written (base or overlay); the rule that ties two fields together is checked on the
 * merged map, once per environment.
 */
import type { ServerConfiguration } from './config.ts';
import { badValue } from './config-errors.ts';
import { ROUTER_STREAM_HANDLER } from './defaults.ts';
import { childPath } from './key-path.ts';
import { validateStreamHandlers } from './validate-stream-handlers.ts';
import {
  expectInteger,
  expectNonEmptyString,
  expectObject,
  MAX_PORT,
  MAX_TIMER_MS,
  rejectUnknownKeys,
} from './value-checks.ts';

type FieldCheck = (value: unknown, key: string) => unknown;

const positiveTimer: FieldCheck = (value, key) => expectInteger(value, key, 1, MAX_TIMER_MS);

const fieldChecks: Record<keyof ServerConfiguration, FieldCheck> = {
  port: (value, key) => expectInteger(value, key, 0, MAX_PORT),
  host: expectNonEmptyString,
  stream_handlers: (value, key) => validateStreamHandlers(value, key, ROUTER_STREAM_HANDLER),
  request_timeout_ms: positiveTimer,
  headers_timeout_ms: positiveTimer,
  keep_alive_timeout_ms: positiveTimer,
  max_header_size: (value, key) => expectInteger(value, key, 1, Number.MAX_SAFE_INTEGER),
  shutdown_grace_ms: positiveTimer,
  request_id_header: expectRequestIdHeader,
};

const FIELDS = Object.keys(fieldChecks);

// An RFC 9110 §5.6.2 token in lower case: node:http hands header names over lower-cased, so a
// name written `X-Request-Id` would never be found; it is refused rather than quietly folded.
const LOWER_CASE_HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;

/** Checks the fields written at `key`; any subset of them may be present. */
export function validateServerConfiguration(value: unknown, key: string): Partial<ServerConfiguration> {
  const fields = expectObject(value, key);
  rejectUnknownKeys(fields, key, FIELDS);
  for (const [name, check] of Object.entries(fieldChecks)) {
    if (fields[name] !== undefined) check(fields[name], childPath(key, name));
  }
  return fields as Partial<ServerConfiguration>;
}

/**
 * Checks the merged map of one environment. node:http refuses a headers timeout longer than
 * the request timeout (ERR_OUT_OF_RANGE), so this is caught here, before the server starts.
 */
export function checkServerConfigurationConsistency(server: ServerConfiguration, environment: string): void {
  if (server.headers_timeout_ms > server.request_timeout_ms) {
    const limit = `fw.server_configuration.request_timeout_ms (${server.request_timeout_ms})`;
    throw badValue(
      'fw.server_configuration.headers_timeout_ms',
      `at most ${limit} in environment "${environment}"`,
      server.headers_timeout_ms,
    );
  }
}

function expectRequestIdHeader(value: unknown, key: string): string | false {
  if (value === false || (typeof value === 'string' && LOWER_CASE_HEADER_NAME.test(value))) return value;
  throw badValue(key, 'false (always generate the id) or a lower-case header name such as "x-request-id"', value);
}
