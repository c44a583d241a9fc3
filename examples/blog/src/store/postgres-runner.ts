/**
 * Runs PostgreSQL queries with the query log, the statement spans and error mapping in one place:
 * connection-level failures become StoreUnavailableError (with the pg error as cause), or
 * WriteOutcomeUnknownError for a statement marked `commits` that was sent (postgres-errors.ts);
 * anything else is rethrown as it came. With no query log the clock is never read; with no active span no
 * span is made (statement-spans.ts).
 */
import type { PgCancel, PgClient, PgPool, PgQuery, PgQueryable, PgResult } from './postgres-pool.ts';
import type { ReadFor } from './store.ts';
import {
  isPgAcquireTimeout,
  isPgStatementError,
  pgFailure,
  toPgStoreError,
  toPgWriteError,
} from './postgres-errors.ts';
import { microsecondsSince, type QueryLogSink } from './query-log.ts';
import {
  endStatementSpan,
  queryLogTraceFields,
  startStatementSpan,
  type DbSpanTarget,
  type SqlOperation,
} from './statement-spans.ts';

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

/**
 * BEGIN, and the server told to end the transaction (rolled back, its locks released) once it idles longer than
 * `idleMs` between statements. The blog sends a transaction's next statement as soon as the last is answered and gives
 * a connection up when an answer takes postgres_query_timeout_ms; a transaction idle longer is one it dropped whose end
 * never reached the server (a partition, a frozen host), which would otherwise keep its row and advisory locks until
 * TCP keep-alive notices, two hours by Linux's default. SET LOCAL, in the BEGIN's own round trip, lasts one transaction,
 * so it holds through a transaction-mode pooler, which drops startup parameters and shares sessions.
 */
export function beginIdleBounded(idleMs: number): PgStatement {
  return {
    text: `BEGIN; SET LOCAL idle_in_transaction_session_timeout = ${Math.trunc(idleMs)}`,
    operation: { name: 'BEGIN' },
  };
}
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
 * With `writeFor`, its client may go (its signal aborts): while this waits for a pooled connection, nothing was sent,
 * so the wait ends at once with the signal's reason and `work` never runs (connectFor); once it runs, the statement on
 * the wire is cancelled on the server (`cancel`) and no statement is sent after it (heldFor). A write stopped so
 * rejects with the signal's reason and stored nothing; one whose statement ended first (an autocommit write's success)
 * answers as if its client were there: it is stored.
 */
export function withPgClient<T>(
  pool: PgPool,
  reporting: PgReporting,
  work: (run: PgRun) => Promise<T>,
  writeFor?: ReadFor,
  cancel?: PgCancel,
): Promise<T> {
  return onPgClient(pool, reporting, work, false, writeFor, cancel);
}

/**
 * Runs `work` between `begin` (plain BEGIN, or beginIdleBounded's) and COMMIT on one checked-out client (withPgClient).
 * A client that goes before COMMIT is sent leaves it unsent: the transaction is rolled back. COMMIT itself is never
 * cancelled (heldFor).
 */
export function inPgTransaction<T>(
  pool: PgPool,
  reporting: PgReporting,
  work: (run: PgRun) => Promise<T>,
  writeFor?: ReadFor,
  cancel?: PgCancel,
  begin = BEGIN,
): Promise<T> {
  return onPgClient(
    pool,
    reporting,
    async (run) => {
      await run(begin);
      const result = await work(run);
      await run(COMMIT);
      return result;
    },
    true,
    writeFor,
    cancel,
  );
}

async function onPgClient<T>(
  pool: PgPool,
  reporting: PgReporting,
  work: (run: PgRun) => Promise<T>,
  transaction: boolean,
  writeFor?: ReadFor,
  cancel?: PgCancel,
): Promise<T> {
  let client: PgClient;
  try {
    client = await (writeFor === undefined ? pool.connect() : connectFor(pool, writeFor.signal));
  } catch (error) {
    if (isPgAcquireTimeout(error)) reporting.onAcquireTimeout?.();
    throw toPgStoreError(error);
  }
  const held = heldFor(client, writeFor?.signal, cancel, transaction);
  try {
    return await work((query) => runPgQuery(held, query, reporting));
  } catch (error) {
    // Stopped for a client gone with no transaction open: a statement unsent or ended with the server's error left the
    // connection idle and healthy, as a cancelled read's. An open transaction is rolled back by closing its connection.
    if (transaction || error !== writeFor?.signal.reason) held.fail(error);
    throw error;
  } finally {
    await held.release();
  }
}

/**
 * Runs a read on the pool; when `readFor`'s signal aborts (its client has gone) while the read waits for its answer,
 * the server is asked to cancel the statement (`cancel`), so no connection stays busy for a client that is gone, and
 * the read rejects with the signal's reason once the statement has ended. Run as runPgQuery runs any statement (its
 * span covers the wait for a connection, as pool.query's would), on a checked-out client whose process id the
 * cancel names, which goes back to the pool only once the cancel has been delivered or given up (heldFor). A client
 * that goes while the read waits for a pooled connection ends the wait at once (connectFor).
 */
export function runPgRead(
  pool: PgPool,
  query: PgStatement,
  reporting: PgReporting,
  readFor: ReadFor | undefined,
  cancel: PgCancel,
): Promise<PgResult> {
  if (readFor === undefined) return runPgQuery(pool, query, reporting);
  const { signal } = readFor;
  return runPgQuery({ query: (statement) => cancellable(pool, statement, signal, cancel) }, query, reporting);
}

async function cancellable(
  pool: PgPool,
  query: PgQuery,
  signal: AbortSignal,
  cancel: PgCancel,
): Promise<PgResult | PgResult[]> {
  const held = heldFor(await connectFor(pool, signal), signal, cancel, false);
  try {
    const result = await held.query(query);
    if (signal.aborted) throw signal.reason;
    return result;
  } catch (error) {
    // As withPgClient: a failed statement's connection is destroyed, never handed out again.
    if (error !== signal.reason) held.fail(error);
    throw signal.aborted ? signal.reason : error;
  } finally {
    await held.release();
  }
}

/**
 * A checked-out client for a request whose client may go (`signal`), reads' and writes' alike. Once the signal has
 * aborted it sends nothing more; when it aborts while a statement runs, the server is asked to cancel that statement
 * (`cancel`), except a transaction's COMMIT: sent, its outcome is the server's answer, and a cancel could only cut a
 * synchronous standby's wait short (docs/blog-stores.md says why the rest is safe). A statement the server then answers
 * with an error (the cancel's 57014) rejects with the signal's reason: it was rolled back, and its connection is
 * healthy. `release` returns the client only once the cancel has settled, as a cancel still on its way must not reach
 * the next request's statement: delivered, it is pooled (a backend that has gone idle drops a cancel); sent and given
 * up, it may still land, so the client is closed.
 */
function heldFor(
  client: PgClient,
  signal: AbortSignal | undefined,
  cancel: PgCancel | undefined,
  transaction: boolean,
) {
  let failure: Error | undefined;
  let cancelling: Promise<boolean> | undefined;
  let running: PgStatement | undefined;
  // While checked out the pool does not listen for the client's errors; an unheard 'error' event
  // would crash the process. The pending query rejects on its own, so recording is enough.
  const onError = (error: Error): void => void (failure ??= error);
  const onAbort = (): void => {
    if (cancel !== undefined && running !== undefined && !(transaction && running.commits === true))
      cancelling = cancel(client);
  };
  client.on('error', onError);
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    async query(query: PgStatement): Promise<PgResult | PgResult[]> {
      if (signal?.aborted) throw signal.reason;
      running = query;
      try {
        return await client.query(query);
      } catch (error) {
        throw signal?.aborted === true && isPgStatementError(error) ? signal.reason : error;
      } finally {
        running = undefined;
      }
    },
    fail: (error: unknown): void => void (failure ??= error instanceof Error ? error : new Error(String(error))),
    async release(): Promise<void> {
      signal?.removeEventListener('abort', onAbort);
      client.off('error', onError);
      if ((await cancelling) === false)
        failure ??= new Error("a cancel of this connection's statement may still arrive");
      client.release(failure);
    },
  };
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
    pool.connect().then(
      (client) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) (client.release(), reject(signal.reason));
        else resolve(client);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? signal.reason : error);
      },
    );
  });
}
