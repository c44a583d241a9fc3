/** The coded errors configuration validation throws, worded once so every check reads alike. */
import { FwError } from '../errors.ts';
import { closestEnvironment, closestKey } from './did-you-mean.ts';
import { describeFound } from './json-value.ts';
import { childPath } from './key-path.ts';

/** FW_ERR_CONFIG_BAD_VALUE: `<key> must be <expected>; found <value>`. */
export function badValue(key: string, expected: string, found: unknown): FwError {
  return new FwError(
    'FW_ERR_CONFIG_BAD_VALUE',
    `${key} must be ${expected}; found ${describeFound(found)}`,
    { details: { key, expected, found } },
  );
}

/** FW_ERR_CONFIG_UNKNOWN_KEY for `key` inside the object at `parent`, suggesting the closest known key. */
export function unknownKey(parent: string, key: string, known: readonly string[]): FwError {
  const path = childPath(parent, key);
  const suggestion = closestKey(key, known);
  const hint =
    suggestion === undefined
      ? `the keys allowed in ${parent} are ${known.join(', ')}`
      : `did you mean ${childPath(parent, suggestion)}?`;
  return new FwError('FW_ERR_CONFIG_UNKNOWN_KEY', `Unknown configuration key ${path}; ${hint}`, {
    details: { key: path, suggestion },
  });
}

/**
 * FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT: FW_ENV names an environment `file` does not define, listing
 * the `defined` ones and suggesting the closest.
 */
export function unknownEnvironment(name: string, defined: readonly string[], file: string): FwError {
  const suggestion = closestEnvironment(name, defined);
  const hint = suggestion === undefined ? '' : `did you mean "${suggestion}"? `;
  const quoted = defined.map((environment) => `"${environment}"`).join(', ');
  return new FwError(
    'FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT',
    `FW_ENV selects the environment "${name}", which ${file} does not define (defined: ${quoted}); ` +
      `${hint}set FW_ENV to a defined environment, or add "${name}" under environments (an empty overlay {} will do)`,
    { details: { environment: name, defined, suggestion, file } },
  );
}
