/**
 * Runs PostgreSQL queries with the query log and error mapping in one place: connection-level
 * failures become StoreUnavailableError (with the pg error as cause), anything else is rethrown
 * as it came. With no query log the clock is never read.
 */
import type { PgClient, PgPool, PgQuery, PgQueryable, PgResult } from './postgres-pool.ts';
import { toPgStoreError } from './postgres-errors.ts';
import { microsecondsSince, type QueryLogSink } from './query-log.ts';

/** Runs one query inside a transaction. */
export type PgRun = (query: PgQuery) => Promise<PgResult>;

/**
 * Runs `query` on the pool or a client, logging it when it completes. A text of several
 * statements is logged once, with the rows of all its statements counted.
 */
export async function runPgQuery(target: PgQueryable, query: PgQuery, log: QueryLogSink | undefined): Promise<PgResult> {
  const startedAt = log === undefined ? 0 : performance.now();
  let results: PgResult | PgResult[];
  try {
    results = await target.query(query);
  } catch (error) {
    throw toPgStoreError(error);
  }
  const all = Array.isArray(results) ? results : [results];
  if (log !== undefined) {
    const row_count = all.reduce((sum, result) => sum + rowCountOf(result), 0);
    log({ store: 'postgres', sql: query.text, params: query.values ?? [], duration_us: microsecondsSince(startedAt), row_count });
  }
  // As psql shows it: a multi-statement text answers with its last statement's result.
  return all.at(-1) ?? { rows: [], rowCount: null };
}

// pg leaves rowCount null for commands whose tag carries no count (BEGIN, CREATE TABLE).
function rowCountOf(result: PgResult): number {
  return result.rowCount ?? result.rows.length;
}

/**
 * Runs `work` between BEGIN and COMMIT on one checked-out client. On any failure the client is
 * destroyed rather than returned (that also rolls back), so the pool never hands out a broken one.
 */
export async function inPgTransaction<T>(pool: PgPool, log: QueryLogSink | undefined, work: (run: PgRun) => Promise<T>): Promise<T> {
  let client: PgClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw toPgStoreError(error);
  }
  let failure: Error | undefined;
  // While checked out the pool does not listen for the client's errors; an unheard 'error' event
  // would crash the process. The pending query rejects on its own, so recording is enough.
  const onError = (error: Error): void => {
    failure ??= error;
  };
  client.on('error', onError);
  const run: PgRun = (query) => runPgQuery(client, query, log);
  try {
    await run({ text: 'BEGIN' });
    const result = await work(run);
    await run({ text: 'COMMIT' });
    return result;
  } catch (error) {
    failure ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.off('error', onError);
    client.release(failure);
  }
}
