/**
 * Resolving an app's configuration: the file (or the document given in code), the active
 * environment's overlay and the env-var overrides, into every key's value and origin.
 */
import { resolve } from 'node:path';
import { FwError } from '../errors.ts';
import { LOG_LEVELS, type LogLevel } from '../log/logger.ts';
import { CONFIG_FILE_NAME, CONFIG_KEYS, configDefaults, REQUIRED_CONFIG_KEYS } from './config.ts';
import type { ConfigEntry, ConfigKey, ConfigReport, FwConfig, FwSection, LoadedConfig, ServerConfiguration } from './config.ts';
import { badValue, unknownEnvironment } from './config-errors.ts';
import { readConfigFile } from './read-config-file.ts';
import { checkServerConfigurationConsistency, expectOneOf, isJsonObject, MAX_PORT, MAX_TIMER_MS, parseConfigLayout } from './validate-config.ts';
import type { ConfigLayout, ConfigSections } from './validate-config.ts';

/** resolveConfig (or, given `document`, resolveConfigDocument), then FW_ERR_CONFIG_MISSING_KEY for a required key not set. */
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
 * Reads `<appDir>/fw.config.json` (or the file `FW_CONFIG` names, relative to appDir: a
 * deployment's, a test's) and resolves it. A missing required key is reported (`missing: true`),
 * not thrown, so `fw config` can show it; every other problem throws a coded FwError.
 */
export async function resolveConfig(appDir: string, env: NodeJS.ProcessEnv = process.env): Promise<ConfigReport> {
  const file = resolve(appDir, isSet(env['FW_CONFIG']) ? env['FW_CONFIG'] : CONFIG_FILE_NAME);
  return resolveConfigDocument(await readConfigFile(file), file, env);
}

/**
 * The same rules over a document already in memory, so configuration given in code
 * (createListener) is checked exactly like the file. `origin` stands for the file in messages.
 */
export function resolveConfigDocument(document: unknown, origin: string, env: NodeJS.ProcessEnv = process.env): ConfigReport {
  const layout = parseConfigLayout(document);
  const overrides = readEnvOverrides(env);
  const environment = selectEnvironment(layout, overrides, origin);
  // Rules that tie keys together hold per environment: check the others now, not at their deploy.
  for (const [name, overlay] of Object.entries(layout.environments)) {
    if (name !== environment.name) resolveEntries(mergeFw(layout.base, overlay), { name, isDefault: false }, overrides);
  }
  const overlay = layout.environments[environment.name];
  const fw = mergeFw(layout.base, overlay);
  const entries = resolveEntries(fw, environment, overrides);
  const name = fw.bootstrap_application;
  const app = name === undefined ? {} : mergeOverlay(layout.base.apps[name] ?? {}, overlay?.apps[name]);
  return deepFreeze({ file: origin, environment: environment.name, entries, app });
}

/** The environment in use and whether it is the built-in default. */
interface SelectedEnvironment {
  readonly name: string;
  readonly isDefault: boolean;
}

// FW_ENV, else the base file's fw.environment, else the default. A name the file does not
// define would run on the base alone, silently: `FW_ENV=production` next to a `prod` overlay
// would start without prod's database or limits. So FW_ENV must name a defined environment.
function selectEnvironment(layout: ConfigLayout, overrides: EnvOverrides, file: string): SelectedEnvironment {
  const defined = new Set([configDefaults.environment, ...Object.keys(layout.environments)]);
  if (layout.base.fw.environment !== undefined) defined.add(layout.base.fw.environment);
  if (overrides.environment !== undefined && !defined.has(overrides.environment)) {
    throw unknownEnvironment(overrides.environment, [...defined].sort(), file);
  }
  const chosen = overrides.environment ?? layout.base.fw.environment;
  return chosen === undefined ? { name: configDefaults.environment, isDefault: true } : { name: chosen, isDefault: false };
}

// Both sections are checked, and merging checked sections field by field keeps them valid.
function mergeFw(base: ConfigSections, overlay: ConfigSections | undefined): FwSection {
  return mergeOverlay(base.fw, overlay?.fw) as FwSection;
}

/** The variables that override the file (docs/configuration.md); one unset or empty (`PORT=${PORT}` of a compose file) is absent. */
interface EnvOverrides {
  readonly environment?: string;
  readonly port?: number;
  readonly host?: string;
  readonly shutdown_delay_ms?: number;
  readonly log_level?: LogLevel;
}

function readEnvOverrides(env: NodeJS.ProcessEnv): EnvOverrides {
  const overrides: { -readonly [K in keyof EnvOverrides]: EnvOverrides[K] } = {};
  if (isSet(env['FW_ENV'])) overrides.environment = env['FW_ENV'];
  if (isSet(env['PORT'])) overrides.port = parseWhole(env['PORT'], 'PORT', MAX_PORT, '');
  if (isSet(env['HOST'])) overrides.host = env['HOST'];
  const delay = env['FW_SHUTDOWN_DELAY_MS'];
  if (isSet(delay)) overrides.shutdown_delay_ms = parseWhole(delay, 'FW_SHUTDOWN_DELAY_MS', MAX_TIMER_MS, ' (milliseconds)');
  if (isSet(env['LOG_LEVEL'])) overrides.log_level = expectOneOf(env['LOG_LEVEL'], 'LOG_LEVEL', LOG_LEVELS);
  return overrides;
}

function isSet(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

function parseWhole(text: string, name: string, max: number, unit: string): number {
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(number <= max)) throw badValue(name, `an integer from 0 to ${max}${unit}`, text);
  return number;
}

type Resolved = readonly [value: unknown, isDefault: boolean];

/** One environment's effective value of every key, in print order, with whether it is the default. */
function resolveEntries(fw: FwSection, environment: SelectedEnvironment, overrides: EnvOverrides): ConfigEntry[] {
  const fileOrDefault = (key: keyof typeof configDefaults): Resolved => {
    const written = fw[key];
    return written === undefined ? [configDefaults[key], true] : [written, false];
  };
  const resolved: Record<ConfigKey, Resolved> = {
    bootstrap_application: [fw.bootstrap_application, false],
    environment: [environment.name, environment.isDefault],
    server_configuration: resolveServer(fw, overrides, environment.name),
    plugins: fileOrDefault('plugins'),
    json_lib: fileOrDefault('json_lib'),
    use_stacktrace: fileOrDefault('use_stacktrace'),
    dispatch_backend: fileOrDefault('dispatch_backend'),
    log_level: overrides.log_level === undefined ? fileOrDefault('log_level') : [overrides.log_level, false],
  };
  return CONFIG_KEYS.map((key) => {
    const [value, isDefault] = resolved[key];
    return { key, value, isDefault, missing: value === undefined && key in REQUIRED_CONFIG_KEYS };
  });
}

// The full map: defaults, then the file's fields, then PORT, HOST and FW_SHUTDOWN_DELAY_MS.
function resolveServer(fw: FwSection, overrides: EnvOverrides, environment: string): Resolved {
  const written = fw.server_configuration ?? {};
  const { port, host, shutdown_delay_ms } = overrides;
  const overridden = Object.fromEntries(Object.entries({ port, host, shutdown_delay_ms }).filter(([, value]) => value !== undefined));
  const server: ServerConfiguration = { ...configDefaults.server_configuration, ...written, ...overridden };
  checkServerConfigurationConsistency(server, environment);
  return [server, Object.keys(written).length === 0 && Object.keys(overridden).length === 0];
}

/** A new object: `base` with `overlay` merged over it, objects key by key all the way down. */
function mergeOverlay(base: Readonly<Record<string, unknown>>, overlay: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay ?? {})) {
    const under = merged[key];
    merged[key] = isJsonObject(under) && isJsonObject(value) ? mergeOverlay(under, value) : value;
  }
  return merged;
}

/** Freezes `value` and everything reachable from it, so nothing changes configuration while the server runs. */
function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child, seen);
  return value;
}

/** Configuration given in code (createListener, startServer): the `fw` section; `bootstrap_application` defaults to the app's name. */
export type InCodeConfig = FwSection;

/** What messages and `LoadedConfig.file` say instead of a file path. */
export const IN_CODE_CONFIG_ORIGIN = 'the configuration given in code';

/** The fw.config.json document equivalent to `config` for the app `appName` (with its own section `appSection`). */
export function inCodeDocument(config: InCodeConfig, appName: string, appSection?: Readonly<Record<string, unknown>>): Record<string, unknown> {
  // `fw` first, so a stray key in `config` (an app section, `environments`) is refused as an unknown fw key.
  return { fw: { bootstrap_application: appName, ...config }, ...(appSection !== undefined && { [appName]: appSection }) };
}
