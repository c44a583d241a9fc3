/**
 * The top level of fw.config.json, laid out like an Erlang sys.config: `fw` holds fw's keys,
 * `environments` holds per-environment overlays, and every other key is an application's own
 * free-form section. Every overlay is checked, not only the active one, so a typo in `prod`
 * fails on a developer's machine rather than in production.
 */
import { badValue, unknownKey } from './config-errors.ts';
import { CONFIG_FILE_NAME } from './defaults.ts';
import { closestKey } from './did-you-mean.ts';
import type { FwSection } from './fw-section.ts';
import { childPath } from './key-path.ts';
import { validateFwSection } from './validate-fw-section.ts';
import { expectObject } from './value-checks.ts';

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
