/**
 * Applies the numbered migrations at start, in one transaction under a transaction-level advisory
 * lock, so instances starting together take turns: the first applies, the others find nothing
 * left to do. A failed migration rolls back entirely.
 */
import type { PgPool } from './postgres-pool.ts';
import { beginIdleBounded, inPgTransaction } from './postgres-runner.ts';
import type { QueryLogSink } from './query-log.ts';
import { postgresSpanTarget, type DbSpanTarget } from './statement-spans.ts';
import { MIGRATIONS, MIGRATIONS_TABLE, type Migration } from './sql/postgres-migrations.ts';

/** The advisory lock key of blog migrations ("blogmigr" as ASCII bytes). */
export const MIGRATION_LOCK_KEY = '7092166003209627506';

/** Options of `applyMigrations`. */
export interface ApplyMigrationsOptions {
  readonly queryLog?: QueryLogSink;
  /** The store's span target; migrations run at start-up, outside any span, so they rarely make one. */
  readonly spans?: DbSpanTarget;
  /** Defaults to every migration of the blog. */
  readonly migrations?: readonly Migration[];
  /**
   * The server ends the migrations' transaction idle longer than this (beginIdleBounded), with its advisory lock: an
   * instance cut off mid-migration then keeps no other from starting. Absent: a plain BEGIN.
   */
  readonly transactionIdleMs?: number;
}

/** Applies the migrations not yet recorded; returns the versions it applied, in order. */
export async function applyMigrations(pool: PgPool, options: ApplyMigrationsOptions = {}): Promise<number[]> {
  const migrations = options.migrations ?? MIGRATIONS;
  const reporting = { log: options.queryLog, spans: options.spans ?? postgresSpanTarget(undefined) };
  const begin = options.transactionIdleMs === undefined ? undefined : beginIdleBounded(options.transactionIdleMs);
  return inPgTransaction(
    pool,
    reporting,
    async (run) => {
      await run({ text: 'SELECT pg_advisory_xact_lock($1::bigint)', values: [MIGRATION_LOCK_KEY] });
      await run({
        text: `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
      });
      const { rows } = await run({ text: `SELECT version FROM ${MIGRATIONS_TABLE}` });
      const applied = new Set(rows.map((row) => Number(row.version)));
      const done: number[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.version)) continue;
        await run({ text: migration.sql });
        await run({
          text: `INSERT INTO ${MIGRATIONS_TABLE} (version, name) VALUES ($1, $2)`,
          values: [migration.version, migration.name],
        });
        done.push(migration.version);
      }
      return done;
    },
    undefined,
    undefined,
    begin,
  );
}
