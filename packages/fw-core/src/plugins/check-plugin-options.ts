/**
 * Start-up validation of a plugin's options: unknown names, wrong types and missing required
 * options become FW_ERR_PLUGIN_BAD_OPTIONS naming the option and showing a valid value, so a
 * typo in the configuration fails `init` instead of being ignored per request.
 */
import { FwError } from '../errors.ts';

/** What one option accepts. */
export interface OptionRule {
  /** A valid value in words, for messages: `a string`, `true or false`. */
  readonly expected: string;
  /** A valid value as written in configuration, for messages: `"*"`, `1048576`. */
  readonly example: string;
  readonly required?: boolean;
  readonly accepts: (value: unknown) => boolean;
}

/** Rule for an optional boolean option. */
export const booleanOption: OptionRule = { expected: 'true or false', example: 'true', accepts: (value) => typeof value === 'boolean' };

/**
 * Checks `options` (undefined means none given) against `rules`; throws
 * FW_ERR_PLUGIN_BAD_OPTIONS on the first problem, with `details.plugin` and `details.option`.
 */
export function checkPluginOptions(plugin: string, options: unknown, rules: Readonly<Record<string, OptionRule>>): void {
  const given = options ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) {
    throw bad(plugin, undefined, `${plugin} options must be a map of option names to values`);
  }
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(rules, name)) {
      const known = Object.keys(rules).join(', ');
      throw bad(plugin, name, `${plugin} does not know option ${name}; its options are: ${known}`);
    }
  }
  for (const [name, rule] of Object.entries(rules)) {
    const value: unknown = (given as Record<string, unknown>)[name];
    if (value === undefined && !rule.required) continue;
    if (value !== undefined && rule.accepts(value)) continue;
    throw bad(plugin, name, rule.required
      ? `${plugin} needs option ${name} (${rule.expected}, e.g. ${rule.example})`
      : `${plugin} option ${name} must be ${rule.expected}, e.g. ${rule.example}`);
  }
}

function bad(plugin: string, option: string | undefined, message: string): FwError {
  return new FwError('FW_ERR_PLUGIN_BAD_OPTIONS', message, { details: { plugin, option } });
}
