/**
 * What the server benchmarks share: contenders as child processes (bench/servers/*), their CPU
 * time over IPC, load on GET /api/posts/42 or a request of the bench's own (load-figures.ts's
 * measureLoad), alternating rounds and medians.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { join } from 'node:path';
import { measureLoad, type LoadFigure } from './load-figures.ts';

const BENCH = join(import.meta.dirname, '..');

/** A server under test and its figures so far. */
export interface Contender {
  readonly name: string;
  readonly child: ChildProcess;
  readonly port: number;
  readonly rps: number[];
  readonly cpuPerRequest: number[];
}

/** Load settings. */
export interface LoadOptions {
  readonly seconds: number;
  readonly connections: number;
  /** What to send; default GET /api/posts/42. */
  readonly request?: autocannon.Request;
  /** Requests per second over all connections; default: as fast as the server answers. */
  readonly rate?: number;
}

/** How to start a server's process; default: this process's Node with its flags. */
export interface SpawnOptions {
  /** A program to start instead of Node (e.g. valgrind); Node itself then goes in `execArgv`. */
  readonly execPath?: string;
  readonly execArgv?: readonly string[];
}

/** Forks bench/<file> (e.g. servers/fw-server.ts) with `env` and waits for the port it reports. */
export async function spawnServer(name: string, file: string, env: NodeJS.ProcessEnv = process.env, how: SpawnOptions = {}): Promise<Contender> {
  const child = fork(join(BENCH, file), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env, execPath: how.execPath, execArgv: how.execArgv && [...how.execArgv] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port?: number }) => (m.port ? resolve(m.port) : reject(new Error(`${name}: no port`))));
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}`)));
  });
  return { name, child, port, rps: [], cpuPerRequest: [] };
}

/** What countInstructions sends and counts. */
export interface CountOptions {
  readonly request: autocannon.Request;
  readonly warmup: number;
  readonly requests: number;
  readonly connections: number;
  /** Where callgrind writes its dumps (a temporary directory the caller removes). */
  readonly outDir: string;
}

/**
 * Instructions per request of bench/<file> under valgrind's callgrind (every thread, no kernel
 * time): `warmup` requests, counters zeroed, `requests` counted, dumped. Any answer that is not
 * a 2xx, an error or a timeout fails the count.
 */
export async function countInstructions(name: string, file: string, env: NodeJS.ProcessEnv, options: CountOptions): Promise<number> {
  const execArgv = ['--quiet', '--tool=callgrind', `--callgrind-out-file=${join(options.outDir, 'out.%p')}`, '--dump-line=no', process.execPath];
  const contender = await spawnServer(name, file, env, { execPath: 'valgrind', execArgv });
  const pid = String(contender.child.pid);
  const send = async (amount: number): Promise<void> => {
    const result = await autocannon({ url: `http://127.0.0.1:${contender.port}`, connections: options.connections, amount, requests: [options.request], timeout: 120 });
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  };
  try {
    await send(options.warmup);
    execFileSync('callgrind_control', ['--zero', pid], { stdio: 'ignore' });
    await send(options.requests);
    execFileSync('callgrind_control', ['--dump=measured', pid], { stdio: 'ignore' });
  } finally {
    contender.child.kill('SIGKILL');
  }
  const dump = (await readdir(options.outDir)).find((entry) => entry.startsWith(`out.${pid}.`));
  const summary = /^summary: (\d+)/m.exec(await readFile(join(options.outDir, dump ?? 'missing'), 'utf8'))?.[1];
  if (summary === undefined) throw new Error(`${name}: no callgrind summary`);
  return Number(summary) / options.requests;
}

/** Asks the child to export what its telemetry holds; resolves once it has (its exporters got their answers). */
export function flushTelemetry(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('message', (m: { flushed?: boolean; error?: string }) => (m.flushed === true ? resolve() : reject(new Error(`flush failed: ${m.error ?? JSON.stringify(m)}`))));
    child.send({ cmd: 'flush' });
  });
}

/** The child's CPU time so far (user+system, µs). */
export function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m: { cpu: number }) => resolve(m.cpu));
    child.send({ cmd: 'cpu' });
  });
}

/** Called after each contender's run in a round, before the next contender's (e.g. to flush its telemetry and count what arrived). */
export type AfterRun = (contender: Contender, figure: LoadFigure, round: number) => Promise<void>;

/** One measured run (after a 1 s warm-up): appends requests/s and CPU µs per request; returns the run's figure. */
async function measure(contender: Contender, options: LoadOptions): Promise<LoadFigure> {
  const target = { url: `http://127.0.0.1:${contender.port}`, cpuMicros: () => cpuOf(contender.child) };
  const figure = await measureLoad(target, options.request ?? '/api/posts/42', options.seconds, options.connections, options.rate).catch((error: unknown) => {
    throw new Error(`${contender.name} failed under load`, { cause: error });
  });
  contender.rps.push(figure.rps);
  contender.cpuPerRequest.push(figure.cpuPerRequest);
  return figure;
}

/** Runs `rounds` rounds, rotating which contender goes first each round; `after` runs after each contender's run. */
export async function alternate(contenders: readonly Contender[], rounds: number, options: LoadOptions, after?: AfterRun): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    const shift = round % contenders.length;
    const order = [...contenders.slice(shift), ...contenders.slice(0, shift)];
    for (const contender of order) {
      const figure = await measure(contender, options);
      await after?.(contender, figure, round);
    }
    process.stderr.write(`round ${round + 1}/${rounds}: ${contenders.map((c) => `${c.name} ${c.rps.at(-1)?.toFixed(0)} req/s`).join(', ')}\n`);
  }
}

/** The median of `xs`. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** The median over rounds of `a`'s CPU per request divided by `b`'s in the same round: drift between rounds cancels. */
export function pairedCpuRatio(a: Contender, b: Contender): number {
  return median(a.cpuPerRequest.map((cpu, round) => cpu / (b.cpuPerRequest[round] ?? Number.NaN)));
}

/** `| name | median req/s | median CPU µs/request |`. */
export function row(c: Contender): string {
  return `| ${c.name} | ${median(c.rps).toFixed(0)} | ${median(c.cpuPerRequest).toFixed(1)} |`;
}

/**
 * Pins `pids` (every thread) to CPU `cpu` with taskset, so the servers under test share one core
 * and the load generator (this process, started under `taskset -c <other>`) and the sink another:
 * otherwise they trade cores from round to round and the CPU per request swings with it. Returns
 * false (pinning nothing) where taskset is missing.
 */
export function pinTo(cpu: number, pids: readonly number[]): boolean {
  try {
    for (const pid of pids) execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
