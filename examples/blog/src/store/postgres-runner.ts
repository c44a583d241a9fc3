/**
 * Runs PostgreSQL queries with the query log, the statement spans and error mapping in one place:
 * connection-level failures become StoreUnavailableError (with the pg error as cause), or
 * WriteOutcomeUnknownError for a statement marked `commits` that was sent (postgres-errors.ts);
 * anything else is rethrown as it came. With no query log the clock is never read; with no active span no
 * span is made (statement-spans.ts).
 */
import type { PgCancel, PgClient, PgPool, PgQuery, PgQueryable, PgResult } from './postgres-pool.ts';
import type { ReadFor } from './store.ts';
import { isPgAcquireTimeout, pgFailure, toPgStoreError, toPgWriteError } from './postgres-errors.ts';
import { microsecondsSince, type QueryLogSink } from './query-log.ts';
import { endStatementSpan, queryLogTraceFields, startStatementSpan, type DbSpanTarget, type SqlOperation } from './statement-spans.ts';

/**
 * A query and what it does, for its span. It is handed to pg as it is: pg takes the fields it
 * knows (text, values, name) and ignores `operation`.
 */
export interface PgStatement extends PgQuery {
  readonly operation?: SqlOperation;
  /**
   * True when the statement's success commits data (an autocommit write, COMMIT): run only on a
   * checked-out client (withPgClient), so a failure to connect is never taken for a lost answer.
   */
  readonly commits?: boolean;
}

/** Where a store's queries are reported: its query log (when on) and its span target. */
export interface PgReporting {
  readonly log: QueryLogSink | undefined;
  readonly spans: DbSpanTarget;
  /** Called when no pooled connection came free within the connect timeout (the pool's timeouts metric). */
  readonly onAcquireTimeout?: () => void;
}

/** Runs one query inside a transaction. */
export type PgRun = (query: PgStatement) => Promise<PgResult>;

const BEGIN: PgStatement = { text: 'BEGIN', operation: { name: 'BEGIN' } };
const COMMIT: PgStatement = { text: 'COMMIT', operation: { name: 'COMMIT' }, commits: true };

/**
 * Runs `query` on the pool or a client, in a span and logged when it completes. A text of
 * several statements is logged once, with the rows of all its statements counted.
 */
export async function runPgQuery(target: PgQueryable, query: PgStatement, reporting: PgReporting): Promise<PgResult> {
  const { log } = reporting;
  const span = startStatementSpan(reporting.spans, query.operation, query.text);
  const startedAt = log === undefined ? 0 : performance.now();
  let results: PgResult | PgResult[];
  try {
    results = await target.query(query);
  } catch (error) {
    endStatementSpan(span, pgFailure(error));
    if (isPgAcquireTimeout(error)) reporting.onAcquireTimeout?.();
    throw query.commits === true ? toPgWriteError(error) : toPgStoreError(error);
  }
  const duration_us = log === undefined ? 0 : microsecondsSince(startedAt);
  const correlation = log === undefined ? undefined : queryLogTraceFields(span);
  endStatementSpan(span);
  const all = Array.isArray(results) ? results : [results];
  if (log !== undefined) {
    const row_count = all.reduce((sum, result) => sum + rowCountOf(result), 0);
    log({ store: 'postgres', sql: query.text, params: query.values ?? [], duration_us, row_count, ...correlation });
  }
  // As psql shows it: a multi-statement text answers with its last statement's result.
  return all.at(-1) ?? { rows: [], rowCount: null };
}

// pg leaves rowCount null for commands whose tag carries no count (BEGIN, CREATE TABLE).
function rowCountOf(result: PgResult): number {
  return result.rowCount ?? result.rows.length;
}

/**
 * Runs `work` on one checked-out client. On any failure the client is destroyed rather than
 * returned (that also rolls back an open transaction), so the pool never hands out a broken one.
 * When `writeFor`'s signal aborts (its client has gone) while this waits for the client, nothing was sent: the
 * wait ends at once with the signal's reason, and `work` never runs (connectFor).
 */
export async function withPgClient<T>(pool: PgPool, reporting: PgReporting, work: (run: PgRun) => Promise<T>, writeFor?: ReadFor): Promise<T> {
  let client: PgClient;
  try {
    client = await (writeFor === undefined ? pool.connect() : connectFor(pool, writeFor.signal));
  } catch (error) {
    if (isPgAcquireTimeout(error)) reporting.onAcquireTimeout?.();
    throw toPgStoreError(error);
  }
  let failure: Error | undefined;
  // While checked out the pool does not listen for the client's errors; an unheard 'error' event
  // would crash the process. The pending query rejects on its own, so recording is enough.
  const onError = (error: Error): void => {
    failure ??= error;
  };
  client.on('error', onError);
  try {
    return await work((query) => runPgQuery(client, query, reporting));
  } catch (error) {
    failure ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.off('error', onError);
    client.release(failure);
  }
}

/** Runs `work` between BEGIN and COMMIT on one checked-out client (withPgClient). */
export function inPgTransaction<T>(pool: PgPool, reporting: PgReporting, work: (run: PgRun) => Promise<T>, writeFor?: ReadFor): Promise<T> {
  return withPgClient(pool, reporting, async (run) => {
    await run(BEGIN);
    const result = await work(run);
    await run(COMMIT);
    return result;
  }, writeFor);
}

/**
 * Runs a read on the pool; when `readFor`'s signal aborts (its client has gone) while the read waits for its answer,
 * the server is asked to cancel the statement (`cancel`), so no connection stays busy for a client that is gone, and
 * the read rejects with the signal's reason once the statement has ended. Run as runPgQuery runs any statement (its
 * span covers the wait for a connection, as pool.query's would), on a checked-out client whose process id the
 * cancel names, which goes back to the pool only once the cancel has been delivered or given up: a cancel still on
 * its way must not reach the next request's statement. A client that goes while the read waits for a pooled
 * connection ends the wait at once (connectFor).
 */
export function runPgRead(pool: PgPool, query: PgStatement, reporting: PgReporting, readFor: ReadFor | undefined, cancel: PgCancel): Promise<PgResult> {
  if (readFor === undefined) return runPgQuery(pool, query, reporting);
  const { signal } = readFor;
  return runPgQuery({ query: (statement) => cancellable(pool, statement, signal, cancel) }, query, reporting);
}

async function cancellable(pool: PgPool, query: PgQuery, signal: AbortSignal, cancel: PgCancel): Promise<PgResult | PgResult[]> {
  const client = await connectFor(pool, signal);
  // Gone after the connection came and before this resumed: nothing was sent, so it goes back to the pool.
  if (signal.aborted) return (client.release(), Promise.reject(signal.reason));
  let failure: Error | undefined;
  let cancelling: Promise<boolean> | undefined;
  const onError = (error: Error): void => void (failure ??= error);
  const onAbort = (): void => void (cancelling = cancel(client));
  client.on('error', onError);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await client.query(query);
    if (signal.aborted) throw signal.reason;
    return result;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    // As withPgClient: a failed statement's connection is destroyed, never handed out again.
    failure ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
    client.off('error', onError);
    // A cancel given up after it was sent may still arrive: this connection must not run the next request's statement.
    if ((await cancelling) === false) failure ??= new Error('a cancel of this connection\'s statement may still arrive');
    client.release(failure);
  }
}

/**
 * A pooled connection, or the signal's reason as soon as it aborts: nothing was sent, and a connection that comes after
 * goes back at once; a wait that then times out says nothing (whoever waited has gone, so it is not the pool's timeout).
 */
function connectFor(pool: PgPool, signal: AbortSignal): Promise<PgClient> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    pool.connect().then((client) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) (client.release(), reject(signal.reason));
      else resolve(client);
    }, (error: unknown) => {
      signal.removeEventListener('abort', onAbort);
      reject(signal.aborted ? signal.reason : error);
    });
  });
}
