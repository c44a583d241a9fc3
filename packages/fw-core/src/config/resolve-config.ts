/**
 * Resolving an application's configuration: reading the file (or taking the document given in
 * code), applying the active environment's overlay and the env-var overrides, and yielding every
 * key's value and origin. `fw config` shows the report as it is; loading it to run also requires
 * every required key.
 */
import { resolve } from 'node:path';
import { FwError } from '../errors.ts';
import { LOG_LEVELS, type LogLevel } from '../log/logger.ts';
import {
  CONFIG_FILE_NAME,
  CONFIG_KEYS,
  configDefaults,
  REQUIRED_CONFIG_KEYS,
  type ConfigEntry,
  type ConfigKey,
  type ConfigReport,
  type FwConfig,
  type FwSection,
  type LoadedConfig,
  type ServerConfiguration,
} from './config.ts';
import { checkApplicationSections } from './application-sections.ts';
import { badValue, unknownEnvironment } from './config-errors.ts';
import { readConfigFile } from './read-config-file.ts';
import {
  checkServerConfigurationConsistency,
  expectOneOf,
  isJsonObject,
  MAX_PORT,
  MAX_TIMER_MS,
  parseConfigLayout,
  type ConfigLayout,
  type ConfigSections,
} from './validate-config.ts';

/**
 * resolveConfig (or, given `document`, the same rules over it: configuration given in code),
 * then FW_ERR_CONFIG_MISSING_KEY when a required key is not set.
 */
export async function loadConfig(appDir: string, env: NodeJS.ProcessEnv = process.env, document?: unknown): Promise<LoadedConfig> {
  const report = document === undefined ? await resolveConfig(appDir, env) : resolveConfigDocument(document, IN_CODE_CONFIG_ORIGIN, env);
  const { file, entries, app } = report;
  const missing = entries.find((entry) => entry.missing);
  if (missing !== undefined) {
    const key = `fw.${missing.key}`;
    throw new FwError(
      'FW_ERR_CONFIG_MISSING_KEY',
      `Required configuration key ${key} is not set in ${file}; set it to ${REQUIRED_CONFIG_KEYS[missing.key]}`,
      { details: { key, file } },
    );
  }
  // One entry per key, each value checked and, with no key missing, defined: an FwConfig.
  const fw = Object.freeze(Object.fromEntries(entries.map((entry) => [entry.key, entry.value]))) as unknown as FwConfig;
  return Object.freeze({ file, fw, entries, app });
}

/**
 * Reads `<appDir>/fw.config.json` (or the file `FW_CONFIG` names, relative to appDir) and
 * applies the active environment's overlay and the env-var overrides. A missing required key
 * is reported (`missing: true`), not thrown, so `fw config` can show it; every other problem
 * throws a coded FwError.
 */
export async function resolveConfig(appDir: string, env: NodeJS.ProcessEnv = process.env): Promise<ConfigReport> {
  const file = resolve(appDir, configFileName(env));
  return resolveConfigDocument(await readConfigFile(file), file, env);
}

/**
 * The same rules over a document already in memory (what fw.config.json would parse to), so
 * configuration given in code (createListener) is checked exactly like the file. `origin` names
 * where it came from in messages and stands for the file in the report.
 */
export function resolveConfigDocument(document: unknown, origin: string, env: NodeJS.ProcessEnv = process.env): ConfigReport {
  const file = origin;
  const layout = parseConfigLayout(document);
  checkApplicationSections(layout);
  const overrides = readEnvOverrides(env);
  const environment = selectEnvironment(layout, overrides, file);
  checkInactiveEnvironments(layout, environment.name, overrides);
  const overlay = layout.environments[environment.name];
  const fw = mergeFw(layout.base, overlay);
  const entries = resolveEntries(fw, environment, overrides);
  const app = appSection(layout.base, overlay, fw.bootstrap_application);
  return deepFreeze({ file, environment: environment.name, entries, app });
}

// FW_CONFIG lets one app directory run with another file (a deployment's, a test's).
function configFileName(env: NodeJS.ProcessEnv): string {
  const named = env['FW_CONFIG'];
  return named === undefined || named === '' ? CONFIG_FILE_NAME : named;
}

// FW_ENV, else the base file's fw.environment, else the default. A name the file does not
// define would run on the base alone, silently: `FW_ENV=production` next to a `prod` overlay
// would start without prod's database or limits. So FW_ENV must name a defined environment.
function selectEnvironment(layout: ConfigLayout, overrides: EnvOverrides, file: string): SelectedEnvironment {
  const defined = definedEnvironments(layout);
  if (overrides.environment !== undefined && !defined.includes(overrides.environment)) {
    throw unknownEnvironment(overrides.environment, defined, file);
  }
  const chosen = overrides.environment ?? layout.base.fw.environment;
  if (chosen === undefined) return { name: configDefaults.environment, isDefault: true };
  return { name: chosen, isDefault: false };
}

// The overlays' names, the base file's own environment and the built-in default, sorted.
function definedEnvironments(layout: ConfigLayout): string[] {
  const names = new Set([configDefaults.environment, ...Object.keys(layout.environments)]);
  if (layout.base.fw.environment !== undefined) names.add(layout.base.fw.environment);
  return [...names].sort();
}

// Rules that tie keys together hold per environment; check the others now, not at their deploy.
function checkInactiveEnvironments(layout: ConfigLayout, active: string, overrides: EnvOverrides): void {
  for (const [name, overlay] of Object.entries(layout.environments)) {
    if (name !== active) resolveEntries(mergeFw(layout.base, overlay), { name, isDefault: false }, overrides);
  }
}

// Both sections are checked, and merging checked sections field by field keeps them valid.
function mergeFw(base: ConfigSections, overlay: ConfigSections | undefined): FwSection {
  return mergeOverlay(base.fw, overlay?.fw) as FwSection;
}

function appSection(
  base: ConfigSections,
  overlay: ConfigSections | undefined,
  name: string | undefined,
): Record<string, unknown> {
  if (name === undefined) return {};
  return mergeOverlay(base.apps[name] ?? {}, overlay?.apps[name]);
}

// The environment variables that override the file: `FW_ENV` (environment), `PORT`
// (server_configuration.port), `HOST` (server_configuration.host), `FW_SHUTDOWN_DELAY_MS`
// (server_configuration.shutdown_delay_ms) and `LOG_LEVEL` (log_level).
// An empty variable counts as unset, as `PORT=${PORT}` in a compose file or a shell script
// yields one when the value is absent.

/** The overrides found; a key is absent when its variable is unset or empty. */
interface EnvOverrides {
  readonly environment?: string;
  readonly port?: number;
  readonly host?: string;
  readonly shutdown_delay_ms?: number;
  readonly log_level?: LogLevel;
}

/** Reads and checks the override variables in `env`. */
function readEnvOverrides(env: NodeJS.ProcessEnv): EnvOverrides {
  const overrides: { -readonly [K in keyof EnvOverrides]: EnvOverrides[K] } = {};
  if (isSet(env['FW_ENV'])) overrides.environment = env['FW_ENV'];
  if (isSet(env['PORT'])) overrides.port = parsePort(env['PORT']);
  if (isSet(env['HOST'])) overrides.host = env['HOST'];
  if (isSet(env['FW_SHUTDOWN_DELAY_MS'])) overrides.shutdown_delay_ms = parseShutdownDelay(env['FW_SHUTDOWN_DELAY_MS']);
  if (isSet(env['LOG_LEVEL'])) overrides.log_level = expectOneOf(env['LOG_LEVEL'], 'LOG_LEVEL', LOG_LEVELS);
  return overrides;
}

function isSet(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

function parsePort(text: string): number {
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(port <= MAX_PORT)) throw badValue('PORT', `an integer from 0 to ${MAX_PORT}`, text);
  return port;
}

// A drain length in whole milliseconds, as shutdown_delay_ms takes it; 0 turns the drain off.
function parseShutdownDelay(text: string): number {
  const ms = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(ms <= MAX_TIMER_MS)) throw badValue('FW_SHUTDOWN_DELAY_MS', `an integer from 0 to ${MAX_TIMER_MS} (milliseconds)`, text);
  return ms;
}

// One environment's effective value of every key, with where it came from.

/** The environment in use and whether it is the built-in default. */
interface SelectedEnvironment {
  readonly name: string;
  readonly isDefault: boolean;
}

type Resolved = readonly [value: unknown, isDefault: boolean];

/** The entries, in print order, for `fw` (base and overlay already merged) and the env-var overrides. */
function resolveEntries(
  fw: FwSection,
  environment: SelectedEnvironment,
  overrides: EnvOverrides,
): ConfigEntry[] {
  const resolved: Record<ConfigKey, Resolved> = {
    bootstrap_application: [fw.bootstrap_application, false],
    environment: [environment.name, environment.isDefault],
    server_configuration: resolveServer(fw, overrides, environment.name),
    plugins: fileOrDefault(fw, 'plugins'),
    json_lib: fileOrDefault(fw, 'json_lib'),
    use_stacktrace: fileOrDefault(fw, 'use_stacktrace'),
    dispatch_backend: fileOrDefault(fw, 'dispatch_backend'),
    log_level: overrides.log_level === undefined ? fileOrDefault(fw, 'log_level') : [overrides.log_level, false],
  };
  return CONFIG_KEYS.map((key) => {
    const [value, isDefault] = resolved[key];
    return { key, value, isDefault, missing: value === undefined && key in REQUIRED_CONFIG_KEYS };
  });
}

function fileOrDefault(fw: FwSection, key: keyof typeof configDefaults): Resolved {
  const written = fw[key];
  return written === undefined ? [configDefaults[key], true] : [written, false];
}

// The value is always the full map: defaults, then the file's fields, then PORT, HOST and FW_SHUTDOWN_DELAY_MS.
function resolveServer(fw: FwSection, overrides: EnvOverrides, environment: string): Resolved {
  const written = fw.server_configuration ?? {};
  const server: ServerConfiguration = {
    ...configDefaults.server_configuration,
    ...written,
    ...(overrides.port === undefined ? {} : { port: overrides.port }),
    ...(overrides.host === undefined ? {} : { host: overrides.host }),
    ...(overrides.shutdown_delay_ms === undefined ? {} : { shutdown_delay_ms: overrides.shutdown_delay_ms }),
  };
  checkServerConfigurationConsistency(server, environment);
  const overridden = overrides.port !== undefined || overrides.host !== undefined || overrides.shutdown_delay_ms !== undefined;
  return [server, Object.keys(written).length === 0 && !overridden];
}

// The environment overlay rule: objects merge key by key, all the way down; anything else replaces.

/** A new object: `base` with `overlay` merged over it. Neither input is changed. */
function mergeOverlay(
  base: Readonly<Record<string, unknown>>,
  overlay: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay ?? {})) {
    const under = merged[key];
    merged[key] = isJsonObject(under) && isJsonObject(value) ? mergeOverlay(under, value) : value;
  }
  return merged;
}

// Freezing resolved configuration so nothing can change it while the server runs.

/** Freezes `value` and every object and array reachable from it; returns `value`. */
function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child, seen);
  return value;
}

/**
 * Configuration given in code instead of fw.config.json (createListener, startServer): the `fw`
 * section as an object, turned into the document the file would parse to, so the same
 * validation applies key by key.
 */

/** The `fw` section of fw.config.json, as an object; `bootstrap_application` defaults to the app's name. */
export type InCodeConfig = FwSection;

/** What messages and `LoadedConfig.file` say instead of a file path. */
export const IN_CODE_CONFIG_ORIGIN = 'the configuration given in code';

/** The fw.config.json document equivalent to `config` for the app `appName` (with its own section `appSection`). */
export function inCodeDocument(config: InCodeConfig, appName: string, appSection?: Readonly<Record<string, unknown>>): Record<string, unknown> {
  // `fw` first, so a stray key in `config` (an app section, `environments`) is reported by the
  // fw section's validation as an unknown fw key rather than accepted silently.
  return { fw: { bootstrap_application: appName, ...config }, ...(appSection !== undefined && { [appName]: appSection }) };
}
