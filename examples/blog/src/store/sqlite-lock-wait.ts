/**
 * Waiting for another connection's write lock without blocking the event loop. node:sqlite is
 * synchronous: with a busy_timeout, a statement that meets a lock sleeps inside SQLite and the
 * whole process (every request, /heartbeat included) stops until the lock is free or the
 * timeout ends. So the store runs with busy_timeout 0 and waits here instead: a unit of work that
 * fails with SQLITE_BUSY is tried again on a timer until the deadline, then fails with
 * StoreUnavailableError (503). A unit is synchronous and atomic (one autocommit statement or a
 * whole BEGIN … COMMIT), so it never leaves the connection mid-transaction across a wait, and a unit whose request's
 * client has gone (ReadFor) stops waiting at its next try: it has written nothing.
 */
import { isSqliteBusy } from './sqlite-errors.ts';
import { StoreUnavailableError, type ReadFor } from './store.ts';

/** Runs a synchronous unit of work, trying it again while another connection holds the lock and `writeFor`'s client is there. */
export type LockWait = <T>(unit: () => T, writeFor?: ReadFor) => Promise<T>;

/** Settings of `createLockWait`. */
export interface LockWaitOptions {
  /** How long one unit may wait for the lock in all, in milliseconds. */
  readonly timeoutMs: number;
  /** False once the store is closed: a unit waiting then fails instead of touching a closed database. */
  readonly isOpen: () => boolean;
}

// The pauses of SQLite's own busy handler (sqliteDefaultBusyCallback in src/main.c): short at
// first, for the common lock held by one quick commit, then 100 ms apart.
const PAUSES_MS = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100] as const;

/** A LockWait that gives up after `timeoutMs`. A unit that meets no lock runs at once, with no timer. */
export function createLockWait(options: LockWaitOptions): LockWait {
  const { timeoutMs, isOpen } = options;
  return async <T>(unit: () => T, writeFor?: ReadFor): Promise<T> => {
    try {
      return unit();
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      return waitAndRetry(unit, error, performance.now() + timeoutMs, timeoutMs, isOpen, writeFor);
    }
  };
}

async function waitAndRetry<T>(
  unit: () => T,
  busy: unknown,
  deadline: number,
  timeoutMs: number,
  isOpen: () => boolean,
  writeFor: ReadFor | undefined,
): Promise<T> {
  let lastBusy = busy;
  for (let attempt = 0; ; attempt += 1) {
    const left = deadline - performance.now();
    if (left <= 0) {
      throw new StoreUnavailableError(`SQLite database locked by another connection for ${timeoutMs} ms`, {
        cause: lastBusy,
      });
    }
    await pause(Math.min(PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)]!, left));
    if (!isOpen()) throw new StoreUnavailableError('SQLite store closed while waiting for a lock', { cause: lastBusy });
    // The signal is read only once a unit waits: a write that meets no lock costs its request no AbortController.
    if (writeFor?.signal.aborted === true) throw writeFor.signal.reason;
    try {
      return unit();
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      lastBusy = error;
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
