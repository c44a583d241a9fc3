/**
 * What the database holds against what the clients were told: every POST answered 201 must be
 * stored exactly once, under the id it was answered with, and a stored row nobody was told
 * about is allowed only for a POST whose request failed (its outcome unknown to the client).
 * Rows are found by the run's title prefix (steady-load.ts gives every POST its own title).
 */
import type { TestSchema } from '../../../examples/blog/test/support/store-postgres.ts';
import type { Outcome } from './steady-load.ts';

/** The comparison. Every list is empty when each acknowledged write is stored exactly once. */
export interface StoredWrites {
  /** Rows of the run. */
  readonly rows: number;
  /** Acknowledged titles not stored. */
  readonly lost: string[];
  /** Titles stored more than once, with their ids. */
  readonly duplicated: string[];
  /** Acknowledged titles stored under another id than the one answered. */
  readonly wrongId: string[];
  /** Stored titles whose POST was neither acknowledged nor failed (no client sent them). */
  readonly unexplained: string[];
  /** Stored titles whose POST failed: the client does not know the write happened. */
  readonly storedButFailed: string[];
}

/** Compares the run's rows in `schema` with `outcomes`. */
export async function compareStoredWrites(schema: TestSchema, titlePrefix: string, outcomes: readonly Outcome[]): Promise<StoredWrites> {
  const { rows } = await schema.query('SELECT id::int AS id, title FROM blog_posts WHERE starts_with(title, $1) ORDER BY id', [titlePrefix]);
  const stored = new Map<string, number[]>();
  for (const row of rows as Array<{ id: number; title: string }>) stored.set(row.title, [...(stored.get(row.title) ?? []), row.id]);
  const posts = outcomes.filter((o) => o.method === 'POST');
  const acknowledged = posts.filter((o) => o.id !== undefined);
  const failed = new Set(posts.filter((o) => o.failure !== undefined).map((o) => o.title!));
  const sent = new Set(posts.map((o) => o.title!));
  return {
    rows: rows.length,
    lost: acknowledged.filter((o) => !stored.has(o.title!)).map((o) => o.title!),
    duplicated: [...stored].filter(([, ids]) => ids.length > 1).map(([title, ids]) => `${title}: ids ${ids.join(', ')}`),
    wrongId: acknowledged.filter((o) => stored.has(o.title!) && stored.get(o.title!)![0] !== o.id).map((o) => `${o.title}: answered ${o.id}, stored ${stored.get(o.title!)}`),
    unexplained: [...stored.keys()].filter((title) => !sent.has(title)),
    storedButFailed: [...stored.keys()].filter((title) => failed.has(title)),
  };
}
