/**
 * The CPU time of the PostgreSQL backends that serve one process, so a benchmark of the
 * PostgreSQL store counts the work the database does for it, not only the service's own. The
 * service's TCP connections to the database are found in /proc (socket inodes of its open files,
 * their local ports in /proc/<pid>/net/tcp), the backends by those ports in pg_stat_activity,
 * their CPU time in /proc/<backend>/stat. Needs PostgreSQL on this machine.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import type pg from 'pg';
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
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode !== undefined) inodes.add(inode);
  }
  const ports: number[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const text = await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '');
    // sl local_address rem_address st ... inode: addresses are <hex ip>:<hex port>
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || !inodes.has(fields[9]!)) continue;
      if (parseInt(fields[2]!.split(':')[1]!, 16) === remotePort) ports.push(parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}
