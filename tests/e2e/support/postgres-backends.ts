/**
 * The PostgreSQL server processes one blog process holds, found by its own sockets: `ss` lists the process's
 * connections to the server's port, and pg_stat_activity's `client_port` names the backend at the other end. The
 * `test` database is shared with other tests running at the same time, each blog with the same application_name, so
 * the name alone cannot tell whose backend is whose.
 */
import { execFileSync } from 'node:child_process';
import type { TestSchema } from '../../../examples/blog/test/support/store-postgres.ts';

/** One backend of the process: what it does, and whether it holds an advisory lock (an Idempotency-Key's). */
export interface Backend {
  readonly pid: number;
  readonly state: string;
  readonly advisory: boolean;
}

/** The backends process `pid` is connected to on port `serverPort` (127.0.0.1), read through `schema`'s admin connection. */
export async function backendsOf(pid: number, schema: TestSchema, serverPort = 5432): Promise<Backend[]> {
  const sockets = execFileSync('ss', ['-tnpH', 'state', 'established', `( dport = ${serverPort} )`], { encoding: 'utf8' });
  const ports = sockets.split('\n').filter((line) => line.includes(`pid=${pid},`)).map((line) => Number(/:(\d+)\s+\S+:\d+\s/.exec(line)?.[1]));
  // pg_stat_activity is read outside any transaction of the admin connection: inside one it would be a snapshot.
  const { rows } = await schema.query(
    `SELECT pid, state, EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.locktype = 'advisory') AS advisory
     FROM pg_stat_activity a WHERE client_addr = '127.0.0.1' AND client_port = ANY($1::int[]) ORDER BY pid`,
    [ports],
  );
  return rows as Backend[];
}
