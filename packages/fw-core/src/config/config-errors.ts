/**
 * The coded errors configuration validation throws, worded once so every check reads alike: how
 * they name a place in the file (`fw.server_configuration.port`), how they show the value found,
 * and the "did you mean" suggestion for a misspelt key or environment name.
 */
import { FwError } from '../errors.ts';

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
 * FW_ERR_CONFIG_UNKNOWN_KEY for a section `key` at `parent` (`''` for the top level) that is
 * neither one of `fixed` (fw, environments) nor the application section in force (`appNames`).
 */
export function unknownApplicationSection(parent: string, key: string, appNames: readonly string[], fixed: readonly string[]): FwError {
  const path = childPath(parent, key);
  const known = [...fixed, ...appNames];
  const suggestion = closestKey(key, known);
  const sections = appNames.map((name) => childPath(parent, name)).join(' or ');
  const where = parent === '' ? 'at the top level' : `in ${parent}`;
  const hint =
    suggestion === undefined
      ? `the keys allowed ${where} are ${known.join(', ')}`
      : `did you mean ${childPath(parent, suggestion)}?`;
  return new FwError(
    'FW_ERR_CONFIG_UNKNOWN_KEY',
    `Unknown configuration key ${path}; the only application section is ${sections}, named by fw.bootstrap_application; ${hint}`,
    { details: { key: path, suggestion } },
  );
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

// How configuration errors name a place in the file: `fw.server_configuration.port`.

const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

/** The path of `key` inside the object at `parent` (`''` for the top level). */
export function childPath(parent: string, key: string): string {
  if (!PLAIN_KEY.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** The path of element `index` of the array at `parent`. */
export function elementPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}

const MAX_SHOWN = 60;

/** How an error message shows a value it found: `"80" (a string)`, `null`, `[] (an array)`. */
export function describeFound(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  const shown = JSON.stringify(value) ?? String(value);
  const clipped = shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN - 1)}…` : shown;
  return `${clipped} (${kindOf(value)})`;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

// The "did you mean" suggestion for a misspelt configuration key or environment name.

/** The known key closest to `key`, if it is close enough to be a likely typo. */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = key.toLowerCase();
  // One edit per three characters, at least one: `prot` -> `port`, not `host` -> `port`.
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(wanted.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The defined environment closest to `name`: a likely typo (closestKey), else the one sharing
 * the longest prefix of at least three characters, since environments are often named in full
 * in one place and abbreviated in another (`production` for `prod`, `development` for `dev`).
 */
export function closestEnvironment(name: string, defined: readonly string[]): string | undefined {
  const typo = closestKey(name, defined);
  if (typo !== undefined) return typo;
  const wanted = name.toLowerCase();
  let best: string | undefined;
  let bestShared = MIN_SHARED_PREFIX - 1;
  for (const candidate of defined) {
    const shared = sharedPrefixLength(wanted, candidate.toLowerCase());
    if (shared > bestShared) {
      best = candidate;
      bestShared = shared;
    }
  }
  return best;
}

// Two characters match too much by chance (`pr` of `preview` and `prod`).
const MIN_SHARED_PREFIX = 3;

function sharedPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

// Optimal string alignment distance: Levenshtein plus adjacent transpositions, the commonest typo.
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
