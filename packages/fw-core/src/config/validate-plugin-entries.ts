/**
 * Plugin registrations, `{phase, module, options?}`, as written in `fw.plugins` and on route
 * groups (service-spec.md, "Global configuration keys": "each `{phase, module, options}`").
 */
import type { Phase, PluginEntry } from '../plugins/plugin.ts';
import { badValue } from './config-errors.ts';
import { elementPath, childPath } from './key-path.ts';
import { expectNonEmptyString, expectObject, expectOneOf, rejectUnknownKeys } from './value-checks.ts';

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
