/**
 * Which SQLite failures of a committing statement (an autocommit write, COMMIT) leave the write's
 * outcome unknown: an I/O error can strike after the WAL frames were written, and recovery may
 * replay them (WriteOutcomeUnknownError, the API's 504). Busy, locked, read-only, full and
 * cannot-open fail before anything is committed (StoreUnavailableError, the API's 503). A real
 * I/O error cannot be provoked on demand, so the driver's errors are built as node:sqlite
 * reports them (`errcode`: the extended result code).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toSqliteStoreError, toSqliteWriteError } from '../src/store/sqlite-errors.ts';
import { StoreUnavailableError, WriteOutcomeUnknownError } from '../src/store/store.ts';

/** An error as node:sqlite throws it, with SQLite's extended result code. */
function sqliteError(errcode: number, message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode, errstr: message });
}

describe('SQLite errors of a committing statement', () => {
  it('an I/O error (SQLITE_IOERR_FSYNC, SQLITE_IOERR_WRITE) is an unknown outcome, wrapping the driver error', () => {
    for (const errcode of [10, 10 | (4 << 8), 10 | (3 << 8)]) {
      const cause = sqliteError(errcode, 'disk I/O error');
      const error = toSqliteWriteError(cause);
      assert.ok(error instanceof WriteOutcomeUnknownError, String(errcode));
      assert.equal(error.message, 'SQLite failed while committing a write: disk I/O error');
      assert.equal(error.cause, cause);
    }
  });

  it('busy, locked, read-only, full and cannot-open are StoreUnavailableError, as for any statement', () => {
    for (const errcode of [5, 6, 8, 13, 14, 5 | (2 << 8)]) {
      assert.ok(toSqliteWriteError(sqliteError(errcode, 'x')) instanceof StoreUnavailableError, String(errcode));
    }
  });

  it('a constraint failure passes through untouched, and a statement that does not commit never reports an unknown outcome', () => {
    const constraint = sqliteError(1299, 'NOT NULL constraint failed');
    assert.equal(toSqliteWriteError(constraint), constraint);
    assert.ok(toSqliteStoreError(sqliteError(10, 'disk I/O error')) instanceof StoreUnavailableError);
  });
});
