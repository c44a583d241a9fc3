/** The environment overlay rule: objects merge key by key, all the way down; anything else replaces. */
import { isJsonObject } from './json-value.ts';

/** A new object: `base` with `overlay` merged over it. Neither input is changed. */
export function mergeOverlay(
  base: Readonly<Record<string, unknown>>,
  overlay: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay ?? {})) {
    const under = merged[key];
    merged[key] = isJsonObject(under) && isJsonObject(value) ? mergeOverlay(under, value) : value;
  }
  return merged;
}
