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
];
