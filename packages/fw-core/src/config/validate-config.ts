/**
 * Validating configuration, from the top of the document down to each value. At the top of
 * fw.config.json, `fw` holds fw's keys, `environments` holds per-environment overlays, and every
 * other key is an application section (application-sections.ts allows only the app's own).
 * Every overlay is checked, not only the active one, so a typo in `prod` fails on a developer's
 * machine rather than in production.
 */
import { LOG_LEVELS } from '../log/logger.ts';
import type { Phase, PluginEntry } from '../plugins/plugin.ts';
import { CONFIG_FILE_NAME, CONFIG_KEYS, ROUTER_STREAM_HANDLER, type ConfigKey, type FwSection, type ServerConfiguration } from './config.ts';
import { badValue, childPath, closestKey, elementPath, unknownKey } from './config-errors.ts';

/** The sections of the base or of one overlay. */
export interface ConfigSections {
  readonly fw: FwSection;
  /** Application sections by application name. */
  readonly apps: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** The checked file: the base sections and each environment's overlay. */
export interface ConfigLayout {
  readonly base: ConfigSections;
  readonly environments: Readonly<Record<string, ConfigSections>>;
}

/** Checks the parsed file's structure and every `fw` section in it. */
export function parseConfigLayout(document: unknown): ConfigLayout {
  const top = expectObject(document, CONFIG_FILE_NAME);
  const { environments: overlays, ...base } = top;
  rejectMisspeltEnvironments(base);
  const baseSections = parseSections(base, '');
  const environments: Record<string, ConfigSections> = {};
  if (overlays !== undefined) {
    for (const [name, overlay] of Object.entries(expectObject(overlays, 'environments'))) {
      environments[name] = parseOverlay(overlay, childPath('environments', name));
    }
  }
  return { base: baseSections, environments };
}

function parseOverlay(value: unknown, key: string): ConfigSections {
  const overlay = expectObject(value, key);
  if (overlay['environments'] !== undefined) {
    throw badValue(childPath(key, 'environments'), 'absent: overlays do not nest', overlay['environments']);
  }
  const fw = overlay['fw'];
  if (isObjectWithKey(fw, 'environment')) {
    // The environment is chosen (FW_ENV, else the base fw.environment) before any overlay applies.
    const where = childPath(childPath(key, 'fw'), 'environment');
    throw badValue(where, 'absent: choose the environment in the base fw section or with FW_ENV', fw['environment']);
  }
  return parseSections(overlay, key);
}

function parseSections(sections: Record<string, unknown>, parent: string): ConfigSections {
  const apps: Record<string, Record<string, unknown>> = {};
  let fw: FwSection = {};
  for (const [name, value] of Object.entries(sections)) {
    const key = childPath(parent, name);
    if (name === 'fw') fw = validateFwSection(value, key);
    else apps[name] = expectObject(value, key);
  }
  return { fw, apps };
}

// Any other top-level key is an application section, so a misspelt `environments` would
// silently become one and its overlays would never apply.
function rejectMisspeltEnvironments(sections: Record<string, unknown>): void {
  for (const name of Object.keys(sections)) {
    if (closestKey(name, ['environments']) !== undefined) throw unknownKey('', name, ['fw', 'environments']);
  }
}

function isObjectWithKey(value: unknown, key: string): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}

// The `fw` section: fw's own keys (service-spec.md, "Global configuration keys").

// An application name is lowercase letters, digits and underscores, starting with a letter: it
// names the app's own configuration section and its module.
const APPLICATION_NAME = /^[a-z][a-z0-9_]*$/;

// persistent_term is the only backend: the route table is compiled once into an immutable tree.
const DISPATCH_BACKENDS = ['persistent_term'] as const;

type KeyCheck = (value: unknown, key: string) => unknown;

const keyChecks: Record<ConfigKey, KeyCheck> = {
  bootstrap_application: expectApplicationName,
  environment: expectNonEmptyString,
  server_configuration: validateServerConfiguration,
  plugins: validatePluginEntries,
  json_lib: expectNonEmptyString,
  use_stacktrace: expectBoolean,
  dispatch_backend: (value, key) => expectOneOf(value, key, DISPATCH_BACKENDS),
  log_level: (value, key) => expectOneOf(value, key, LOG_LEVELS),
};

/** Checks an `fw` section found at `key` (`fw` or `environments.<env>.fw`); every key is optional. */
function validateFwSection(value: unknown, key: string): FwSection {
  const section = expectObject(value, key);
  rejectUnknownKeys(section, key, CONFIG_KEYS);
  for (const name of CONFIG_KEYS) {
    if (section[name] !== undefined) keyChecks[name](section[name], childPath(key, name));
  }
  return section as FwSection;
}

function expectApplicationName(value: unknown, key: string): string {
  if (typeof value !== 'string' || !APPLICATION_NAME.test(value)) {
    throw badValue(key, 'an application name: a-z first, then a-z, 0-9 or _ (e.g. "blog")', value);
  }
  return value;
}

// `fw.server_configuration`: the HTTP listener settings. Fields are checked one by one where
// they are written (base or overlay); the rule that ties two fields together is checked on the
// merged map, once per environment.

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
  shutdown_delay_ms: (value, key) => expectInteger(value, key, 0, MAX_TIMER_MS),
  max_inflight_per_connection: (value, key) => expectInteger(value, key, 1, MAX_INFLIGHT_PER_CONNECTION),
  send_timeout_ms: positiveTimer,
  request_id_header: expectRequestIdHeader,
};

// Pipelining deeper than this gains nothing (answers go out in order) and holds a handler each.
const MAX_INFLIGHT_PER_CONNECTION = 64;

const FIELDS = Object.keys(fieldChecks);

// An RFC 9110 §5.6.2 token in lower case: node:http hands header names over lower-cased, so a
// name written `X-Request-Id` would never be found; it is refused rather than quietly folded.
const LOWER_CASE_HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;

/** Checks the fields written at `key`; any subset of them may be present. */
function validateServerConfiguration(value: unknown, key: string): Partial<ServerConfiguration> {
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

// `server_configuration.stream_handlers`: the ordered chain of stream handler names.

/** Checks a non-empty list of distinct non-empty names ending with `last` (the router's handler). */
function validateStreamHandlers(value: unknown, key: string, last: string): readonly string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw badValue(key, `a non-empty array of stream handler names ending with "${last}"`, value);
  }
  const seen = new Map<string, number>();
  value.forEach((name: unknown, index) => {
    const path = elementPath(key, index);
    const checked = expectNonEmptyString(name, path);
    const first = seen.get(checked);
    if (first !== undefined) throw badValue(path, `a name not already listed at ${elementPath(key, first)}`, name);
    seen.set(checked, index);
  });
  // The router handler answers the request, so nothing placed after it would ever run.
  if (value.at(-1) !== last) throw badValue(key, `an array ending with "${last}"`, value);
  return value as string[];
}

// Plugin registrations, `{phase, module, options?}`, as written in `fw.plugins` and on route
// groups (service-spec.md, "Global configuration keys": "each `{phase, module, options}`").

const PHASES: readonly Phase[] = ['pre_request', 'post_request'];
const ENTRY_KEYS = ['phase', 'module', 'options'];

/** Checks a list of plugin registrations found at `keyPath`; returns them as new entry objects. */
export function validatePluginEntries(value: unknown, keyPath: string): PluginEntry[] {
  if (!Array.isArray(value)) throw badValue(keyPath, 'an array of {phase, module, options} entries', value);
  return value.map((entry: unknown, index) => validatePluginEntry(entry, elementPath(keyPath, index)));
}

function validatePluginEntry(value: unknown, keyPath: string): PluginEntry {
  const entry = expectObject(value, keyPath);
  rejectUnknownKeys(entry, keyPath, ENTRY_KEYS);
  const phase = expectOneOf(entry['phase'], childPath(keyPath, 'phase'), PHASES);
  const module = expectNonEmptyString(entry['module'], childPath(keyPath, 'module'));
  if (entry['options'] === undefined) return { phase, module };
  return { phase, module, options: expectObject(entry['options'], childPath(keyPath, 'options')) };
}

// Type and value checks shared by every configuration validator. Each returns the value,
// narrowed, or throws FW_ERR_CONFIG_BAD_VALUE naming the key, what it expects and what it found.

/** The longest delay Node's timers accept; longer ones silently become 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The highest TCP port. */
export const MAX_PORT = 65_535;

/** True for a JSON object: not null, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object (not null, not an array). */
function expectObject(value: unknown, key: string): Record<string, unknown> {
  if (!isJsonObject(value)) throw badValue(key, 'an object', value);
  return value;
}

/** A string with at least one character. */
function expectNonEmptyString(value: unknown, key: string): string {
  if (typeof value !== 'string' || value === '') throw badValue(key, 'a non-empty string', value);
  return value;
}

/** `true` or `false`. */
function expectBoolean(value: unknown, key: string): boolean {
  if (typeof value !== 'boolean') throw badValue(key, 'a boolean (true or false)', value);
  return value;
}

/** An integer from `min` to `max`, both included. */
function expectInteger(value: unknown, key: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badValue(key, `an integer from ${min} to ${max}`, value);
  }
  return value;
}

/** One of `allowed`, compared exactly. */
export function expectOneOf<T extends string>(value: unknown, key: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) {
    const choices = allowed.map((choice) => JSON.stringify(choice)).join(', ');
    throw badValue(key, allowed.length === 1 ? choices : `one of ${choices}`, value);
  }
  return value as T;
}

/** Throws FW_ERR_CONFIG_UNKNOWN_KEY for the first key of `object` not in `known`. */
function rejectUnknownKeys(object: Record<string, unknown>, key: string, known: readonly string[]): void {
  for (const name of Object.keys(object)) {
    if (!known.includes(name)) throw unknownKey(key, name, known);
  }
}
