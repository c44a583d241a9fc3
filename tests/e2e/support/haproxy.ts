/**
 * A real HAProxy for the deploy tests: the Debian package's /usr/sbin/haproxy (installed by
 * scripts/test-setup.ts), run in the foreground (`-db`) as a child process on a configuration
 * written to a temporary directory, never as a system service. Its stats socket tells the test
 * what HAProxy thinks of each server (`show stat`), and its request log (`log stdout`, one
 * `option httplog` line per request) is kept to explain a failure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { haproxyConfig, type BalancerAddresses } from './balancer-configs.ts';
import { missingToolReason } from './debian-tool.ts';

/** The binary the tests run. */
export const HAPROXY_PATH = '/usr/sbin/haproxy';

/** Why the HAProxy tests skip, or false when HAProxy is there. */
export const HAPROXY_SKIP_REASON = missingToolReason(HAPROXY_PATH, 'haproxy');

/** One server's line of `show stat`, the columns the tests read. */
export interface ServerStat {
  /** UP, DOWN, "UP 1/2" (going down), "DOWN 1/2" (going up), MAINT, ... */
  readonly status: string;
  /** The last check's result, e.g. L7OK, L7STS, L4CON. */
  readonly checkStatus: string;
  /** The last check's HTTP status, when it got one. */
  readonly checkCode: string;
  /** HAProxy's words about the last check. */
  readonly lastCheck: string;
}

/** A running HAProxy. */
export interface Haproxy {
  /** `http://127.0.0.1:<frontend port>`. */
  readonly url: string;
  /** The generated configuration, as HAProxy read it. */
  readonly config: string;
  /** What `show stat` says about backend `backend`'s server `server`. */
  serverStat(backend: string, server: string): Promise<ServerStat>;
  /** Polls the stats socket until `server` is exactly `status`; fails after `timeoutMs` with what HAProxy last said. */
  waitForStatus(backend: string, server: string, status: 'UP' | 'DOWN', timeoutMs: number): Promise<void>;
  /** The request log lines so far. */
  logLines(): string[];
  /** SIGTERM, wait for the exit, remove the temporary directory. */
  stop(): Promise<void>;
}

/** Checks the guide's configuration (with `addresses`) with `haproxy -c`: its exit status and output. */
export async function checkHaproxyConfig(addresses: BalancerAddresses): Promise<{ status: number | null; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-e2e-haproxy-check-'));
  try {
    const file = join(dir, 'haproxy.cfg');
    await writeFile(file, haproxyConfig(addresses, join(dir, 'admin.sock')));
    const run = spawnSync(HAPROXY_PATH, ['-c', '-f', file], { encoding: 'utf8', timeout: 10_000 });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Starts HAProxy on the guide's configuration with `addresses` filled in, changed by `edit` when a test tries a variant
 * the guide mentions (e.g. its `retries 2` with `option redispatch 1`); resolves once its stats socket answers.
 */
export async function startHaproxy(addresses: BalancerAddresses, edit: (config: string) => string = (config) => config): Promise<Haproxy> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-e2e-haproxy-'));
  const socket = join(dir, 'admin.sock');
  const config = edit(haproxyConfig(addresses, socket));
  const file = join(dir, 'haproxy.cfg');
  await writeFile(file, config);
  const child = spawn(HAPROXY_PATH, ['-db', '-f', file], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = collectLines(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const haproxy: Haproxy = {
    url: `http://127.0.0.1:${addresses.frontendPort}`,
    config,
    serverStat: (backend, server) => serverStat(socket, backend, server),
    waitForStatus: (backend, server, status, timeoutMs) => waitForStatus(socket, backend, server, status, timeoutMs),
    logLines: () => log.lines,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
  await untilStatsAnswer(socket, child, log, exited);
  return haproxy;
}

async function untilStatsAnswer(socket: string, child: ChildProcess, log: { lines: string[] }, exited: Promise<number | null>): Promise<void> {
  let failed = false;
  void exited.then(() => (failed = true));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (failed) throw new Error(`haproxy exited with ${child.exitCode}:\n${log.lines.join('\n')}`);
    try {
      await statsCommand(socket, 'show info');
      return;
    } catch {
      await sleep(50);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`haproxy's stats socket did not answer in 5 s:\n${log.lines.join('\n')}`);
}

function collectLines(child: ChildProcess): { lines: string[] } {
  const log = { lines: [] as string[] };
  for (const stream of [child.stdout!, child.stderr!]) {
    let pending = '';
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      log.lines.push(...lines);
    });
  }
  return log;
}

/** Sends one command to the stats socket and resolves to the whole answer. */
function statsCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let answer = '';
    connection.setEncoding('utf8');
    connection.setTimeout(2_000, () => connection.destroy(new Error(`stats socket: no answer to ${command} in 2 s`)));
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.on('error', reject);
    connection.on('end', () => resolve(answer));
    connection.end(`${command}\n`);
  });
}

async function serverStat(socket: string, backend: string, server: string): Promise<ServerStat> {
  const [header, ...rows] = (await statsCommand(socket, 'show stat')).trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const at = (name: string): number => columns.indexOf(name);
  const row = rows.map((line) => line.split(',')).find((cells) => cells[at('pxname')] === backend && cells[at('svname')] === server);
  if (row === undefined) throw new Error(`haproxy has no server ${backend}/${server}`);
  return { status: row[at('status')]!, checkStatus: row[at('check_status')]!, checkCode: row[at('check_code')]!, lastCheck: row[at('last_chk')]! };
}

async function waitForStatus(socket: string, backend: string, server: string, status: 'UP' | 'DOWN', timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: ServerStat | undefined;
  while (Date.now() < deadline) {
    last = await serverStat(socket, backend, server);
    if (last.status === status) return;
    await sleep(50);
  }
  const check = last === undefined ? 'no answer' : `status ${last.status}, last check ${last.checkStatus} ${last.checkCode} (${last.lastCheck})`;
  throw new Error(`haproxy did not see ${backend}/${server} ${status} within ${timeoutMs} ms: ${check}. Its health check is GET /ready (docs/operations.md): does the blog answer it 200?`);
}
