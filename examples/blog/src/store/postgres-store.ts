/**
 * The PostgreSQL store on a `pg` pool. Statements are named, so each connection prepares them
 * once. Ids are bigint in the database and JS numbers here (safe up to 2^53).
 */
import { changedFields, fieldsOf, type UpdatableField } from './post-changes.ts';
import { isPostId } from './post-id.ts';
import { applyMigrations } from './postgres-migrate.ts';
import type { PgPool } from './postgres-pool.ts';
import { inPgTransaction, runPgQuery, type PgReporting, type PgStatement } from './postgres-runner.ts';
import type { QueryLogSink } from './query-log.ts';
import { postgresSpanTarget, type DbServer, type SqlOperation } from './statement-spans.ts';
import { LIST_SHAPES, listInTwoRuns, listSql, shapeKey, type CursorTimes, type ListDialect, type ListShape } from './sql/keyset-list.ts';
import { parseStoredTime, timeOf } from './stored-time.ts';
import type { ListQuery, NewPost, Post, PostChanges, PostStatus, PostStore, UpdateResult } from './store.ts';

/** Options of `openPostgresStore`. */
export interface PostgresStoreOptions {
  /** The pool to use; the store owns it from here on and ends it on close (or on a failed open). */
  readonly pool: PgPool;
  /** The clock that stamps inserted_at and updated_at; default `() => new Date()`. */
  readonly now?: () => Date;
  /** Receives one event per query, migrations included; absent means no query log. */
  readonly queryLog?: QueryLogSink;
  /** Where the pool connects, for the statement spans' `server.*` and `db.namespace`. */
  readonly server?: DbServer;
}

const COLUMNS = 'id, title, body, status, user_id, inserted_at, updated_at';

const DIALECT: ListDialect = {
  table: 'blog_posts',
  columns: COLUMNS,
  timeColumn: 'inserted_at',
  order: 'inserted_at DESC NULLS LAST, id DESC',
  // octet_length of a TOASTed value reads its size from the TOAST pointer: nothing is fetched or
  // decompressed. It counts bytes in the database encoding: UTF-8 bytes on a UTF8 database.
  textBytes: 'octet_length(title) + octet_length(body)',
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
const BY_ID: PgStatement = { name: 'blog_posts_by_id', text: `SELECT ${COLUMNS} FROM blog_posts WHERE id = $1`, operation: SELECT_POSTS };
const LOCK_BY_ID: PgStatement = { name: 'blog_posts_lock_by_id', text: `${BY_ID.text} FOR UPDATE`, operation: SELECT_POSTS };
const DELETE: PgStatement = { name: 'blog_posts_delete', text: 'DELETE FROM blog_posts WHERE id = $1', operation: { name: 'DELETE', collection: DIALECT.table } };

/** Applies pending migrations, then answers with the store. Rejects with StoreUnavailableError when the database is unreachable. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostStore> {
  const { pool } = options;
  const reporting: PgReporting = { log: options.queryLog, spans: postgresSpanTarget(options.server) };
  try {
    await applyMigrations(pool, { queryLog: reporting.log, spans: reporting.spans });
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const now = options.now ?? (() => new Date());
  const stamp = (): Date | null => {
    const date = now();
    return timeOf(date) === null ? null : date;
  };
  const query = (statement: PgStatement, values: readonly unknown[]) => runPgQuery(pool, { ...statement, values }, reporting);
  let closing: Promise<void> | undefined;

  return {
    async create(input: NewPost): Promise<Post> {
      const { rows } = await query(INSERT, [input.title, input.body, input.status, input.user_id, stamp()]);
      return toPost(rows[0]!);
    },

    async get(id: number): Promise<Post | undefined> {
      if (!isPostId(id)) return undefined;
      const { rows } = await query(BY_ID, [id]);
      return rows[0] === undefined ? undefined : toPost(rows[0]);
    },

    async list(listQuery: ListQuery): Promise<Post[]> {
      return listInTwoRuns(listQuery, CURSOR_TIMES, async (shape, values) => {
        const { rows } = await query(listStatement(shape), values);
        return rows.map(toPost);
      });
    },

    async update(id: number, changes: PostChanges): Promise<UpdateResult> {
      if (!isPostId(id)) return { found: false };
      // FOR UPDATE holds the row from the comparison to the write, so concurrent updates cannot
      // interleave between them.
      return inPgTransaction(pool, reporting, async (run) => {
        const { rows } = await run({ ...LOCK_BY_ID, values: [id] });
        if (rows[0] === undefined) return { found: false };
        const post = toPost(rows[0]);
        const changed = changedFields(post, changes);
        const fields = fieldsOf(changed);
        if (fields.length === 0) return { found: true, changed: false, post };
        const values = [id, ...fields.map((field) => changed[field]), stamp()];
        const updated = await run({ ...updateStatement(fields), values });
        return { found: true, changed: true, post: toPost(updated.rows[0]!) };
      });
    },

    async delete(id: number): Promise<boolean> {
      if (!isPostId(id)) return false;
      const { rowCount } = await query(DELETE, [id]);
      return (rowCount ?? 0) > 0;
    },

    close(): Promise<void> {
      closing ??= pool.end();
      return closing;
    },
  };
}

const LIST_STATEMENTS = new Map<string, PgStatement>(
  LIST_SHAPES.map((shape) => [shapeKey(shape), { name: `blog_posts_list_${shapeKey(shape)}`, text: listSql(DIALECT, shape), operation: SELECT_POSTS }]),
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
    user_id: row.user_id === null ? null : Number(row.user_id),
    inserted_at: parseStoredTime(row.inserted_at),
    updated_at: parseStoredTime(row.updated_at),
  };
}
