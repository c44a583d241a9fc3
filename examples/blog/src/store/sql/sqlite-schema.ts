/**
 * The SQLite schema, created on start. `AUTOINCREMENT` keeps ids from ever being reused, even
 * after the highest one is deleted. Timestamps are ISO-8601 UTC text with milliseconds;
 * `inserted_key` is that text normalised by SQLite's own date parser, NULL when the stored text is
 * not a date-time, so list order, the index and the read-back value all agree on what is valid.
 */

/** Connection settings: WAL with synchronous=FULL so an acknowledged write survives kill -9 and power loss. */
export const SQLITE_PRAGMAS = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = FULL'] as const;

/**
 * The table; idempotent. text_json_bytes is what a post's title and body take in a JSON answer
 * (store/text-budget.ts), written with the post.
 */
export const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'published', 'archived')),
  user_id INTEGER,
  inserted_at TEXT,
  updated_at TEXT,
  inserted_key TEXT GENERATED ALWAYS AS (strftime('%Y-%m-%dT%H:%M:%fZ', inserted_at)) VIRTUAL,
  text_json_bytes INTEGER
);
`;

/**
 * The list indexes, and a trigger that measures a row inserted without text_json_bytes (by a
 * script, or a test writing SQL) as the store measures it; run once text_json_bytes exists. Another refuses an id
 * past 2^53 - 1, a script's or one AUTOINCREMENT makes after it: node:sqlite cannot read it, so the blog's create
 * was stored and then answered 500 (and stored again by a client's retry), and every list page with it failed.
 */
export const SQLITE_INDEXES = `
CREATE INDEX IF NOT EXISTS posts_list_idx ON posts (inserted_key DESC, id DESC);
CREATE INDEX IF NOT EXISTS posts_status_list_idx ON posts (status, inserted_key DESC, id DESC);
CREATE TRIGGER IF NOT EXISTS posts_id_safe_integer AFTER INSERT ON posts WHEN NEW.id > 9007199254740991 BEGIN
  SELECT RAISE(ABORT, 'id must be at most 9007199254740991, the largest a JavaScript number holds exactly');
END;
CREATE TRIGGER IF NOT EXISTS posts_measure_text AFTER INSERT ON posts WHEN NEW.text_json_bytes IS NULL BEGIN
  UPDATE posts SET text_json_bytes = octet_length(json_quote(NEW.title)) + octet_length(json_quote(NEW.body)) - 4 WHERE id = NEW.id;
END;
`;

/**
 * For a database created before text_json_bytes existed (SQLITE_POSTS_HAS_JSON_BYTES finds no
 * column): add it and measure the existing rows. json_quote escapes exactly as JSON.stringify
 * does; new rows are measured by the store as it writes them.
 */
export const SQLITE_ADD_JSON_BYTES = `
ALTER TABLE posts ADD COLUMN text_json_bytes INTEGER;
UPDATE posts SET text_json_bytes = octet_length(json_quote(title)) + octet_length(json_quote(body)) - 4;
`;

/** One row when the posts table has its text_json_bytes column. */
export const SQLITE_POSTS_HAS_JSON_BYTES = "SELECT 1 FROM pragma_table_info('posts') WHERE name = 'text_json_bytes'";

/**
 * The Idempotency-Key table (store/idempotency.ts): one row per key and scope, written in the
 * transaction of the write whose answer it keeps; expires_ms is on the store's clock.
 */
export const SQLITE_IDEMPOTENCY_SCHEMA = `
CREATE TABLE IF NOT EXISTS idempotency_keys (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  headers TEXT NOT NULL,
  created_at TEXT,
  expires_ms INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS idempotency_keys_expires_idx ON idempotency_keys (expires_ms);
`;

/**
 * The columns every read returns; `inserted_key` stands in for inserted_at. A user_id past 2^53 - 1 (a script's) is
 * read as NULL, as post-id.ts's storedUserId reads it: node:sqlite throws ERR_OUT_OF_RANGE on such an integer, and the
 * post, its list pages with it, answered 500.
 */
export const SQLITE_COLUMNS =
  'id, title, body, status, CASE WHEN user_id BETWEEN -9007199254740991 AND 9007199254740991 THEN user_id END AS user_id, inserted_key, updated_at';
