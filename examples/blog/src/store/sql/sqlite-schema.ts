/**
 * The SQLite schema, created on start. `AUTOINCREMENT` keeps ids from ever being reused, even
 * after the highest one is deleted. Timestamps are ISO-8601 UTC text with milliseconds;
 * `inserted_key` is that text normalised by SQLite's own date parser, NULL when the stored text is
 * not a date-time, so list order, the index and the read-back value all agree on what is valid.
 */

/** Connection settings: WAL with synchronous=FULL so an acknowledged write survives kill -9 and power loss. */
export const SQLITE_PRAGMAS = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = FULL'] as const;

/** The table and its list indexes; idempotent. */
export const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'published', 'archived')),
  user_id INTEGER,
  inserted_at TEXT,
  updated_at TEXT,
  inserted_key TEXT GENERATED ALWAYS AS (strftime('%Y-%m-%dT%H:%M:%fZ', inserted_at)) VIRTUAL
);
CREATE INDEX IF NOT EXISTS posts_list_idx ON posts (inserted_key DESC, id DESC);
CREATE INDEX IF NOT EXISTS posts_status_list_idx ON posts (status, inserted_key DESC, id DESC);
`;

/** The columns every read returns; `inserted_key` stands in for inserted_at. */
export const SQLITE_COLUMNS = 'id, title, body, status, user_id, inserted_key, updated_at';
