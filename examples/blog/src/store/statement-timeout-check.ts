/**
 * Start-up check that PostgreSQL runs the blog's statements under the configured statement_timeout. The blog sends
 * it as a startup parameter; a pooler in between may drop it (PgBouncer refuses unknown startup parameters unless
 * `ignore_startup_parameters` lists them, and then ignores them), and a slow statement would then hold its pooled
 * connection until the query timeout, unanswered by the server. A warning names the fix (docs/operations.md).
 */
import type { PgQueryable, PgResult } from './postgres-pool.ts';
import type { StoreLogger } from './query-log.ts';

/** pg_settings gives statement_timeout in milliseconds, whatever unit it was set in. */
const SETTING = { text: "SELECT setting FROM pg_settings WHERE name = 'statement_timeout'" };

/** Logs `store_statement_timeout_not_applied` when the server's statement_timeout differs from `configuredMs`. */
export async function checkStatementTimeout(
  pool: PgQueryable,
  configuredMs: number,
  logger: StoreLogger,
): Promise<void> {
  const { rows } = (await pool.query(SETTING)) as PgResult;
  const serverMs = Number((rows[0] as { setting?: unknown } | undefined)?.setting);
  if (serverMs === configuredMs) return;
  logger.warn(
    {
      event: 'store_statement_timeout_not_applied',
      store: 'postgres',
      configured_ms: configuredMs,
      server_ms: serverMs,
    },
    `PostgreSQL runs the blog's statements with statement_timeout ${serverMs} ms, not postgres_statement_timeout_ms ${configuredMs}: ` +
      `a connection pooler dropped the startup parameter (PgBouncer's ignore_startup_parameters). Set it where the pooler keeps it: ` +
      `ALTER ROLE <the blog's user> SET statement_timeout = ${configuredMs}, or PgBouncer's connect_query; in its transaction mode also ` +
      'set postgres_prepared_statements false (docs/operations.md)',
  );
}
