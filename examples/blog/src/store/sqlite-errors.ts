/** Which SQLite failures mean "the database cannot serve right now" (503) rather than a bug. */
import type { StatementFailure } from './statement-spans.ts';
import { StoreUnavailableError, WriteOutcomeUnknownError } from './store.ts';

// Primary result codes (https://sqlite.org/rescode.html): the extended code's low byte.
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const UNAVAILABLE = new Set([SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN]);

/** True for busy/locked/IO/disk-full/cannot-open errors from node:sqlite. */
export function isSqliteUnavailable(error: unknown): boolean {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  return typeof errcode === 'number' && UNAVAILABLE.has(errcode & 0xff);
}

/**
 * True for SQLITE_BUSY (all its extended codes): another connection holds the lock, so the same
 * work may succeed a moment later. Looks through a StoreUnavailableError to the driver error it wraps.
 */
export function isSqliteBusy(error: unknown): boolean {
  const driverError = error instanceof StoreUnavailableError ? error.cause : error;
  const errcode = (driverError as { errcode?: unknown } | null)?.errcode;
  return typeof errcode === 'number' && (errcode & 0xff) === SQLITE_BUSY;
}

/** A StoreUnavailableError wrapping `error` when it is an availability failure, else `error` itself. */
export function toSqliteStoreError(error: unknown): unknown {
  if (!isSqliteUnavailable(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`SQLite database unavailable: ${reason}`, { cause: error });
}

/**
 * The error of a statement whose success commits (an autocommit write, COMMIT). An I/O error
 * there can strike after the WAL frames were written but before they were synced or made
 * visible: recovery may then replay them, so the write may have been committed
 * (WriteOutcomeUnknownError). Busy, locked, read-only, full and cannot-open fail before anything
 * is committed: StoreUnavailableError, as for any statement.
 */
export function toSqliteWriteError(error: unknown): unknown {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  if (typeof errcode !== 'number' || (errcode & 0xff) !== SQLITE_IOERR) return toSqliteStoreError(error);
  const reason = error instanceof Error ? error.message : String(error);
  return new WriteOutcomeUnknownError(`SQLite failed while committing a write: ${reason}`, { cause: error });
}

/** A failed statement for its span: SQLite's extended result code (`5` is SQLITE_BUSY), else the error's class. */
export function sqliteFailure(error: unknown): StatementFailure {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  if (typeof errcode === 'number') return { type: String(errcode), statusCode: String(errcode) };
  return { type: error instanceof Error ? error.name : '_OTHER' };
}
