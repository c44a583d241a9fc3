/**
 * Runs prepared node:sqlite statements with the query log and error mapping in one place, so the
 * store code reads as plain SQL calls. With no query log the clock is never read.
 */
import type { SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import { microsecondsSince, type QueryLogSink } from './query-log.ts';
import { toSqliteStoreError } from './sqlite-errors.ts';

/** A row as node:sqlite returns it. */
export type SqliteRow = Record<string, SQLOutputValue>;

/** Logged, error-mapped statement execution. */
export interface SqliteRunner {
  /** All rows of a query. */
  all(statement: StatementSync, params: readonly unknown[]): SqliteRow[];
  /** The first row of a query, if any. */
  get(statement: StatementSync, params: readonly unknown[]): SqliteRow | undefined;
  /** Runs an INSERT, UPDATE or DELETE; returns the number of rows it changed. */
  run(statement: StatementSync, params: readonly unknown[]): number;
  /** Runs a statement that touches no rows (BEGIN, COMMIT, ROLLBACK). */
  control(statement: StatementSync): void;
}

/** A runner that reports each completed statement to `log` (when given). */
export function createSqliteRunner(log: QueryLogSink | undefined): SqliteRunner {
  const execute = <T>(statement: StatementSync, params: readonly unknown[], call: () => T, count: (result: T) => number): T => {
    const startedAt = log === undefined ? 0 : performance.now();
    let result: T;
    try {
      result = call();
    } catch (error) {
      throw toSqliteStoreError(error);
    }
    if (log !== undefined) {
      log({ store: 'sqlite', sql: statement.sourceSQL, params, duration_us: microsecondsSince(startedAt), row_count: count(result) });
    }
    return result;
  };
  const bind = (params: readonly unknown[]): SQLInputValue[] => params as SQLInputValue[];
  return {
    all: (statement, params) => execute(statement, params, () => statement.all(...bind(params)), (rows) => rows.length),
    get: (statement, params) =>
      execute(statement, params, () => statement.get(...bind(params)), (row) => (row === undefined ? 0 : 1)),
    run: (statement, params) =>
      execute(statement, params, () => Number(statement.run(...bind(params)).changes), (changes) => changes),
    // sqlite3_changes() still reports the last DML statement here, so the row count is fixed at 0.
    control: (statement) => execute(statement, [], () => statement.run(), () => 0),
  };
}
