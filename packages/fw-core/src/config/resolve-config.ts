/** Reading an application's configuration for `fw config`: every key's value and origin. */
import { resolve } from 'node:path';
import type { ConfigReport } from './config.ts';
import { unknownEnvironment } from './config-errors.ts';
import { deepFreeze } from './deep-freeze.ts';
import { CONFIG_FILE_NAME, configDefaults } from './defaults.ts';
import type { FwSection } from './fw-section.ts';
import { mergeOverlay } from './merge-overlay.ts';
import { parseConfigLayout, type ConfigLayout, type ConfigSections } from './parse-config-layout.ts';
import { readConfigFile } from './read-config-file.ts';
import { readEnvOverrides, type EnvOverrides } from './read-env-overrides.ts';
import { resolveEntries, type SelectedEnvironment } from './resolve-entries.ts';

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
