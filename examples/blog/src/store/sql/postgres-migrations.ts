/**
 * The PostgreSQL migrations, numbered and append-only: never edit one that has shipped, add the
 * next number. `timestamptz(3)` keeps millisecond precision, the precision of list cursors, so
 * cursor comparisons are exact.
 */

/** One schema change. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The table that records applied versions (prefixed: the `test` database is shared). */
export const MIGRATIONS_TABLE = 'blog_schema_migrations';

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'create_blog_posts',
    sql: `
CREATE TABLE blog_posts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  status text NOT NULL CONSTRAINT blog_posts_status_check CHECK (status IN ('draft', 'published', 'archived')),
  user_id bigint,
  inserted_at timestamptz(3) CONSTRAINT blog_posts_inserted_at_finite CHECK (isfinite(inserted_at)),
  updated_at timestamptz(3)
);
CREATE INDEX blog_posts_list_idx ON blog_posts (inserted_at DESC NULLS LAST, id DESC);
CREATE INDEX blog_posts_status_list_idx ON blog_posts (status, inserted_at DESC NULLS LAST, id DESC);
`,
  },
  {
    version: 2,
    name: 'add_text_json_bytes_and_idempotency_keys',
    // text_json_bytes: the list page budget (store/text-budget.ts) in the bytes a post's title and
    // body take in the JSON answer, escapes included; to_json escapes exactly as JSON.stringify
    // does. A trigger measures every write, whoever makes it (an instance of the previous version
    // during a rolling upgrade, a script), so the list only ever reads a number.
    // blog_idempotency_keys: one row per Idempotency-Key (store/idempotency.ts), written in the
    // transaction of the write it kept the answer of.
    sql: `
CREATE FUNCTION blog_posts_measure_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.text_json_bytes := octet_length(to_json(NEW.title)::text) + octet_length(to_json(NEW.body)::text) - 4;
  RETURN NEW;
END
$$;
ALTER TABLE blog_posts ADD COLUMN text_json_bytes bigint;
UPDATE blog_posts SET text_json_bytes = octet_length(to_json(title)::text) + octet_length(to_json(body)::text) - 4;
ALTER TABLE blog_posts ALTER COLUMN text_json_bytes SET NOT NULL;
CREATE TRIGGER blog_posts_measure_text BEFORE INSERT OR UPDATE OF title, body ON blog_posts
  FOR EACH ROW EXECUTE FUNCTION blog_posts_measure_text();
CREATE TABLE blog_idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status smallint NOT NULL,
  body text NOT NULL,
  headers jsonb NOT NULL,
  created_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX blog_idempotency_keys_expires_idx ON blog_idempotency_keys (expires_at);
`,
  },
  {
    version: 3,
    name: 'bound_inserted_at_to_javascript_dates',
    // timestamptz holds times up to 294276 AD, a JavaScript Date only up to +275760-09-13 (8.64e15 ms). The blog read
    // a later time, written by something else (a script), as null while PostgreSQL ordered it first, so the cursor of
    // its page (null: the untimed tail) skipped every timed post. Refused like infinity (migration 1). NOT VALID: it
    // checks writes from now on and never scans nor fails on rows already stored (docs/blog-stores.md, "PostgreSQL").
    sql: `
ALTER TABLE blog_posts ADD CONSTRAINT blog_posts_inserted_at_javascript_date CHECK (inserted_at <= '275760-09-13 00:00:00+00') NOT VALID;
`,
  },
  {
    version: 4,
    name: 'bound_ids_to_safe_integers',
    // The blog reads bigint as a JavaScript number: past 2^53 - 1 it came back rounded (a script's user_id
    // 9223372036854775807 was answered 9223372036854776000, an id was listed as one that names no post). The API
    // takes none such; these keep a script from writing one. NOT VALID, as migration 3.
    sql: `
ALTER TABLE blog_posts ADD CONSTRAINT blog_posts_id_safe_integer CHECK (id <= 9007199254740991) NOT VALID;
ALTER TABLE blog_posts ADD CONSTRAINT blog_posts_user_id_safe_integer CHECK (user_id BETWEEN -9007199254740991 AND 9007199254740991) NOT VALID;
`,
  },
];
