/**
 * How stores turn clock readings into stored timestamps and back. A timestamp that is not a
 * valid date-time is stored and read as null (the contract's `inserted_at: null`).
 */

/** Milliseconds since the epoch, or null for an invalid Date. */
export function timeOf(date: Date): number | null {
  const ms = date.getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** ISO-8601 UTC text with milliseconds (`2024-05-01T12:00:00.000Z`), or null for an invalid Date. */
export function isoTextOf(date: Date): string | null {
  return timeOf(date) === null ? null : date.toISOString();
}

/** A fresh Date for stored milliseconds, or null. */
export function dateOf(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms);
}

/** A Date read back from stored text (or a driver value); null unless it is a valid date-time. */
export function parseStoredTime(value: unknown): Date | null {
  if (value instanceof Date) return timeOf(value) === null ? null : value;
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms) : null;
}
