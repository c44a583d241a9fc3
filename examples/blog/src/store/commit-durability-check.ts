/**
 * Start-up check that PostgreSQL makes a commit durable before it answers: a 201 says the post is kept. With
 * `synchronous_commit = off` (for a role, a database, a pooler's connect_query) the server answers COMMIT before the
 * commit record is on disk, and a crash loses the last commits it answered (up to three wal_writer_delay, 600 ms by
 * default); with `fsync = off`, a crash of the machine may lose anything. The blog does not override them (an
 * operator's choice, which a pooler would drop anyway): a warning names what breaks (docs/operations.md).
 */
import type { PgQueryable, PgResult } from './postgres-pool.ts';
import type { StoreLogger } from './query-log.ts';

const SETTINGS = { text: "SELECT name, setting FROM pg_settings WHERE name IN ('synchronous_commit', 'fsync')" };

/** Logs `store_commits_not_durable` when the server answers commits before they are on disk. */
export async function checkCommitDurability(pool: PgQueryable, logger: StoreLogger): Promise<void> {
  const { rows } = (await pool.query(SETTINGS)) as PgResult;
  const setting = new Map(rows.map((row) => [row.name as string, row.setting as string]));
  const [synchronous_commit, fsync] = [setting.get('synchronous_commit'), setting.get('fsync')];
  if (synchronous_commit !== 'off' && fsync !== 'off') return;
  logger.warn(
    { event: 'store_commits_not_durable', store: 'postgres', synchronous_commit, fsync },
    `PostgreSQL answers commits before they are on disk (synchronous_commit ${synchronous_commit}, fsync ${fsync}): a database crash ` +
      "can lose posts the blog answered 201. Set synchronous_commit and fsync back to on for the blog's role and database (docs/operations.md)",
  );
}
