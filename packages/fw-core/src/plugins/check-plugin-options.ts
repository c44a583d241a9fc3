/** Start-up checks of a plugin's options: a typo in configuration fails `init`, not a request. */
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
export const booleanOption: OptionRule = {
  expected: 'true or false',
  example: 'true',
  accepts: (value) => typeof value === 'boolean',
};

/** Checks `options` (undefined: none) against `rules`; FW_ERR_PLUGIN_BAD_OPTIONS at the first problem. */
export function checkPluginOptions(
  plugin: string,
  options: unknown,
  rules: Readonly<Record<string, OptionRule>>,
): void {
  const given = options ?? {};
  if (typeof given !== 'object' || Array.isArray(given))
    throw bad(plugin, undefined, `${plugin} options must be a map of option names to values`);
  const unknown = Object.keys(given).find((name) => !Object.hasOwn(rules, name));
  if (unknown !== undefined)
    throw bad(
      plugin,
      unknown,
      `${plugin} does not know option ${unknown}; its options are: ${Object.keys(rules).join(', ')}`,
    );
  for (const [name, rule] of Object.entries(rules)) {
    const value: unknown = (given as Record<string, unknown>)[name];
    if (value === undefined ? !rule.required : rule.accepts(value)) continue;
    throw bad(
      plugin,
      name,
      value === undefined
        ? `${plugin} needs option ${name} (${rule.expected}, e.g. ${rule.example})`
        : `${plugin} option ${name} must be ${rule.expected}, e.g. ${rule.example}`,
    );
  }
}

function bad(plugin: string, option: string | undefined, message: string): FwError {
  return new FwError('FW_ERR_PLUGIN_BAD_OPTIONS', message, { details: { plugin, option } });
}
