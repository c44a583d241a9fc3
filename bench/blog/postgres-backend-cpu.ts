/**
 * The CPU time of the PostgreSQL backends that serve one process, so a benchmark of the
 * PostgreSQL store counts the work the database does for it, not only the service's own. The
 * service's TCP connections to the database are found in /proc (socket inodes of its open files,
 * their local ports in /proc/<pid>/net/tcp), the backends by those ports in pg_stat_activity,
 * their CPU time in /proc/<backend>/stat. Needs PostgreSQL on this machine.
 */
import type pg from 'pg';
import { processDescriptors } from '../../examples/blog/test/support/process-sockets.ts';
import { cpuMicrosOf } from './blog-service.ts';

/** User + system CPU µs so far of the backends serving `pid`'s connections to `databasePort`. */
export async function postgresBackendCpuMicros(admin: pg.Client, pid: number, databasePort: number): Promise<number> {
  const ports = await clientPortsOf(pid, databasePort);
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE client_port = ANY($1::int[])', [ports]);
  let total = 0;
  for (const row of rows) total += await cpuMicrosOf(row.pid).catch(() => 0); // a backend may end meanwhile
  return total;
}

/** Local ports of `pid`'s TCP sockets connected to `remotePort`. */
async function clientPortsOf(pid: number, remotePort: number): Promise<number[]> {
  const { sockets } = await processDescriptors(pid);
  return sockets.filter((socket) => socket.remotePort === remotePort).map((socket) => socket.localPort);
}
