/** Helpers for inspecting values parsed from JSON. */

const MAX_SHOWN = 60;

/** True for a JSON object: not null, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
