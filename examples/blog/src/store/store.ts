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
  | { readonly found: false }
  | { readonly found: true; readonly changed: boolean; readonly post: Post };

/** A post store. Every method may reject with StoreUnavailableError when the database is down. */
export interface PostStore {
  /** Assigns a fresh id (never reused, also under concurrency) and both timestamps. */
  create(input: NewPost): Promise<Post>;
  get(id: number): Promise<Post | undefined>;
  /** Up to `limit` posts in list order, starting after `after`, within `maxTextBytes` when given. */
  list(query: ListQuery): Promise<Post[]>;
  /** Writes only the supplied fields that differ; updated_at changes only when something did. */
  update(id: number, changes: PostChanges): Promise<UpdateResult>;
  /** True when a post was deleted. */
  delete(id: number): Promise<boolean>;
  /** Releases connections and files. */
  close(): Promise<void>;
}

/** The database could not be reached or answered with a connection-level failure: answer 503. */
export class StoreUnavailableError extends Error {
  readonly code = 'BLOG_ERR_STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
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
  /** false (default), true (log each query as a JSON line), or `"module#export"` naming a function that receives each QueryLogEvent. */
  readonly log?: boolean | string;
}
