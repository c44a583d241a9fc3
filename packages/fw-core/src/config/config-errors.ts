/** The coded errors of configuration validation, worded once: places, values found, "did you mean". */
import { closest, closestKey } from '../closest-key.ts';
import { FwError } from '../errors.ts';
import { CONFIG_KEYS, configDefaults } from './config.ts';

/** FW_ERR_CONFIG_BAD_VALUE: `<key> must be <expected>; found <value>`. */
export function badValue(key: string, expected: string, found: unknown): FwError {
  return new FwError('FW_ERR_CONFIG_BAD_VALUE', `${key} must be ${expected}; found ${describeFound(found)}`, {
    details: { key, expected, found },
  });
}

// A body size limit, looked for where Fastify's bodyLimit is (a server option), lives on the plugin that reads bodies.
const ELSEWHERE = /^(?:max_?body_?size|body_?limit)$/i;
const BODY_LIMIT_IS_ELSEWHERE =
  "the body size limit is fw_request_plugin's max_body_size option, set on its entry in fw.plugins or a group's plugins (docs/builtin-plugins.md)";

/**
 * FW_ERR_CONFIG_UNKNOWN_KEY for `key` inside the object at `parent` (`''`: the top level), suggesting the
 * closest known key. With `appNames`, `key` is a section neither in `known` nor the application's.
 */
export function unknownKey(
  parent: string,
  key: string,
  known: readonly string[],
  appNames?: readonly string[],
): FwError {
  const path = childPath(parent, key);
  const allowed = [...known, ...(appNames ?? [])];
  // One of fw's keys a map off (fw.port), else a typo, else a key cut short (server_config): the one known key it begins.
  const suggestion =
    movedKey(parent, key) ??
    closestKey(key, allowed) ??
    (key.length < 4 ? undefined : allowed.find((name) => name.startsWith(key.toLowerCase())));
  const where = parent === '' ? 'at the top level' : `in ${parent}`;
  const hint = ELSEWHERE.test(key)
    ? BODY_LIMIT_IS_ELSEWHERE
    : suggestion === undefined
      ? `the keys allowed ${where} are ${allowed.join(', ')}`
      : `did you mean ${suggestion.includes('.') ? suggestion : childPath(parent, suggestion)}?`;
  const sections = appNames?.map((name) => childPath(parent, name)).join(' or ');
  const section =
    sections === undefined ? '' : `the only application section is ${sections}, named by fw.bootstrap_application; `;
  return new FwError('FW_ERR_CONFIG_UNKNOWN_KEY', `Unknown configuration key ${path}; ${section}${hint}`, {
    details: { key: path, suggestion },
  });
}

const SERVER = 'server_configuration';
const SERVER_KEYS: readonly string[] = Object.keys(configDefaults.server_configuration);

/** The path where `key`, unknown at `parent`, belongs when it is a key of fw's other map: `fw.server_configuration.port` for `fw.port`. */
function movedKey(parent: string, key: string): string | undefined {
  if (/(?:^|\.)fw$/.test(parent) && SERVER_KEYS.includes(key)) return childPath(childPath(parent, SERVER), key);
  return parent.endsWith(`fw.${SERVER}`) && (CONFIG_KEYS as readonly string[]).includes(key)
    ? childPath(parent.slice(0, -SERVER.length - 1), key)
    : undefined;
}

/** FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT: FW_ENV names an environment `file` does not define. */
export function unknownEnvironment(name: string, defined: readonly string[], file: string): FwError {
  const suggestion = closeEnvironment(name, defined);
  const hint = suggestion === undefined ? '' : `did you mean "${suggestion}"? `;
  const quoted = defined.map((environment) => `"${environment}"`).join(', ');
  return new FwError(
    'FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT',
    `FW_ENV selects the environment "${name}", which ${file} does not define (defined: ${quoted}); ` +
      `${hint}set FW_ENV to a defined environment, or add "${name}" under environments (an empty overlay {} will do)`,
    { details: { environment: name, defined, suggestion, file } },
  );
}

/** The one of `defined` that `name` likely means: a typo of it, else the longest shared prefix of 3+ characters (`prod`). */
export function closeEnvironment(name: string, defined: readonly string[]): string | undefined {
  return (
    closestKey(name, defined) ?? closest(defined, -2, (candidate) => -sharedPrefixLength(name.toLowerCase(), candidate))
  );
}

const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

/** The path of `key` inside the object at `parent` (`''` for the top level). */
export function childPath(parent: string, key: string): string {
  if (!PLAIN_KEY.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

const MAX_SHOWN = 60;

/** How an error message shows a value it found: `"80" (a string)`, `null`, `[] (an array)`. */
function describeFound(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  const shown = JSON.stringify(value) ?? String(value);
  return `${shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN - 1)}…` : shown} (${Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`})`;
}

function sharedPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}
