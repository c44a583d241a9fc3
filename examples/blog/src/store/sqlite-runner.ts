/**
 * Runs prepared node:sqlite statements with the query log, the statement spans and the error
 * mapping in one place, so the store code reads as plain SQL calls. With no query log the clock
 * is never read; with no active span no span is made (statement-spans.ts).
 */
import type { SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import { microsecondsSince, type QueryLogSink } from './query-log.ts';
import { toSqliteStoreError, toSqliteWriteError, sqliteFailure } from './sqlite-errors.ts';
import {
  endStatementSpan,
  queryLogTraceFields,
  SQLITE_SPAN_TARGET,
  startStatementSpan,
  type SqlOperation,
} from './statement-spans.ts';

/** A row as node:sqlite returns it. */
export type SqliteRow = Record<string, SQLOutputValue>;

/** A prepared statement and what it does, for its span. */
export interface SqliteStatement {
  readonly prepared: StatementSync;
  readonly operation: SqlOperation;
  /** True when the statement's success commits data (an autocommit write, COMMIT): see toSqliteWriteError. */
  readonly commits?: boolean;
}

/** Logged, traced, error-mapped statement execution. */
export interface SqliteRunner {
  /** All rows of a query. */
  all(statement: SqliteStatement, params: readonly unknown[]): SqliteRow[];
  /** The first row of a query, if any. */
  get(statement: SqliteStatement, params: readonly unknown[]): SqliteRow | undefined;
  /** Runs an INSERT, UPDATE or DELETE; returns the number of rows it changed. */
  run(statement: SqliteStatement, params: readonly unknown[]): number;
  /** Runs a statement that touches no rows (BEGIN, COMMIT, ROLLBACK). */
  control(statement: SqliteStatement): void;
}

/** A runner that reports each completed statement to `log` (when given). */
export function createSqliteRunner(log: QueryLogSink | undefined): SqliteRunner {
  const execute = <T>(
    statement: SqliteStatement,
    params: readonly unknown[],
    call: (prepared: StatementSync) => T,
    count: (result: T) => number,
  ): T => {
    const { prepared } = statement;
    const span = startStatementSpan(SQLITE_SPAN_TARGET, statement.operation, prepared.sourceSQL);
    const startedAt = log === undefined ? 0 : performance.now();
    let result: T;
    try {
      result = call(prepared);
    } catch (error) {
      endStatementSpan(span, sqliteFailure(error));
      throw statement.commits === true ? toSqliteWriteError(error) : toSqliteStoreError(error);
    }
    const duration_us = log === undefined ? 0 : microsecondsSince(startedAt);
    const correlation = log === undefined ? undefined : queryLogTraceFields(span);
    endStatementSpan(span);
    if (log !== undefined) {
      log({ store: 'sqlite', sql: prepared.sourceSQL, params, duration_us, row_count: count(result), ...correlation });
    }
    return result;
  };
  const bind = (params: readonly unknown[]): SQLInputValue[] => params as SQLInputValue[];
  return {
    all: (statement, params) =>
      execute(
        statement,
        params,
        (prepared) => prepared.all(...bind(params)),
        (rows) => rows.length,
      ),
    get: (statement, params) =>
      execute(
        statement,
        params,
        (prepared) => prepared.get(...bind(params)),
        (row) => (row === undefined ? 0 : 1),
      ),
    run: (statement, params) =>
      execute(
        statement,
        params,
        (prepared) => Number(prepared.run(...bind(params)).changes),
        (changes) => changes,
      ),
    // sqlite3_changes() still reports the last DML statement here, so the row count is fixed at 0.
    control: (statement) =>
      execute(
        statement,
        [],
        (prepared) => prepared.run(),
        () => 0,
      ),
  };
}
