/**
 * The post store contract. Three implementations (memory-store.ts, sqlite-store.ts,
 * postgres-store.ts) pass the same contract suite (test/store-contract.test.ts).
 */

/** The allowed values of a post's `status`. */
export const POST_STATUSES = ['draft', 'published', 'archived'] as const;

/** A post status. */
export type PostStatus = (typeof POST_STATUSES)[number];

/** A stored post. `inserted_at` is null when the stored value is not a valid date-time. */
export interface Post {
  readonly id: number;
  readonly title: string;
  readonly body: string;
  readonly status: PostStatus;
  readonly user_id: number | null;
  readonly inserted_at: Date | null;
  readonly updated_at: Date | null;
}

/** What create stores; the store assigns id, inserted_at and updated_at. */
export interface NewPost {
  readonly title: string;
  readonly body: string;
  readonly status: PostStatus;
  readonly user_id: number | null;
}

/** Fields an update may change; absent fields are left alone. */
export type PostChanges = Partial<NewPost>;

/** Where a page starts: strictly after this (inserted_at, id) in newest-first order. */
export interface ListCursor {
  /** Milliseconds since the epoch of the last post's inserted_at, or null when it had none. */
  readonly inserted_at: number | null;
  readonly id: number;
}

/** A list request: newest inserted_at first, ties by id descending, null inserted_at last. */
export interface ListQuery {
  /** 1..1001: the API asks for one more than its page size (max 1000) to see whether a next page exists. */
  readonly limit: number;
  readonly status?: PostStatus;
  readonly after?: ListCursor;
  /**
   * A byte budget for the posts' text (UTF-8 title + body; store/text-budget.ts): posts are listed
   * while the text of those before the next one is within it, and the first two always are, so
   * the answer is the page `takePage` keeps with this budget plus one post more. Absent: no budget.
   */
  readonly maxTextBytes?: number;
}

/** Result of update. */
export type UpdateResult =
  { readonly found: false } | { readonly found: true; readonly changed: boolean; readonly post: Post };

/**
 * The request a read is for (an FwRequest): when its `signal` aborts, the client has gone, and a read still waiting
 * stops and rejects with the signal's reason: PostgreSQL cancels the statement on the server (a lock wait, a slow
 * plan). A store reads `signal` only where a read can wait, so elsewhere a read costs the request no AbortController:
 * the memory store never waits, nor do SQLite's reads (WAL: a writer never blocks them). A write takes it too, and
 * stops the same way while it has committed nothing: PostgreSQL's wait for a pooled connection, its statements until
 * COMMIT (cancelled on the server, the transaction rolled back: docs/blog-stores.md), SQLite's wait for another
 * process's lock. A stopped write stored nothing; one that committed answers as usual.
 */
export interface ReadFor {
  readonly signal: AbortSignal;
}

/**
 * A post store. Every method may reject with StoreUnavailableError when the database is down
 * (nothing was written); create, update, delete and writeOnce may also reject with
 * WriteOutcomeUnknownError when the database stopped answering after the write was sent.
 */
export interface PostStore {
  /** Assigns a fresh id (never reused, also under concurrency) and both timestamps; a write not yet committed when `writeFor`'s signal aborts may be stopped (ReadFor). */
  create(input: NewPost, writeFor?: ReadFor): Promise<Post>;
  /** The post, or undefined; a read that `readFor`'s signal aborts stops (ReadFor). */
  get(id: number, readFor?: ReadFor): Promise<Post | undefined>;
  /** Up to `limit` posts in list order, starting after `after`, within `maxTextBytes` when given; stopped as get's. */
  list(query: ListQuery, readFor?: ReadFor): Promise<Post[]>;
  /** Writes only the supplied fields that differ; updated_at changes only when something did. */
  update(id: number, changes: PostChanges, writeFor?: ReadFor): Promise<UpdateResult>;
  /** True when a post was deleted. */
  delete(id: number, writeFor?: ReadFor): Promise<boolean>;
  /**
   * Runs `write` once per idempotency key (idempotency.ts): the first call with a key runs it and
   * keeps `answer(result)` in the same transaction as the write; a later call within the key's
   * lifetime answers `replay` (same fingerprint), `mismatch` (another one) or `in_progress`
   * (the first is still running).
   */
  writeOnce<W extends PostWrite>(
    claim: IdempotencyClaim,
    write: W,
    answer: (result: PostWriteResult<W>) => KeptAnswer,
    writeFor?: ReadFor,
  ): Promise<IdempotentOutcome<PostWriteResult<W>>>;
  /** Resolves when the database answers; rejects with StoreUnavailableError, bounded by the store's query timeout. */
  ping(): Promise<void>;
  /** Releases connections and files. */
  close(): Promise<void>;
}

/** One write, as `writeOnce` takes it. */
export type PostWrite =
  | { readonly kind: 'create'; readonly input: NewPost }
  | { readonly kind: 'update'; readonly id: number; readonly changes: PostChanges }
  | { readonly kind: 'delete'; readonly id: number };

/** What a write returns: the post created, the update's result, whether a post was deleted. */
export type PostWriteResult<W extends PostWrite> = W extends { kind: 'create' }
  ? Post
  : W extends { kind: 'update' }
    ? UpdateResult
    : boolean;

/** Who asks to run a write once: the key, what it is scoped to, and the request's fingerprint. */
export interface IdempotencyClaim {
  /** The `Idempotency-Key` value (1 to 255 visible ASCII characters). */
  readonly key: string;
  /** Method, route and credential the key belongs to: the same key under another scope is another key. */
  readonly scope: string;
  /** A digest of the request (target and body): a repeat must carry the same one. */
  readonly fingerprint: string;
}

/** The answer kept for a key: what a repeat gets back. */
export interface KeptAnswer {
  readonly status: number;
  /** The JSON body as sent, or '' for none. */
  readonly body: string;
  /** The headers a repeat must carry again (location). */
  readonly headers: Readonly<Record<string, string>>;
}

/** What `writeOnce` did. */
export type IdempotentOutcome<T> =
  | { readonly kind: 'ran'; readonly result: T }
  | { readonly kind: 'replay'; readonly answer: KeptAnswer }
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'in_progress' };

/** The database could not be reached or answered with a connection-level failure: answer 503. */
export class StoreUnavailableError extends Error {
  readonly code = 'BLOG_ERR_STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The database stopped answering after a write (INSERT, UPDATE, DELETE or COMMIT) was sent: the
 * write may or may not have been committed. Never answered as safely retryable (the API answers
 * 504 without retry-after, docs/blog-api.md); a retry is safe only with an Idempotency-Key.
 */
export class WriteOutcomeUnknownError extends Error {
  readonly code = 'BLOG_ERR_WRITE_OUTCOME_UNKNOWN';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WriteOutcomeUnknownError';
  }
}

/** The query log event (spec: "The database layer has its own query log"). */
export interface QueryLogEvent {
  readonly sql: string;
  readonly params: readonly unknown[];
  /** Microseconds. */
  readonly duration_us: number;
  /** Rows returned or changed; for a text of several statements (a migration), summed over them. */
  readonly row_count: number;
  readonly store: 'sqlite' | 'postgres';
  /** The statement span's ids (lowercase hex) when it is recording; absent without telemetry. */
  readonly trace_id?: string;
  readonly span_id?: string;
}

/** Store settings from the `blog` section of fw.config.json. */
export interface StoreSettings {
  /** `memory` (default), `sqlite` or `postgres`. */
  readonly store: 'memory' | 'sqlite' | 'postgres';
  /** SQLite database file (relative to the app directory); default `data/blog.sqlite3`. */
  readonly sqlite_path?: string;
  /** How long an SQLite operation waits for another process's lock before answering 503; default 5000 ms. */
  readonly sqlite_busy_timeout_ms?: number;
  /** PostgreSQL connection string; `DATABASE_URL` overrides; default postgres://postgres@127.0.0.1:5432/test. */
  readonly database_url?: string;
  /**
   * Where GET /ready's `SELECT 1` connects; `BLOG_POSTGRES_READY_URL` overrides; default the database URL. Behind
   * PgBouncer, a database entry with a pool of its own (docs/operations.md, "Behind PgBouncer").
   */
  readonly postgres_ready_url?: string;
  /** false (default), true (log each query as a JSON line), or `"module#export"` naming a function that receives each QueryLogEvent. */
  readonly log?: boolean | string;
  /** Most PostgreSQL connections one instance holds; default 10 (docs/blog-stores.md, sizing). */
  readonly postgres_pool_size?: number;
  /** How long connecting, or waiting for a free pooled connection, may take before 503; default 2000 ms. */
  readonly postgres_connect_timeout_ms?: number;
  /** How long the client waits for a statement's answer; default 6000 ms. A write past it is of unknown outcome. */
  readonly postgres_query_timeout_ms?: number;
  /** The server's statement_timeout: it cancels (and rolls back) a statement running longer; default 5000 ms. */
  readonly postgres_statement_timeout_ms?: number;
  /** false sends every statement unnamed (behind PgBouncer in transaction mode before 1.21); default true: each is prepared once per connection. */
  readonly postgres_prepared_statements?: boolean;
  /** How long an Idempotency-Key and its kept answer live; default 86 400 000 ms (24 h). */
  readonly idempotency_key_ttl_ms?: number;
  /** The memory store is refused under FW_ENV=prod unless this is true (or BLOG_ALLOW_MEMORY_STORE=true). */
  readonly allow_memory_store?: boolean;
}
