/** Resolves an app's configuration: the file (or the document given in code), the environment's overlay and the env-var overrides. */
import { basename, resolve } from 'node:path';
import { FwError } from '../errors.ts';
import { LOG_LEVELS, repeatInterval } from '../log/logger.ts';
import {
  CONFIG_FILE_NAME,
  CONFIG_KEYS,
  configDefaults,
  MINIMAL_CONFIG,
  type ConfigEntry,
  type ConfigReport,
  type FwConfig,
  type FwSection,
  type LoadedConfig,
  type ServerConfiguration,
} from './config.ts';
import { badValue, closeEnvironment, unknownEnvironment } from './config-errors.ts';
import { readConfigFile } from './read-config-file.ts';
import {
  checkServerConfigurationConsistency,
  expectHost,
  expectOneOf,
  isJsonObject,
  MAX_PORT,
  MAX_TIMER_MS,
  parseConfigLayout,
  type ConfigLayout,
  type ConfigSections,
} from './validate-config.ts';

/** resolveConfig (or, given `document`, resolveConfigDocument), then FW_ERR_CONFIG_MISSING_KEY for a required key not set. */
export async function loadConfig(
  appDir: string,
  env: NodeJS.ProcessEnv = process.env,
  document?: unknown,
): Promise<LoadedConfig> {
  const { file, entries, app } =
    document === undefined
      ? await resolveConfig(appDir, env)
      : resolveConfigDocument(document, 'the configuration given in code', env);
  // bootstrap_application is the one key without a default (configDefaults), so the only one that can be missing.
  if (entries.some((entry) => entry.missing)) {
    const key = 'fw.bootstrap_application';
    throw new FwError(
      'FW_ERR_CONFIG_MISSING_KEY',
      `Required configuration key ${key} is not set in ${file}; set it to the name of the application to start, e.g. "blog"`,
      { details: { key, file } },
    );
  }
  // One entry per key, each value checked and, with no key missing, defined: an FwConfig.
  const fw = Object.freeze(Object.fromEntries(entries.map((entry) => [entry.key, entry.value]))) as unknown as FwConfig;
  return Object.freeze({ file, fw, entries, app });
}

/**
 * Reads `<appDir>/fw.config.json` (or the file `FW_CONFIG` names, relative to appDir) and resolves it. A missing required
 * key is reported (`missing: true`), not thrown, so `fw config` can show it; every other problem throws a coded FwError.
 */
export async function resolveConfig(appDir: string, env: NodeJS.ProcessEnv = process.env): Promise<ConfigReport> {
  const named = isSet(env['FW_CONFIG']) ? env['FW_CONFIG'] : undefined;
  const file = resolve(appDir, named ?? CONFIG_FILE_NAME);
  // Its "fw" field names the app module: read as fw's configuration, it is refused as an unknown key fw.app.
  if (basename(file) === 'package.json')
    throw badValue(
      'FW_CONFIG',
      `fw's configuration file, ${MINIMAL_CONFIG} in a file of its own, not a package.json (${file}: its "fw" field names the app module)`,
      named,
    );
  return resolveConfigDocument(await readConfigFile(file, named), file, env);
}

/** resolveConfig over a document in memory (configuration given in code); `origin` stands for the file in messages. */
export function resolveConfigDocument(document: unknown, origin: string, env: NodeJS.ProcessEnv): ConfigReport {
  const layout = parseConfigLayout(document, origin);
  const overrides = envOverrides(env);
  const environment = selectEnvironment(layout, env['FW_ENV'], origin);
  // Every section merged is checked, and merging checked sections field by field keeps them valid.
  const fwOf = (overlay: ConfigSections | undefined): FwSection =>
    mergeOverlay(mergeOverlay(layout.base.fw, overlay?.fw), overrides);
  // Rules that tie keys together hold per environment: check the others now, not at their deploy.
  for (const [name, overlay] of Object.entries(layout.environments))
    if (name !== environment.name) resolveEntries(fwOf(overlay), { name, isDefault: false });
  const overlay = layout.environments[environment.name];
  const fw = fwOf(overlay);
  const entries = resolveEntries(fw, environment);
  const name = fw.bootstrap_application;
  const app = name === undefined ? {} : mergeOverlay(layout.base.apps[name] ?? {}, overlay?.apps[name]);
  return deepFreeze({ file: origin, environment: environment.name, entries, app });
}

interface SelectedEnvironment {
  readonly name: string;
  readonly isDefault: boolean;
}

// FW_ENV, else the base file's fw.environment, else the default. FW_ENV must name a defined environment:
// `FW_ENV=production` next to a `prod` overlay would otherwise start silently without prod's settings.
function selectEnvironment(layout: ConfigLayout, fwEnv: string | undefined, file: string): SelectedEnvironment {
  const defined = new Set([configDefaults.environment, ...Object.keys(layout.environments)]);
  const base = layout.base.fw.environment;
  // A base name that is a typo of an overlay's ("prd" beside prod) would run without that overlay, unnoticed.
  const near =
    base === undefined || Object.hasOwn(layout.environments, base)
      ? undefined
      : closeEnvironment(base, Object.keys(layout.environments));
  if (near !== undefined)
    throw badValue(
      'fw.environment',
      `"${near}", the overlay under environments it is close to, or a name no overlay's is close to`,
      base,
    );
  if (base !== undefined) defined.add(base);
  if (isSet(fwEnv) && !defined.has(fwEnv)) throw unknownEnvironment(fwEnv, [...defined].sort(), file);
  const chosen = isSet(fwEnv) ? fwEnv : base;
  return chosen === undefined
    ? { name: configDefaults.environment, isDefault: true }
    : { name: chosen, isDefault: false };
}

/**
 * PORT, HOST, FW_SHUTDOWN_DELAY_MS and LOG_LEVEL as an overlay over every environment; FW_LOG_REPEAT_INTERVAL_MS, the JSON
 * logger's, checked with them so that fw's commands refuse it as the server does. An empty one is absent (`PORT=${PORT}`).
 */
function envOverrides(env: NodeJS.ProcessEnv): FwSection {
  repeatInterval(env);
  const server: Record<string, unknown> = {};
  if (isSet(env['PORT'])) server['port'] = parseWhole(env['PORT'], 'PORT', MAX_PORT, '');
  if (isSet(env['HOST'])) server['host'] = expectHost(env['HOST'], 'HOST');
  const delay = env['FW_SHUTDOWN_DELAY_MS'];
  if (isSet(delay))
    server['shutdown_delay_ms'] = parseWhole(delay, 'FW_SHUTDOWN_DELAY_MS', MAX_TIMER_MS, ' (milliseconds)');
  const overrides: Record<string, unknown> = Object.keys(server).length === 0 ? {} : { server_configuration: server };
  if (isSet(env['LOG_LEVEL'])) overrides['log_level'] = expectOneOf(env['LOG_LEVEL'], 'LOG_LEVEL', LOG_LEVELS);
  return overrides;
}

const isSet = (value: string | undefined): value is string => value !== undefined && value !== '';

function parseWhole(text: string, name: string, max: number, unit: string): number {
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(number <= max)) throw badValue(name, `an integer from 0 to ${max}${unit}`, text);
  return number;
}

/** One environment's effective value of every key (`fw`: base, overlay and overrides merged), in print order. */
function resolveEntries(fw: FwSection, environment: SelectedEnvironment): ConfigEntry[] {
  return CONFIG_KEYS.map((key) => {
    if (key === 'environment')
      return { key, value: environment.name, isDefault: environment.isDefault, missing: false };
    if (key === 'server_configuration') {
      const server: ServerConfiguration = { ...configDefaults.server_configuration, ...fw.server_configuration };
      checkServerConfigurationConsistency(server, environment.name);
      return { key, value: server, isDefault: Object.keys(fw.server_configuration ?? {}).length === 0, missing: false };
    }
    const written = fw[key];
    const value = written ?? configDefaults[key as keyof typeof configDefaults];
    const isDefault = written === undefined && key in configDefaults;
    return { key, value, isDefault, missing: value === undefined };
  });
}

/** A new object: `base` with `overlay` merged over it, objects key by key all the way down. */
function mergeOverlay(
  base: Readonly<Record<string, unknown>>,
  overlay?: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
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

/** The fw.config.json document equivalent to `config` for the app `appName` (with its own section `appSection`). */
export function inCodeDocument(
  config: InCodeConfig,
  appName: string,
  appSection?: Readonly<Record<string, unknown>>,
): object {
  // `fw` first, so a stray key in `config` (an app section, `environments`) is refused as an unknown fw key.
  return {
    fw: { bootstrap_application: appName, ...config },
    ...(appSection !== undefined && { [appName]: appSection }),
  };
}
