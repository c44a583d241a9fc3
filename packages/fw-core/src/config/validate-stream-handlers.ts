/** `server_configuration.stream_handlers`: the ordered chain of stream handler names. */
import { badValue } from './config-errors.ts';
import { elementPath } from './key-path.ts';
import { expectNonEmptyString } from './value-checks.ts';

/** Checks a non-empty list of distinct non-empty names ending with `last` (the router's handler). */
export function validateStreamHandlers(value: unknown, key: string, last: string): readonly string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw badValue(key, `a non-empty array of stream handler names ending with "${last}"`, value);
  }
  const seen = new Map<string, number>();
  value.forEach((name: unknown, index) => {
    const path = elementPath(key, index);
    const checked = expectNonEmptyString(name, path);
    const first = seen.get(checked);
    if (first !== undefined) throw badValue(path, `a name not already listed at ${elementPath(key, first)}`, name);
    seen.set(checked, index);
  });
  // The router handler answers the request, so nothing placed after it would ever run.
  if (value.at(-1) !== last) throw badValue(key, `an array ending with "${last}"`, value);
  return value as string[];
}
