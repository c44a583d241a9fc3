/**
 * The SQLite store on node:sqlite (DatabaseSync). One connection per store; every statement is
 * prepared once at open (update statements once per set of changed columns, on first use).
 * Durability: WAL + synchronous=FULL, so a write that resolved survives kill -9. A lock held by
 * another connection is waited for on timers (sqlite-lock-wait.ts), never inside SQLite.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { clockMs, DEFAULT_KEY_TTL_MS, keptOutcome, PURGE_BATCH, purgeSchedule } from './idempotency.ts';
import { changedFields, fieldsOf, type UpdatableField } from './post-changes.ts';
import { isPostId } from './post-id.ts';
import type { QueryLogSink } from './query-log.ts';
import {
  LIST_SHAPES,
  listInTwoRuns,
  listSql,
  shapeKey,
  type CursorTimes,
  type ListDialect,
} from './sql/keyset-list.ts';
import {
  SQLITE_ADD_JSON_BYTES,
  SQLITE_COLUMNS,
  SQLITE_IDEMPOTENCY_SCHEMA,
  SQLITE_INDEXES,
  SQLITE_POSTS_HAS_JSON_BYTES,
  SQLITE_PRAGMAS,
  SQLITE_SCHEMA,
} from './sql/sqlite-schema.ts';
import { toSqliteStoreError } from './sqlite-errors.ts';
import { createLockWait } from './sqlite-lock-wait.ts';
import { createSqliteRunner, type SqliteRow, type SqliteRunner, type SqliteStatement } from './sqlite-runner.ts';
import type { SqlOperation } from './statement-spans.ts';
import { isoTextOf, parseStoredTime } from './stored-time.ts';
import { postTextBytes } from './text-budget.ts';
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

/** Options of `openSqliteStore`. */
export interface SqliteStoreOptions {
  /** Absolute path of the database file (parent directories are created), or `:memory:`. */
  readonly path: string;
  /** The clock that stamps inserted_at and updated_at; default `() => new Date()`. */
  readonly now?: () => Date;
  /** Receives one event per statement; absent means no query log. */
  readonly queryLog?: QueryLogSink;
  /**
   * How long an operation waits for another connection's lock before failing with
   * StoreUnavailableError; default DEFAULT_SQLITE_BUSY_TIMEOUT_MS. The wait runs on timers.
   */
  readonly busyTimeoutMs?: number;
  /** How long an Idempotency-Key lives; default 24 h. */
  readonly idempotencyKeyTtlMs?: number;
}

/** The default of `busyTimeoutMs` (and of `blog.sqlite_busy_timeout_ms`). */
export const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5000;

const DIALECT: ListDialect = {
  table: 'posts',
  columns: SQLITE_COLUMNS,
  timeColumn: 'inserted_key',
  order: 'inserted_key DESC, id DESC',
  // Kept with the post: the list reads a number, never the text. In the row it sits after the
  // body, yet costs about what octet_length(title) + octet_length(body) did (1000 posts of
  // 180 KB, one budgeted page: 0.67 ms against 0.53 ms; length(CAST(body AS BLOB)) 80 ms).
  textBytes: 'text_json_bytes',
  // Numbered, so the conditions can appear in the statement twice and bind once.
  placeholder: (n) => `?${n}`,
};

// ISO text sorts like time only with four-digit years, the range strftime produces.
const CURSOR_TIMES: CursorTimes = {
  toParam: (ms) => new Date(ms).toISOString(),
  minMs: Date.parse('0000-01-01T00:00:00.000Z'),
  maxMs: Date.parse('9999-12-31T23:59:59.999Z'),
};

/** Opens (creating if needed) the database file and its schema; throws on failure. */
export function openSqliteStore(options: SqliteStoreOptions): PostStore {
  const db = openDatabase(options);
  let statements: Statements;
  try {
    statements = prepareStatements(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const now = options.now ?? (() => new Date());
  const runner = createSqliteRunner(options.queryLog);
  let closed = false;
  // Every unit below is synchronous and atomic, so a retry after SQLITE_BUSY repeats it whole.
  const locked = createLockWait({
    timeoutMs: options.busyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS,
    isOpen: () => !closed,
  });

  const writes = sqliteWrites(runner, statements, now);
  const keys = sqliteKeys(runner, statements, now, options.idempotencyKeyTtlMs ?? DEFAULT_KEY_TTL_MS);

  return {
    create: (input: NewPost, writeFor?: ReadFor) => locked(() => writes.create(input, statements.insert), writeFor),

    async get(id: number): Promise<Post | undefined> {
      if (!isPostId(id)) return undefined;
      return locked(() => {
        const row = runner.get(statements.byId, [id]);
        return row === undefined ? undefined : toPost(row);
      });
    },

    list(query: ListQuery): Promise<Post[]> {
      return listInTwoRuns(query, CURSOR_TIMES, (shape, params) =>
        locked(() => runner.all(statements.list.get(shapeKey(shape))!, params).map(toPost)),
      );
    },

    async update(id: number, changes: PostChanges, writeFor?: ReadFor): Promise<UpdateResult> {
      if (!isPostId(id)) return { found: false };
      // IMMEDIATE takes the write lock before the read, so another process cannot slip a write
      // between the comparison and the UPDATE.
      return locked(() => inTransaction(db, runner, statements, () => writes.update(id, changes)), writeFor);
    },

    async delete(id: number, writeFor?: ReadFor): Promise<boolean> {
      if (!isPostId(id)) return false;
      return locked(() => writes.delete(id, statements.delete), writeFor);
    },

    writeOnce<W extends PostWrite>(
      claim: IdempotencyClaim,
      write: W,
      answer: (result: PostWriteResult<W>) => KeptAnswer,
      writeFor?: ReadFor,
    ): Promise<IdempotentOutcome<PostWriteResult<W>>> {
      return locked(
        () =>
          inTransaction(db, runner, statements, () =>
            keys(claim, () => writes.run(write) as PostWriteResult<W>, answer),
          ),
        writeFor,
      );
    },

    async ping(): Promise<void> {
      if (closed) throw new StoreUnavailableError('SQLite store closed');
      try {
        await locked(() => runner.get(statements.ping, []));
      } catch (error) {
        throw error instanceof StoreUnavailableError
          ? error
          : new StoreUnavailableError(`SQLite ping failed: ${String((error as Error)?.message ?? error)}`, {
              cause: error,
            });
      }
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}

/** The writes as synchronous units; create and delete take their statement, marked `commits` when it runs alone. */
function sqliteWrites(runner: SqliteRunner, statements: Statements, now: () => Date) {
  const create = (input: NewPost, insert: SqliteStatement): Post => {
    const time = isoTextOf(now());
    return toPost(
      runner.get(insert, [input.title, input.body, input.status, input.user_id, time, time, postTextBytes(input)])!,
    );
  };
  // Run inside a transaction.
  const update = (id: number, changes: PostChanges): UpdateResult => {
    const row = runner.get(statements.byId, [id]);
    if (row === undefined) return { found: false };
    const post = toPost(row);
    const changed = changedFields(post, changes);
    const fields = fieldsOf(changed);
    if (fields.length === 0) return { found: true, changed: false, post };
    const values = fields.map((field) => changed[field]);
    const updated = runner.get(statements.update(fields), [
      ...values,
      isoTextOf(now()),
      postTextBytes({ ...post, ...changed }),
      id,
    ]);
    return { found: true, changed: true, post: toPost(updated!) };
  };
  const remove = (id: number, statement: SqliteStatement): boolean => isPostId(id) && runner.run(statement, [id]) > 0;
  const run = (write: PostWrite): Post | UpdateResult | boolean => {
    if (write.kind === 'create') return create(write.input, statements.insertInTransaction);
    if (write.kind === 'update') return isPostId(write.id) ? update(write.id, write.changes) : { found: false };
    return remove(write.id, statements.deleteInTransaction);
  };
  return { create, update, delete: remove, run };
}

/**
 * The Idempotency-Key rule (idempotency.ts) inside one IMMEDIATE transaction: the key's row and
 * the write commit together. A second process with the same key waits for the lock, then finds
 * the key kept; within one process nothing interleaves with a synchronous transaction, so
 * `in_progress` never happens here.
 */
function sqliteKeys(runner: SqliteRunner, statements: Statements, now: () => Date, ttlMs: number) {
  const purge = purgeSchedule();
  return <T>(claim: IdempotencyClaim, write: () => T, answer: (result: T) => KeptAnswer): IdempotentOutcome<T> => {
    const nowMs = clockMs(now);
    const row = runner.get(statements.kept, [claim.scope, claim.key]);
    const found = keptOutcome(row && keptKeyOf(row), claim, nowMs);
    if (found !== undefined) return found;
    const result = write();
    const kept = answer(result);
    runner.run(statements.keep, [
      claim.scope,
      claim.key,
      claim.fingerprint,
      kept.status,
      kept.body,
      JSON.stringify(kept.headers),
      isoTextOf(new Date(nowMs)),
      nowMs + ttlMs,
    ]);
    if (purge.due(nowMs)) purge.swept(runner.run(statements.purge, [nowMs, PURGE_BATCH]));
    return { kind: 'ran', result };
  };
}

function keptKeyOf(row: SqliteRow) {
  return {
    fingerprint: row.fingerprint as string,
    expiresMs: row.expires_ms as number,
    answer: {
      status: row.status as number,
      body: row.body as string,
      headers: JSON.parse(row.headers as string) as Record<string, string>,
    },
  };
}

function openDatabase(options: SqliteStoreOptions): DatabaseSync {
  let db: DatabaseSync | undefined;
  try {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    db = new DatabaseSync(options.path);
    // Opening runs before the server listens, so here SQLite may wait for a lock itself: there
    // are no requests yet to hold up. From then on it never does (see sqlite-lock-wait.ts).
    db.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS)}`);
    for (const pragma of SQLITE_PRAGMAS) db.exec(pragma);
    const mode = (db.prepare('PRAGMA journal_mode').get() as { journal_mode?: unknown }).journal_mode;
    if (options.path !== ':memory:' && mode !== 'wal') {
      throw new Error(`SQLite refused WAL journal mode for ${options.path} (got ${String(mode)})`);
    }
    db.exec(SQLITE_SCHEMA);
    if (db.prepare(SQLITE_POSTS_HAS_JSON_BYTES).get() === undefined)
      db.exec(`BEGIN IMMEDIATE; ${SQLITE_ADD_JSON_BYTES} COMMIT;`);
    db.exec(SQLITE_INDEXES);
    db.exec(SQLITE_IDEMPOTENCY_SCHEMA);
    db.exec('PRAGMA busy_timeout = 0');
    return db;
  } catch (error) {
    db?.close();
    throw toSqliteStoreError(error);
  }
}

interface Statements {
  /** An autocommit INSERT: it commits. */
  readonly insert: SqliteStatement;
  readonly insertInTransaction: SqliteStatement;
  readonly byId: SqliteStatement;
  /** An autocommit DELETE: it commits. */
  readonly delete: SqliteStatement;
  readonly deleteInTransaction: SqliteStatement;
  readonly kept: SqliteStatement;
  readonly keep: SqliteStatement;
  readonly purge: SqliteStatement;
  readonly ping: SqliteStatement;
  readonly list: ReadonlyMap<string, SqliteStatement>;
  readonly begin: SqliteStatement;
  readonly commit: SqliteStatement;
  readonly rollback: SqliteStatement;
  /** The UPDATE of exactly these columns (plus updated_at), prepared on first use. */
  update(fields: readonly UpdatableField[]): SqliteStatement;
}

// What each statement does, for its span: declared here, not parsed from the SQL (statement-spans.ts).
const SELECT: SqlOperation = { name: 'SELECT', collection: DIALECT.table };
const INSERT: SqlOperation = { name: 'INSERT', collection: DIALECT.table };
const UPDATE: SqlOperation = { name: 'UPDATE', collection: DIALECT.table };
const DELETE: SqlOperation = { name: 'DELETE', collection: DIALECT.table };
const KEYS = 'idempotency_keys';

function prepareStatements(db: DatabaseSync): Statements {
  const prepare = (operation: SqlOperation, sql: string): SqliteStatement => ({ prepared: db.prepare(sql), operation });
  const updates = new Map<string, SqliteStatement>();
  const insert = prepare(
    INSERT,
    `INSERT INTO posts (title, body, status, user_id, inserted_at, updated_at, text_json_bytes) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${SQLITE_COLUMNS}`,
  );
  const remove = prepare(DELETE, 'DELETE FROM posts WHERE id = ?');
  return {
    insert: { ...insert, commits: true },
    insertInTransaction: insert,
    byId: prepare(SELECT, `SELECT ${SQLITE_COLUMNS} FROM posts WHERE id = ?`),
    delete: { ...remove, commits: true },
    deleteInTransaction: remove,
    kept: prepare(
      { name: 'SELECT', collection: KEYS },
      `SELECT fingerprint, status, body, headers, expires_ms FROM ${KEYS} WHERE scope = ? AND key = ?`,
    ),
    keep: prepare(
      { name: 'INSERT', collection: KEYS },
      `INSERT OR REPLACE INTO ${KEYS} (scope, key, fingerprint, status, body, headers, created_at, expires_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    // PURGE_BATCH at most (idempotency.ts): the sweep runs synchronously, inside a keyed write's transaction.
    purge: prepare(
      { name: 'DELETE', collection: KEYS },
      `DELETE FROM ${KEYS} WHERE (scope, key) IN (SELECT scope, key FROM ${KEYS} WHERE expires_ms <= ? ORDER BY expires_ms LIMIT ?)`,
    ),
    ping: prepare({ name: 'SELECT' }, 'SELECT count(*) AS tables FROM sqlite_schema'),
    list: new Map(LIST_SHAPES.map((shape) => [shapeKey(shape), prepare(SELECT, listSql(DIALECT, shape))])),
    begin: prepare({ name: 'BEGIN' }, 'BEGIN IMMEDIATE'),
    commit: { ...prepare({ name: 'COMMIT' }, 'COMMIT'), commits: true },
    rollback: prepare({ name: 'ROLLBACK' }, 'ROLLBACK'),
    update(fields) {
      const key = fields.join(',');
      let statement = updates.get(key);
      if (statement === undefined) {
        const assignments = fields.map((field) => `${field} = ?`).join(', ');
        statement = prepare(
          UPDATE,
          `UPDATE posts SET ${assignments}, updated_at = ?, text_json_bytes = ? WHERE id = ? RETURNING ${SQLITE_COLUMNS}`,
        );
        updates.set(key, statement);
      }
      return statement;
    },
  };
}

function inTransaction<T>(db: DatabaseSync, runner: SqliteRunner, statements: Statements, work: () => T): T {
  runner.control(statements.begin);
  try {
    const result = work();
    runner.control(statements.commit);
    return result;
  } catch (error) {
    if (db.isTransaction) runner.control(statements.rollback);
    throw error;
  }
}

function toPost(row: SqliteRow): Post {
  return {
    id: row.id as number,
    title: row.title as string,
    body: row.body as string,
    status: row.status as PostStatus,
    user_id: row.user_id as number | null,
    inserted_at: parseStoredTime(row.inserted_key),
    updated_at: parseStoredTime(row.updated_at),
  };
}
