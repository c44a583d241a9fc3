/**
 * The slice of `pg` the PostgreSQL store uses, typed locally (as Kysely does) so the store
 * depends on this small shape, not on pg's full types, and tests can hand in their own pool.
 * This is the only file that imports `pg`.
 */
import { connect } from 'node:net';
import pg from 'pg';
import type { DbServer } from './statement-spans.ts';

/** A query as pg takes it; `name` makes pg prepare it once per connection. */
export interface PgQuery {
  readonly text: string;
  readonly values?: readonly unknown[];
  readonly name?: string;
}

/** What a query returns. */
export interface PgResult {
  readonly rows: Record<string, unknown>[];
  readonly rowCount: number | null;
}

/** Something that runs queries: the pool or a checked-out client. */
export interface PgQueryable {
  /**
   * One result per statement: pg answers a text of several statements (a migration) sent
   * without parameters with an array of results, one per statement.
   */
  query(query: PgQuery): Promise<PgResult | PgResult[]>;
}

/** A client checked out of the pool for a transaction. */
export interface PgClient extends PgQueryable {
  /**
   * The server process of this connection (pg_stat_activity's pid): pg keeps it from the server's BackendKeyData for
   * its own cancel requests; @types/pg does not declare it, hence optional here.
   */
  readonly processID?: number | null;
  /** The secret the server gave this connection for cancel requests (BackendKeyData), kept by pg as processID is. */
  readonly secretKey?: number | null;
  /** Returns the client; pass the error to destroy it instead of reusing it. */
  release(error?: Error | boolean): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

/** A connection pool. */
export interface PgPool extends PgQueryable {
  /** Connections open (idle or checked out), for the pool metrics. */
  readonly totalCount: number;
  /** Connections open and not checked out. */
  readonly idleCount: number;
  /** Callers waiting for a connection. */
  readonly waitingCount: number;
  connect(): Promise<PgClient>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Settings of `createPgPool`. */
export interface PgPoolSettings {
  readonly connectionString: string;
  /** Called when an idle connection fails (the pool drops it and reconnects on demand). */
  readonly onIdleError: (error: Error) => void;
  /** Fail a connection attempt, or a wait for a free pooled connection, after this long; default 2000 ms. */
  readonly connectTimeoutMs?: number;
  /** The client stops waiting for a query's answer after this long; default 5000 ms. */
  readonly queryTimeoutMs?: number;
  /** The server cancels a statement running longer (statement_timeout); default queryTimeoutMs. */
  readonly statementTimeoutMs?: number;
  /** Most connections held at once; default 10. */
  readonly max?: number;
  /** false: every statement is sent unnamed, parsed where it runs, as a transaction-mode pooler needs; default true. */
  readonly preparedStatements?: boolean;
}

/**
 * A pg Pool with bounded waits, so an unreachable database fails fast instead of hanging, and an
 * 'error' listener, without which an idle connection dying would crash the process.
 */
export function createPgPool(settings: PgPoolSettings): PgPool {
  const queryTimeout = settings.queryTimeoutMs ?? 5000;
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: settings.max ?? 10,
    connectionTimeoutMillis: settings.connectTimeoutMs ?? 2000,
    query_timeout: queryTimeout,
    statement_timeout: settings.statementTimeoutMs ?? queryTimeout,
    idleTimeoutMillis: 10_000,
    keepAlive: true,
    application_name: 'blog-example',
  });
  pool.on('error', settings.onIdleError);
  // A named statement is prepared once per server connection; behind PgBouncer in transaction mode the next one may run
  // on another connection, which lacks it (or has it already): "prepared statement ... already exists".
  if (settings.preparedStatements === false) pool.on('connect', sendUnnamed);
  const typed: PgPool = pool;
  return typed;
}

function sendUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(
      typeof config === 'object' && config !== null && 'name' in config ? { ...config, name: undefined } : config,
      ...rest,
    )) as typeof client.query;
}

/** What a cancel names: a connection's server process and the secret the server gave it (BackendKeyData). */
export type PgCancelTarget = Pick<PgClient, 'processID' | 'secretKey'>;

/**
 * Asks the server to cancel what `target`'s connection runs; settles (never rejecting) once it was delivered or given
 * up. False when it was sent and then given up: the server may still act on it later, so the connection it names must
 * not serve another statement (it is closed). True when delivered, or never sent (skipped, no connection, no key).
 */
export type PgCancel = (target: PgCancelTarget) => Promise<boolean>;

/** The CancelRequest code of PostgreSQL's wire protocol (1234 << 16 | 5678). */
const CANCEL_REQUEST_CODE = 80877102;

/**
 * A PgCancel that sends PostgreSQL's CancelRequest, as libpq's PQcancel does: a 16-byte packet with the process id and
 * secret key on a socket of its own, outside the pool (which may be the very thing held up), that the server closes
 * once it has signalled the backend. No login and no session, so it works where pg_cancel_backend cannot (through
 * PgBouncer, whose process ids are its own, which forwards it) and costs the database no connection slot. At most
 * `inFlight` at once, each given up after `timeoutMs`; more are skipped. A skipped or failed cancel leaves the
 * statement to end at its statement_timeout, as reads did before they were cancelled.
 */
export function pgCanceller(connectionString: string, timeoutMs: number, inFlight: number): PgCancel {
  const { address, port } = pgServerOf(connectionString);
  const path = address.startsWith('/') ? `${address}/.s.PGSQL.${port}` : undefined;
  let running = 0;
  return ({ processID, secretKey }) => {
    if (running >= inFlight || typeof processID !== 'number' || typeof secretKey !== 'number')
      return Promise.resolve(true);
    running += 1;
    const packet = Buffer.alloc(16);
    [16, CANCEL_REQUEST_CODE, processID, secretKey].forEach((value, index) => packet.writeInt32BE(value, index * 4));
    return new Promise<boolean>((resolve) => {
      let sent = false;
      let settled = false;
      const socket = path === undefined ? connect(port, address) : connect(path);
      const settle = (delivered: boolean): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        running -= 1;
        resolve(delivered);
      };
      // Closed by the server after our packet: delivered; closed before it left (refused): never sent. Our side stays
      // open, as libpq's: PgBouncer took a half-closed cancel connection for a client gone and sometimes dropped it.
      const timer = setTimeout(() => settle(!sent), timeoutMs);
      socket
        .on('error', () => {})
        .once('close', () => settle(true))
        .once('connect', () => ((sent = true), socket.write(packet)));
    });
  };
}

/**
 * Where `connectionString` (a postgres:// URL, store-settings.ts) connects, as pg reads it: the
 * `host` parameter wins over the URL's host (a socket directory), port 5432 by default. Never the
 * user or password.
 */
export function pgServerOf(connectionString: string): DbServer {
  const url = new URL(connectionString);
  const database = decodeURIComponent(url.pathname.slice(1));
  return {
    database: database === '' ? undefined : database,
    address: url.searchParams.get('host') ?? (url.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost'),
    port: url.port === '' ? 5432 : Number(url.port),
  };
}
