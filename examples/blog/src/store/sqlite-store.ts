/**
 * The SQLite store on node:sqlite (DatabaseSync). One connection per store; every statement is
 * prepared once at open (update statements once per set of changed columns, on first use).
 * Durability: WAL + synchronous=FULL, so a write that resolved survives kill -9. A lock held by
 * another connection is waited for on timers (sqlite-lock-wait.ts), never inside SQLite.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { changedFields, fieldsOf, type UpdatableField } from './post-changes.ts';
import { isPostId } from './post-id.ts';
import type { QueryLogSink } from './query-log.ts';
import { LIST_SHAPES, listInTwoRuns, listSql, shapeKey, type CursorTimes, type ListDialect } from './sql/keyset-list.ts';
import { SQLITE_COLUMNS, SQLITE_PRAGMAS, SQLITE_SCHEMA } from './sql/sqlite-schema.ts';
import { toSqliteStoreError } from './sqlite-errors.ts';
import { createLockWait } from './sqlite-lock-wait.ts';
import { createSqliteRunner, type SqliteRow, type SqliteRunner, type SqliteStatement } from './sqlite-runner.ts';
import type { SqlOperation } from './statement-spans.ts';
import { isoTextOf, parseStoredTime } from './stored-time.ts';
import type { ListQuery, NewPost, Post, PostChanges, PostStatus, PostStore, UpdateResult } from './store.ts';

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
}

/** The default of `busyTimeoutMs` (and of `blog.sqlite_busy_timeout_ms`). */
export const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5000;

const DIALECT: ListDialect = {
  table: 'posts',
  columns: SQLITE_COLUMNS,
  timeColumn: 'inserted_key',
  order: 'inserted_key DESC, id DESC',
  // octet_length of a column reads its size from the record header, not the overflow pages
  // (length(CAST(body AS BLOB)) reads them all: 29 ms against 0.5 ms for 1000 posts of 180 KB).
  textBytes: 'octet_length(title) + octet_length(body)',
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
  const locked = createLockWait({ timeoutMs: options.busyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS, isOpen: () => !closed });

  return {
    create(input: NewPost): Promise<Post> {
      return locked(() => {
        const time = isoTextOf(now());
        const row = runner.get(statements.insert, [input.title, input.body, input.status, input.user_id, time, time]);
        return toPost(row!);
      });
    },

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

    async update(id: number, changes: PostChanges): Promise<UpdateResult> {
      if (!isPostId(id)) return { found: false };
      // IMMEDIATE takes the write lock before the read, so another process cannot slip a write
      // between the comparison and the UPDATE.
      return locked(() => inTransaction(db, runner, statements, () => {
        const row = runner.get(statements.byId, [id]);
        if (row === undefined) return { found: false };
        const post = toPost(row);
        const changed = changedFields(post, changes);
        const fields = fieldsOf(changed);
        if (fields.length === 0) return { found: true, changed: false, post };
        const values = fields.map((field) => changed[field]);
        const updated = runner.get(statements.update(fields), [...values, isoTextOf(now()), id]);
        return { found: true, changed: true, post: toPost(updated!) };
      }));
    },

    async delete(id: number): Promise<boolean> {
      if (!isPostId(id)) return false;
      return locked(() => runner.run(statements.delete, [id]) > 0);
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      db.close();
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
    db.exec('PRAGMA busy_timeout = 0');
    return db;
  } catch (error) {
    db?.close();
    throw toSqliteStoreError(error);
  }
}

interface Statements {
  readonly insert: SqliteStatement;
  readonly byId: SqliteStatement;
  readonly delete: SqliteStatement;
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

function prepareStatements(db: DatabaseSync): Statements {
  const prepare = (operation: SqlOperation, sql: string): SqliteStatement => ({ prepared: db.prepare(sql), operation });
  const updates = new Map<string, SqliteStatement>();
  return {
    insert: prepare(INSERT, `INSERT INTO posts (title, body, status, user_id, inserted_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${SQLITE_COLUMNS}`),
    byId: prepare(SELECT, `SELECT ${SQLITE_COLUMNS} FROM posts WHERE id = ?`),
    delete: prepare(DELETE, 'DELETE FROM posts WHERE id = ?'),
    list: new Map(LIST_SHAPES.map((shape) => [shapeKey(shape), prepare(SELECT, listSql(DIALECT, shape))])),
    begin: prepare({ name: 'BEGIN' }, 'BEGIN IMMEDIATE'),
    commit: prepare({ name: 'COMMIT' }, 'COMMIT'),
    rollback: prepare({ name: 'ROLLBACK' }, 'ROLLBACK'),
    update(fields) {
      const key = fields.join(',');
      let statement = updates.get(key);
      if (statement === undefined) {
        const assignments = fields.map((field) => `${field} = ?`).join(', ');
        statement = prepare(UPDATE, `UPDATE posts SET ${assignments}, updated_at = ? WHERE id = ? RETURNING ${SQLITE_COLUMNS}`);
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
