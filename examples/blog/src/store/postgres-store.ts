/**
 * The PostgreSQL store on a `pg` pool. Statements are named, so each connection prepares them
 * once. Ids are bigint in the database and JS numbers here (safe up to 2^53).
 */
import { changedFields, fieldsOf, type UpdatableField } from './post-changes.ts';
import { isPostId, storedUserId } from './post-id.ts';
import { applyMigrations } from './postgres-migrate.ts';
import type { PgCancel, PgPool } from './postgres-pool.ts';
import { clockMs, DEFAULT_KEY_TTL_MS, keptOutcome, PURGE_BATCH, purgeSchedule } from './idempotency.ts';
import {
  beginIdleBounded,
  inPgTransaction,
  runPgQuery,
  runPgRead,
  withPgClient,
  type PgReporting,
  type PgRun,
  type PgStatement,
} from './postgres-runner.ts';
import type { QueryLogSink } from './query-log.ts';
import { postgresSpanTarget, type DbServer, type SqlOperation } from './statement-spans.ts';
import {
  LIST_SHAPES,
  listInTwoRuns,
  listSql,
  shapeKey,
  type CursorTimes,
  type ListDialect,
  type ListShape,
} from './sql/keyset-list.ts';
import { parseStoredTime, timeOf } from './stored-time.ts';
import {
  StoreUnavailableError,
  type IdempotencyClaim,
  type IdempotentOutcome,
  type KeptAnswer,
  type ListQuery,
  type NewPost,
  type Post,
  type PostChanges,
  type PostStatus,
  type PostStore,
  type PostWrite,
  type PostWriteResult,
  type ReadFor,
  type UpdateResult,
} from './store.ts';

/** Options of `openPostgresStore`. */
export interface PostgresStoreOptions {
  /** The pool to use; the store owns it from here on and ends it on close (or on a failed open). */
  readonly pool: PgPool;
  /** The pool ping() (readiness) runs on, apart from the requests' (create-store.ts says why); default `pool`. Ended with it. */
  readonly probePool?: PgPool;
  /** The clock that stamps inserted_at and updated_at; default `() => new Date()`. */
  readonly now?: () => Date;
  /** Receives one event per query, migrations included; absent means no query log. */
  readonly queryLog?: QueryLogSink;
  /** Where the pool connects, for the statement spans' `server.*` and `db.namespace`. */
  readonly server?: DbServer;
  /** How long an Idempotency-Key lives; default 24 h. */
  readonly idempotencyKeyTtlMs?: number;
  /** Called when no pooled connection came free within the connect timeout (the pool's timeouts metric). */
  readonly onAcquireTimeout?: () => void;
  /**
   * Cancels the statement of a read or a write whose request's signal aborts (postgres-runner.ts, runPgRead,
   * withPgClient); without it a statement once sent runs to its end.
   */
  readonly cancel?: PgCancel;
  /**
   * The server ends a write's transaction idle longer than this between statements (postgres-runner.ts,
   * beginIdleBounded): create-store.ts passes postgres_query_timeout_ms. Absent: a plain BEGIN.
   */
  readonly transactionIdleMs?: number;
}

const COLUMNS = 'id, title, body, status, user_id, inserted_at, updated_at';

const DIALECT: ListDialect = {
  table: 'blog_posts',
  columns: COLUMNS,
  timeColumn: 'inserted_at',
  order: 'inserted_at DESC NULLS LAST, id DESC',
  // Kept with the post by a trigger (migration 2): the list reads a number, never the text.
  textBytes: 'text_json_bytes',
  placeholder: (n) => `$${n}`,
};

// timestamptz starts at 4714 BC and ends after the last JavaScript Date; 4713 BC is a safe floor.
const CURSOR_TIMES: CursorTimes = {
  toParam: (ms) => new Date(ms),
  minMs: Date.parse('-004712-01-01T00:00:00.000Z'),
  maxMs: 8.64e15,
};

// What each statement does, for its span: declared here, not parsed from the SQL (statement-spans.ts).
const SELECT_POSTS: SqlOperation = { name: 'SELECT', collection: DIALECT.table };
const UPDATE_POSTS: SqlOperation = { name: 'UPDATE', collection: DIALECT.table };

const INSERT: PgStatement = {
  name: 'blog_posts_insert',
  text: `INSERT INTO blog_posts (title, body, status, user_id, inserted_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${COLUMNS}`,
  operation: { name: 'INSERT', collection: DIALECT.table },
};
const BY_ID: PgStatement = {
  name: 'blog_posts_by_id',
  text: `SELECT ${COLUMNS} FROM blog_posts WHERE id = $1`,
  operation: SELECT_POSTS,
};
const LOCK_BY_ID: PgStatement = {
  name: 'blog_posts_lock_by_id',
  text: `${BY_ID.text} FOR UPDATE`,
  operation: SELECT_POSTS,
};
const DELETE: PgStatement = {
  name: 'blog_posts_delete',
  text: 'DELETE FROM blog_posts WHERE id = $1',
  operation: { name: 'DELETE', collection: DIALECT.table },
};
const PING: PgStatement = { name: 'blog_ping', text: 'SELECT 1', operation: { name: 'SELECT' } };

const KEYS_TABLE = 'blog_idempotency_keys';
// Two int4 keys, a space apart from the migrations' single bigint key: "blog", then the key's hash.
// A hash collision only answers 409 to a request that then retries.
const TRY_KEY_LOCK: PgStatement = {
  name: 'blog_idempotency_lock',
  text: 'SELECT pg_try_advisory_xact_lock(1651273575, hashtext($1)) AS locked',
  operation: { name: 'SELECT' },
};
const KEPT: PgStatement = {
  name: 'blog_idempotency_kept',
  text: `SELECT fingerprint, status, body, headers, expires_at FROM ${KEYS_TABLE} WHERE scope = $1 AND key = $2`,
  operation: { name: 'SELECT', collection: KEYS_TABLE },
};
const KEEP: PgStatement = {
  name: 'blog_idempotency_keep',
  text: `INSERT INTO ${KEYS_TABLE} (scope, key, fingerprint, status, body, headers, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (scope, key) DO UPDATE SET fingerprint = $3, status = $4, body = $5, headers = $6, created_at = $7, expires_at = $8`,
  operation: { name: 'INSERT', collection: KEYS_TABLE },
};
// PURGE_BATCH at most (idempotency.ts), oldest first on the expires_at index; SKIP LOCKED: keys another transaction holds
// (another instance's sweep, a write replacing an expired key) are left to a later sweep, never waited for.
const PURGE: PgStatement = {
  name: 'blog_idempotency_purge',
  text: `DELETE FROM ${KEYS_TABLE} WHERE (scope, key) IN (SELECT scope, key FROM ${KEYS_TABLE} WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
  operation: { name: 'DELETE', collection: KEYS_TABLE },
};

/** Applies pending migrations, then answers with the store. Rejects with StoreUnavailableError when the database is unreachable. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostStore> {
  const { pool } = options;
  const reporting: PgReporting = {
    log: options.queryLog,
    spans: postgresSpanTarget(options.server),
    onAcquireTimeout: options.onAcquireTimeout,
  };
  try {
    await applyMigrations(pool, {
      queryLog: reporting.log,
      spans: reporting.spans,
      transactionIdleMs: options.transactionIdleMs,
    });
  } catch (error) {
    await pool.end().catch(() => {});
    await options.probePool?.end().catch(() => {});
    throw error;
  }
  const now = options.now ?? (() => new Date());
  const stamp = (): Date | null => {
    const date = now();
    return timeOf(date) === null ? null : date;
  };
  const query = (statement: PgStatement, values: readonly unknown[]) =>
    runPgQuery(pool, { ...statement, values }, reporting);
  const { cancel } = options;
  const read = (statement: PgStatement, values: readonly unknown[], readFor: ReadFor | undefined) =>
    cancel === undefined
      ? query(statement, values)
      : runPgRead(pool, { ...statement, values }, reporting, readFor, cancel);
  const writes = pgWrites(stamp);
  const keys = pgKeys(now, options.idempotencyKeyTtlMs ?? DEFAULT_KEY_TTL_MS);
  const begin = options.transactionIdleMs === undefined ? undefined : beginIdleBounded(options.transactionIdleMs);
  let closing: Promise<void> | undefined;
  let pinging: Promise<void> | undefined;
  const { probePool } = options;
  const pingOnce = async (): Promise<void> => {
    try {
      await runPgQuery(probePool ?? pool, { ...PING, values: [] }, reporting);
      // The probe's own connection answering is not the requests' pool able to connect (a role's connection limit,
      // max_connections): a pool with no connection at all must get one. A pool busy with requests has some.
      if (probePool !== undefined && pool.totalCount === 0) await runPgQuery(pool, { ...PING, values: [] }, reporting);
    } catch (error) {
      // Whatever stops the answer (a closed pool too) means "cannot serve": the contract's one error.
      throw error instanceof StoreUnavailableError
        ? error
        : new StoreUnavailableError(`PostgreSQL ping failed: ${String((error as Error)?.message ?? error)}`, {
            cause: error,
          });
    }
  };

  return {
    // One autocommit statement on a checked-out client: its failure after sending is an unknown outcome.
    create: (input: NewPost, writeFor?: ReadFor) =>
      withPgClient(pool, reporting, (run) => writes.create(run, input, true), writeFor, cancel),

    async get(id: number, readFor?: ReadFor): Promise<Post | undefined> {
      if (!isPostId(id)) return undefined;
      const { rows } = await read(BY_ID, [id], readFor);
      return rows[0] === undefined ? undefined : toPost(rows[0]);
    },

    async list(listQuery: ListQuery, readFor?: ReadFor): Promise<Post[]> {
      return listInTwoRuns(listQuery, CURSOR_TIMES, async (shape, values) => {
        const { rows } = await read(listStatement(shape), values, readFor);
        return rows.map(toPost);
      });
    },

    async update(id: number, changes: PostChanges, writeFor?: ReadFor): Promise<UpdateResult> {
      if (!isPostId(id)) return { found: false };
      return inPgTransaction(pool, reporting, (run) => writes.update(run, id, changes), writeFor, cancel, begin);
    },

    async delete(id: number, writeFor?: ReadFor): Promise<boolean> {
      if (!isPostId(id)) return false;
      return withPgClient(pool, reporting, (run) => writes.delete(run, id, true), writeFor, cancel);
    },

    writeOnce<W extends PostWrite>(
      claim: IdempotencyClaim,
      write: W,
      answer: (result: PostWriteResult<W>) => KeptAnswer,
      writeFor?: ReadFor,
    ): Promise<IdempotentOutcome<PostWriteResult<W>>> {
      return inPgTransaction(
        pool,
        reporting,
        (run) => keys(run, claim, () => writes.run(run, write) as Promise<PostWriteResult<W>>, answer),
        writeFor,
        cancel,
        begin,
      );
    },

    // Probes that arrive together share one ping: a flood of GET /ready cannot queue them past their timeout.
    ping: () => (pinging ??= pingOnce().finally(() => (pinging = undefined))),

    close(): Promise<void> {
      closing ??= Promise.all([pool.end(), probePool?.end()]).then(() => undefined);
      return closing;
    },
  };
}

/** The writes, each on a `run` of one client: alone (`commits`: the statement is the commit) or inside a transaction. */
function pgWrites(stamp: () => Date | null) {
  const create = async (run: PgRun, input: NewPost, commits = false): Promise<Post> => {
    const values = [input.title, input.body, input.status, input.user_id, stamp()];
    const { rows } = await run({ ...INSERT, values, commits });
    return toPost(rows[0]!);
  };
  // FOR UPDATE holds the row from the comparison to the write, so concurrent updates cannot
  // interleave between them. Run inside a transaction.
  const update = async (run: PgRun, id: number, changes: PostChanges): Promise<UpdateResult> => {
    if (!isPostId(id)) return { found: false };
    const { rows } = await run({ ...LOCK_BY_ID, values: [id] });
    if (rows[0] === undefined) return { found: false };
    const post = toPost(rows[0]);
    const changed = changedFields(post, changes);
    const fields = fieldsOf(changed);
    if (fields.length === 0) return { found: true, changed: false, post };
    const values = [id, ...fields.map((field) => changed[field]), stamp()];
    const updated = await run({ ...updateStatement(fields), values });
    return { found: true, changed: true, post: toPost(updated.rows[0]!) };
  };
  const remove = async (run: PgRun, id: number, commits = false): Promise<boolean> => {
    if (!isPostId(id)) return false;
    const { rowCount } = await run({ ...DELETE, values: [id], commits });
    return (rowCount ?? 0) > 0;
  };
  const runWrite = (run: PgRun, write: PostWrite): Promise<Post | UpdateResult | boolean> => {
    if (write.kind === 'create') return create(run, write.input);
    if (write.kind === 'update') return update(run, write.id, write.changes);
    return remove(run, write.id);
  };
  return { create, update, delete: remove, run: runWrite };
}

/**
 * The Idempotency-Key rule (idempotency.ts) on a transaction's `run`: the key's row and the write
 * commit together, or neither does. The advisory lock, held to the end of the transaction, is
 * what tells a repeat that the first is still running.
 */
function pgKeys(now: () => Date, ttlMs: number) {
  const purge = purgeSchedule();
  return async <T>(
    run: PgRun,
    claim: IdempotencyClaim,
    write: () => Promise<T>,
    answer: (result: T) => KeptAnswer,
  ): Promise<IdempotentOutcome<T>> => {
    const {
      rows: [lock],
    } = await run({ ...TRY_KEY_LOCK, values: [`${claim.scope}\n${claim.key}`] });
    if (lock?.locked !== true) return { kind: 'in_progress' };
    const nowMs = clockMs(now);
    const {
      rows: [row],
    } = await run({ ...KEPT, values: [claim.scope, claim.key] });
    const found = keptOutcome(row && keptKeyOf(row), claim, nowMs);
    if (found !== undefined) return found;
    const result = await write();
    const kept = answer(result);
    const values = [
      claim.scope,
      claim.key,
      claim.fingerprint,
      kept.status,
      kept.body,
      JSON.stringify(kept.headers),
      new Date(nowMs),
      new Date(nowMs + ttlMs),
    ];
    await run({ ...KEEP, values });
    if (purge.due(nowMs)) purge.swept((await run({ ...PURGE, values: [new Date(nowMs), PURGE_BATCH] })).rowCount ?? 0);
    return { kind: 'ran', result };
  };
}

function keptKeyOf(row: Record<string, unknown>) {
  return {
    fingerprint: row.fingerprint as string,
    expiresMs: (row.expires_at as Date).getTime(),
    answer: { status: Number(row.status), body: row.body as string, headers: row.headers as Record<string, string> },
  };
}

const LIST_STATEMENTS = new Map<string, PgStatement>(
  LIST_SHAPES.map((shape) => [
    shapeKey(shape),
    { name: `blog_posts_list_${shapeKey(shape)}`, text: listSql(DIALECT, shape), operation: SELECT_POSTS },
  ]),
);

function listStatement(shape: ListShape): PgStatement {
  return LIST_STATEMENTS.get(shapeKey(shape))!;
}

const updateStatements = new Map<string, PgStatement>();

function updateStatement(fields: readonly UpdatableField[]): PgStatement {
  const key = fields.join('_');
  let statement = updateStatements.get(key);
  if (statement === undefined) {
    const assignments = fields.map((field, i) => `${field} = $${i + 2}`).join(', ');
    const text = `UPDATE blog_posts SET ${assignments}, updated_at = $${fields.length + 2} WHERE id = $1 RETURNING ${COLUMNS}`;
    statement = { name: `blog_posts_update_${key}`, text, operation: UPDATE_POSTS };
    updateStatements.set(key, statement);
  }
  return statement;
}

function toPost(row: Record<string, unknown>): Post {
  return {
    id: Number(row.id),
    title: row.title as string,
    body: row.body as string,
    status: row.status as PostStatus,
    user_id: storedUserId(row.user_id === null ? null : Number(row.user_id)),
    inserted_at: parseStoredTime(row.inserted_at),
    updated_at: parseStoredTime(row.updated_at),
  };
}
