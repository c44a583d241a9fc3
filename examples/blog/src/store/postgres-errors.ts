/**
 * Which PostgreSQL failures mean "the database cannot serve right now" (503). Constraint and
 * syntax errors are programming errors and pass through untouched.
 */
import type { StatementFailure } from './statement-spans.ts';
import { StoreUnavailableError, WriteOutcomeUnknownError } from './store.ts';

// Socket-level failures reported by Node (https://nodejs.org/api/errors.html#common-system-errors).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html): server shutdown, start-up,
// statement_timeout, the two a server answers "retry the transaction" with (serialization_failure,
// deadlock_detected: another session's locks failed the statement, not its content), lock_not_available (a lock
// waited for past the lock_timeout an operator set), and read_only_sql_transaction: a write reaching a standby (a
// failover's demoted primary) or a server set read-only for maintenance.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '57014', '40001', '40P01', '55P03', '25006']);

// SQLSTATE classes: 08 connection exception; 53 insufficient resources (too many connections, disk full, out of memory).
const SERVER_CLASSES = new Set(['08', '53']);

// Severities of an error that ends the connection: its sender need not be the statement's judge (below).
const CONNECTION_ENDING = new Set(['FATAL', 'PANIC']);

// pg reports these as plain Errors without a code, so the message is all there is to go on.
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

/**
 * True when `error` is a connection-level failure rather than a problem with the query. An error of severity FATAL
 * ends the connection, whatever its SQLSTATE (25P03 idle-in-transaction timeout, 57P05 idle-session timeout, 28P01 a
 * password changed under the pool): nothing that ran on it commits but what the server already had (a COMMIT's
 * answer lost is toPgWriteError's business).
 */
export function isPgUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (CONNECTION_ENDING.has((error as { severity?: unknown }).severity as string)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || SERVER_CLASSES.has(code.slice(0, 2))) return true;
  }
  if (error instanceof AggregateError && error.errors.some(isPgUnavailable)) return true;
  return PG_MESSAGES.some((text) => error.message.startsWith(text));
}

// A named statement prepared on another server connection, or missing from this one: what a transaction-mode pooler does.
const PREPARED_CODES = new Set(['42P05', '26000']);

/**
 * A StoreUnavailableError wrapping `error` when it is a connection-level failure, an error naming the setting to change
 * for a named statement lost behind a pooler, else `error` itself.
 */
export function toPgStoreError(error: unknown): unknown {
  if (PREPARED_CODES.has((error as { code?: unknown } | null)?.code as string)) {
    return new Error(
      `${(error as Error).message}: behind PgBouncer in transaction mode, set blog.postgres_prepared_statements false (BLOG_POSTGRES_PREPARED_STATEMENTS=false)`,
      { cause: error },
    );
  }
  if (error instanceof StoreUnavailableError || !isPgUnavailable(error)) return error;
  return new StoreUnavailableError(`PostgreSQL unavailable: ${(error as Error).message}`, { cause: error });
}

// pg refuses a query with these before writing a byte of it: the database never saw it.
const NOT_SENT = [
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

// PgBouncer's refusals (FATAL 08P01, then a close) of a client still waiting for a server connection, its statement
// held in PgBouncer: it cannot log in to PostgreSQL (down or restarting), or the wait outlasted query_wait_timeout.
// In transaction mode a client keeps its server connection to the end of a transaction, so only its first statement
// (an autocommit write, a BEGIN) can wait. Unlike `server conn crashed?`, sent after the statement went through.
const POOLER_NOT_SENT = new Set([
  'server login has been failing, try again later (server_login_retry)',
  'query_wait_timeout',
  'pgbouncer cannot connect to server',
]);

/** pg's error when no pooled connection came free (or none could be opened) within the connect timeout. */
export function isPgAcquireTimeout(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('timeout exceeded when trying to connect');
}

/**
 * True when the server answered the statement with an error that leaves the connection open (an ERROR, as a cancel's
 * 57014): the statement did not commit, nor did the transaction it ran in.
 */
export function isPgStatementError(error: unknown): boolean {
  const severity = (error as { severity?: unknown } | null)?.severity;
  return severity !== undefined && !CONNECTION_ENDING.has(severity as string);
}

/**
 * The error of a statement whose success commits (an autocommit INSERT, UPDATE or DELETE, or a
 * COMMIT), run on a connection already checked out: when the server answered with an error, or
 * pg never sent it, nothing was committed (StoreUnavailableError or the error itself, as for any
 * statement); when the connection failed, timed out or was ended (a FATAL) with the statement sent, the
 * server may have committed it: WriteOutcomeUnknownError. A FATAL is no verdict on the statement: PgBouncer
 * sends `server conn crashed?` when its connection to the server breaks after the statement went through, and a
 * server's crash or immediate shutdown ends connections at any instant, after a commit too; but PgBouncer's refusal of
 * a statement it never passed on (POOLER_NOT_SENT) is a StoreUnavailableError.
 */
export function toPgWriteError(error: unknown): unknown {
  if (!(error instanceof Error) || isPgStatementError(error)) return toPgStoreError(error);
  if (NOT_SENT.some((text) => error.message.startsWith(text)) || isPoolerRefusal(error) || !isPgUnavailable(error))
    return toPgStoreError(error);
  return new WriteOutcomeUnknownError(`PostgreSQL stopped answering after a write was sent: ${error.message}`, {
    cause: error,
  });
}

function isPoolerRefusal(error: Error): boolean {
  return (error as { code?: unknown }).code === '08P01' && POOLER_NOT_SENT.has(error.message);
}

/**
 * A failed statement for its span: the SQLSTATE when the server answered with an error (pg's
 * DatabaseError carries a severity), else the socket's code (ECONNREFUSED), else the error's class.
 */
export function pgFailure(error: unknown): StatementFailure {
  if (!(error instanceof Error)) return { type: '_OTHER' };
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code === 'string') return severity === undefined ? { type: code } : { type: code, statusCode: code };
  // A host with several addresses (localhost: ::1 and 127.0.0.1) fails with one error per address.
  if (error instanceof AggregateError) {
    const inner = error.errors.find((e: unknown) => typeof (e as { code?: unknown } | null)?.code === 'string');
    if (inner !== undefined) return pgFailure(inner);
  }
  return { type: error.name };
}
