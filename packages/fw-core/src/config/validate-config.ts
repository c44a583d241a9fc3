/**
 * Validates fw.config.json: `fw` holds fw's keys, `environments` the overlays, any other key is an
 * application section. Every overlay is checked, so a typo in `prod` fails on a developer's machine.
 */
import { isIP } from 'node:net';
import { closestKey } from '../closest-key.ts';
import { isHeaderName } from '../http/header-fields.ts';
import { LOG_LEVELS } from '../log/logger.ts';
import type { Phase, PluginEntry } from '../plugins/plugin.ts';
import {
  MINIMAL_CONFIG,
  ROUTER_STREAM_HANDLER,
  type ConfigKey,
  type FwSection,
  type ServerConfiguration,
} from './config.ts';
import { badValue, childPath, unknownKey } from './config-errors.ts';

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

/** Checks the parsed file's structure, every `fw` section in it and its application sections; `origin` names the file. */
export function parseConfigLayout(document: unknown, origin: string): ConfigLayout {
  if (!isJsonObject(document)) throw badValue(origin, `an object such as ${MINIMAL_CONFIG}`, document);
  const { environments: overlays, ...base } = document;
  // A misspelt `environments` would silently become an application section, its overlays never applied.
  for (const name of Object.keys(base))
    if (closestKey(name, ['environments']) !== undefined) throw unknownKey('', name, ['fw', 'environments']);
  const layout = { base: parseSections(base, ''), environments: {} as Record<string, ConfigSections> };
  for (const [name, overlay] of Object.entries(overlays === undefined ? {} : expectObject(overlays, 'environments')))
    layout.environments[name] = parseOverlay(overlay, childPath('environments', name));
  checkApplicationSections(layout);
  return layout;
}

function parseOverlay(value: unknown, key: string): ConfigSections {
  const overlay = expectObject(value, key);
  if (overlay['environments'] !== undefined)
    throw badValue(childPath(key, 'environments'), 'absent: overlays do not nest', overlay['environments']);
  const fw = overlay['fw'];
  // The environment is chosen (FW_ENV, else the base fw.environment) before any overlay applies.
  if (isJsonObject(fw) && Object.hasOwn(fw, 'environment')) {
    const where = childPath(childPath(key, 'fw'), 'environment');
    throw badValue(where, 'absent: choose the environment in the base fw section or with FW_ENV', fw['environment']);
  }
  return parseSections(overlay, key);
}

function parseSections(sections: Record<string, unknown>, parent: string): ConfigSections {
  const { fw, ...apps } = sections;
  const fwPath = childPath(parent, 'fw');
  const server = childPath(fwPath, 'server_configuration');
  const checked = fw === undefined ? {} : (checkFields(fw, fwPath, keyChecks) as FwSection);
  for (const [name, value] of Object.entries(apps)) {
    const key = childPath(parent, name);
    if (Object.hasOwn(keyChecks, name))
      throw badValue(key, `inside fw, as ${childPath(fwPath, name)}: it is one of fw's own keys`, value);
    if (Object.hasOwn(fieldChecks, name))
      throw badValue(key, `inside ${server}, as ${childPath(server, name)}: it is one of fw's server settings`, value);
    expectObject(value, key);
  }
  return { fw: checked, apps: apps as ConfigSections['apps'] };
}

/**
 * The only application section allowed is the one `fw.bootstrap_application` names: a misspelt one
 * (`"blgo"` under `environments.prod`) would be ignored and the app run on its defaults in production.
 */
function checkApplicationSections(layout: ConfigLayout): void {
  const baseName = layout.base.fw.bootstrap_application;
  const overlayNames = Object.values(layout.environments).map(
    (overlay) => overlay.fw.bootstrap_application ?? baseName,
  );
  // The base sections feed every environment, so the base may hold the section of any of them.
  checkSections(layout.base, '', [baseName, ...overlayNames], ['fw', 'environments']);
  Object.entries(layout.environments).forEach(([environment, overlay], index) => {
    checkSections(overlay, childPath('environments', environment), [overlayNames[index]], ['fw']);
  });
}

function checkSections(
  sections: ConfigSections,
  parent: string,
  names: readonly (string | undefined)[],
  fixed: readonly string[],
): void {
  const appNames = [...new Set(names.filter((name) => name !== undefined))];
  if (appNames.length === 0) return;
  for (const name of Object.keys(sections.apps))
    if (!appNames.includes(name)) throw unknownKey(parent, name, fixed, appNames);
}

// The `fw` section: fw's own keys (service-spec.md, "Global configuration keys"), each optional.
type Check = (value: unknown, key: string) => unknown;

/** A check that `value` passes `test` (returning it), else FW_ERR_CONFIG_BAD_VALUE saying what it expects. */
const expect =
  (test: (value: unknown) => boolean, expected: string): Check =>
  (value, key) => {
    if (!test(value)) throw badValue(key, expected, value);
    return value;
  };

// A name node:net can look up (RFC 1123 labels, `_` as compose services have it); a last label of digits is a mistyped address.
const HOST_NAME = /^(?!(?:.*\.)?\d+\.?$)\w(?:[\w-]*\w)?(?:\.\w(?:[\w-]*\w)?)*\.?$/;

/** Checks a listen address (`host`, HOST): `0.0.0.0:8080` or a URL would only fail at listen, as ENOTFOUND naming neither. */
export const expectHost: Check = expect(
  (value) => typeof value === 'string' && (isIP(value) !== 0 || HOST_NAME.test(value)),
  'an IP address or a host name, without a scheme, a port or spaces (e.g. "0.0.0.0", "::" or "localhost")',
);

const integer = (min: number, max: number): Check =>
  expect(
    (value) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max,
    `an integer from ${min} to ${max}`,
  );

// An application name names the app's own configuration section and its module.
const APPLICATION_NAME = /^[a-z][a-z0-9_]*$/;

const keyChecks: Record<ConfigKey, Check> = {
  bootstrap_application: expect(
    (value) => typeof value === 'string' && APPLICATION_NAME.test(value),
    'an application name: a-z first, then a-z, 0-9 or _ (e.g. "blog")',
  ),
  environment: expectNonEmptyString,
  server_configuration: (value, key) => checkFields(value, key, fieldChecks),
  plugins: validatePluginEntries,
  json_lib: expectNonEmptyString,
  use_stacktrace: expect((value) => typeof value === 'boolean', 'a boolean (true or false)'),
  dispatch_backend: (value, key) => expectOneOf(value, key, ['persistent_term']),
  log_level: (value, key) => expectOneOf(value, key, LOG_LEVELS),
};

/** The longest delay Node's timers accept; longer ones silently become 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The highest TCP port. */
export const MAX_PORT = 65_535;

// Pipelining deeper than this gains nothing (answers go out in order) and holds a handler each.
const MAX_INFLIGHT_PER_CONNECTION = 64;

// Each field is checked where it is written (base or overlay); rules tying fields together on the merged map.
const fieldChecks: Record<keyof ServerConfiguration, Check> = {
  port: integer(0, MAX_PORT),
  host: expectHost,
  stream_handlers: validateStreamHandlers,
  request_timeout_ms: integer(1, MAX_TIMER_MS),
  headers_timeout_ms: integer(1, MAX_TIMER_MS),
  keep_alive_timeout_ms: integer(1, MAX_TIMER_MS),
  max_header_size: integer(1, Number.MAX_SAFE_INTEGER),
  shutdown_grace_ms: integer(1, MAX_TIMER_MS),
  shutdown_delay_ms: integer(0, MAX_TIMER_MS),
  max_inflight_per_connection: integer(1, MAX_INFLIGHT_PER_CONNECTION),
  send_timeout_ms: integer(1, MAX_TIMER_MS),
  // A header name in lower case: node:http lower-cases header names, so `X-Request-Id` would never match.
  request_id_header: expect(
    (value) => value === false || (typeof value === 'string' && isHeaderName(value) && value === value.toLowerCase()),
    'false (always generate the id) or a lower-case header name such as "x-request-id"',
  ),
};

/** Checks the object at `key`: no unknown key, and each key present passes its check. */
function checkFields(value: unknown, key: string, checks: Readonly<Record<string, Check>>): Record<string, unknown> {
  const fields = expectObject(value, key);
  rejectUnknownKeys(fields, key, Object.keys(checks));
  for (const [name, check] of Object.entries(checks))
    if (fields[name] !== undefined) check(fields[name], childPath(key, name));
  return fields;
}

/** Checks one environment's merged map: node:http refuses a headers timeout above the request timeout (ERR_OUT_OF_RANGE). */
export function checkServerConfigurationConsistency(server: ServerConfiguration, environment: string): void {
  if (server.headers_timeout_ms <= server.request_timeout_ms) return;
  throw badValue(
    'fw.server_configuration.headers_timeout_ms',
    `at most fw.server_configuration.request_timeout_ms (${server.request_timeout_ms}) in environment "${environment}"`,
    server.headers_timeout_ms,
  );
}

/** A non-empty list of distinct names ending with the router's handler (nothing after it would run). */
function validateStreamHandlers(value: unknown, key: string): void {
  const last = ROUTER_STREAM_HANDLER;
  if (!Array.isArray(value) || value.length === 0)
    throw badValue(key, `a non-empty array of stream handler names ending with "${last}"`, value);
  value.forEach((name: unknown, index) => {
    const first = value.indexOf(expectNonEmptyString(name, `${key}[${index}]`));
    if (first < index) throw badValue(`${key}[${index}]`, `a name not already listed at ${key}[${first}]`, name);
  });
  if (value.at(-1) !== last) throw badValue(key, `an array ending with "${last}"`, value);
}

/** Checks plugin registrations `{phase, module, options?}` (`fw.plugins`, a group's `plugins`); returns new entries. */
export function validatePluginEntries(value: unknown, keyPath: string): PluginEntry[] {
  if (!Array.isArray(value)) throw badValue(keyPath, 'an array of {phase, module, options} entries', value);
  return value.map((item: unknown, index) => {
    const at = `${keyPath}[${index}]`;
    const entry = expectObject(item, at);
    rejectUnknownKeys(entry, at, ['phase', 'module', 'options']);
    const phase = expectOneOf<Phase>(entry['phase'], childPath(at, 'phase'), ['pre_request', 'post_request']);
    const module = expectNonEmptyString(entry['module'], childPath(at, 'module'));
    return {
      phase,
      module,
      ...(entry['options'] !== undefined && { options: expectObject(entry['options'], childPath(at, 'options')) }),
    };
  });
}

/** True for a JSON object: not null, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rejectUnknownKeys(object: Record<string, unknown>, key: string, known: readonly string[]): void {
  for (const name of Object.keys(object)) if (!known.includes(name)) throw unknownKey(key, name, known);
}

function expectObject(value: unknown, key: string): Record<string, unknown> {
  if (!isJsonObject(value)) throw badValue(key, 'an object', value);
  return value;
}

function expectNonEmptyString(value: unknown, key: string): string {
  if (typeof value !== 'string' || value === '') throw badValue(key, 'a non-empty string', value);
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
