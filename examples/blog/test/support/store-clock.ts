/** A hand-driven clock for store tests: set it, advance it, or make it answer an invalid Date. */

/** A clock whose `now` answers the time last set. */
export interface ManualClock {
  readonly now: () => Date;
  /** Milliseconds since the epoch, or null to make `now` answer an invalid Date. */
  set(ms: number | null): void;
  advance(ms: number): void;
}

/** A ManualClock starting at `startMs` (default 2024-05-01T12:00:00.000Z). */
export function manualClock(startMs = Date.UTC(2024, 4, 1, 12)): ManualClock {
  let current: number | null = startMs;
  return {
    now: () => new Date(current ?? Number.NaN),
    set(ms) {
      current = ms;
    },
    advance(ms) {
      if (current === null) throw new Error('the clock is invalid; set it first');
      current += ms;
    },
  };
}
