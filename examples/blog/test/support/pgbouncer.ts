/**
 * A real PgBouncer for the blog tests: the Debian package's /usr/sbin/pgbouncer (installed by scripts/test-setup.ts),
 * run in the foreground as a child process on a configuration in a temporary directory, never as a service, in
 * transaction mode (what docs/operations.md suggests in front of PostgreSQL), trusting the test server's users. Run as
 * root (CI), it switches to `nobody`, as PgBouncer will not run as root.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPort } from '../../../../packages/fw-core/test/support/closed-port.ts';
import { until } from '../../../../packages/fw-core/test/support/until.ts';
import { missingToolReason } from '../../../../tests/e2e/support/debian-tool.ts';

/** The binary the tests run. */
export const PGBOUNCER_PATH = '/usr/sbin/pgbouncer';

/** Why the PgBouncer tests skip, or false when PgBouncer is there. */
export const PGBOUNCER_SKIP_REASON = missingToolReason(PGBOUNCER_PATH, 'pgbouncer');

/** A running PgBouncer. */
export interface PgBouncer {
  /** A connection string to the database `databaseUrl` named, through PgBouncer. */
  readonly url: string;
  /**
   * The same database through a second entry, `<database>_ready`, with a pool of its own (pool_size 1), as
   * docs/operations.md sets one up for GET /ready's probe.
   */
  readonly readyUrl: string;
  stop(): Promise<void>;
}

/** What else a test sets: the main entry's server connections (PgBouncer's default_pool_size, 20, when not given), and more `[pgbouncer]` lines. */
export interface PgBouncerOptions {
  readonly poolSize?: number;
  readonly settings?: readonly string[];
  /** The port to listen on (a restart: the port of the PgBouncer it replaces); default a free one. */
  readonly port?: number;
}

/** Starts PgBouncer in front of `databaseUrl`'s database; `connectQuery` runs on each server connection it opens. */
export async function startPgBouncer(databaseUrl: string, connectQuery?: string, { poolSize, settings = [], port: fixedPort }: PgBouncerOptions = {}): Promise<PgBouncer> {
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username || 'postgres');
  const dir = await mkdtemp(join(tmpdir(), 'fw-test-pgbouncer-'));
  await chmod(dir, 0o777);
  const port = fixedPort ?? (await closedPort());
  const server = `host=${target.hostname} port=${target.port || 5432} dbname=${database}${connectQuery ? ` connect_query='${connectQuery}'` : ''}`;
  await writeFile(join(dir, 'users.txt'), `"${user}" ""\n`);
  await writeFile(join(dir, 'pgbouncer.ini'), `[databases]
${database} = ${server}${poolSize === undefined ? '' : ` pool_size=${poolSize}`}
${database}_ready = ${server} pool_size=1
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'users.txt')}
pool_mode = transaction
ignore_startup_parameters = extra_float_digits,statement_timeout,options,application_name
logfile = ${join(dir, 'pgbouncer.log')}
${settings.map((line) => `${line}\n`).join('')}`);
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER_PATH, [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`;
  const readyUrl = `${url}_ready`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await until(`PgBouncer to listen on ${port}`, () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited ${child.exitCode}: ${stderr}`);
      return isListening(port);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, readyUrl, stop };
}

async function isListening(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true))).once('error', () => resolve(false));
  });
}
