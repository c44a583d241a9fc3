/**
 * How many values a decoded JSON value holds, counted only up to a limit: the default schema
 * compiler (ajv-compiler.ts) collects every issue of a part only when the part is small enough
 * for that to be cheap. Iterative, so a deeply nested body cannot overflow the stack.
 */

/** True when `value` holds at most `limit` values (itself, and every element and property value below it). */
export function hasAtMostValues(value: unknown, limit: number): boolean {
  let count = 1;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    const children = Array.isArray(current) ? current : Object.values(current);
    count += children.length;
    // Checked before the children are queued: a 262,144-element array stops here.
    if (count > limit) return false;
    for (const child of children) pending.push(child);
  }
  return true;
}
