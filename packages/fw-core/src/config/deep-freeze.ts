/** Freezing resolved configuration so nothing can change it while the server runs. */

/** Freezes `value` and every object and array reachable from it; returns `value`. */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child, seen);
  return value;
}
