/**
 * Start-up: wall time from spawning a fresh Node process to its first 200, for each contender,
 * RUNS times alternating (the order rotates each round), reported as the median and the max, with
 * the CPU time the process had used when it answered (user+system from /proc, all threads; less
 * sensitive to a busy machine than wall time). Contenders, each its own `node <file>.ts` (type
 * stripping included, as `npm start` runs them):
 * - raw node:http: the floor (bench/startup/raw-node-heartbeat.ts), polled on GET /heartbeat;
 * - Hono 4: the guide's app written for Hono (bench/startup/hono-bookmarks.ts, same schemas);
 * - fw, the guide's app: docs/applications.md's `file=` blocks written to a temporary project, as
 *   tests/guide-bookmarks-app.test.ts does, run with its `npm start` (`node src/main.ts`);
 * - fw, the blog: examples/blog's `npm start` (`node src/main.ts`, the memory store, telemetry
 *   on as by default, metrics on a free port), and as the root `npm start` (scripts/start.js) runs
 *   it: its build, `node dist/main.js`, JavaScript only. Only the service: scripts/start.js first
 *   regenerates the docs with `fw openapi`, which bench/cli.bench.ts times.
 * The guide's apps are polled on GET /bookmarks?limit=1 (a query schema and a response schema),
 * the blog on GET /api/posts. LOG_LEVEL=warn everywhere. NODE_COMPILE_CACHE is unset, so what an
 * entry file imports statically is compiled on every start; fw turns Node's compile cache on for
 * what it loads itself (loadApplication: an app module it imports, ajv), and the blog's main.ts
 * before it imports fw and its app; the cache is filled by each contender's first start, which is
 * not counted. CACHE=1 gives every contender a compile cache.
 * Run: `npm run build && npx node bench/startup.bench.ts` (RUNS=5 by default).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fwGuideArgs, honoGuideArgs, writeGuideProject } from './startup/guide-project.ts';
import { median } from './support/harness.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const TIMEOUT_MS = 30_000;
const POLL_MS = 2;
const repo = join(import.meta.dirname, '..');
const project = mkdtempSync(join(tmpdir(), 'fw-startup-bench-'));
const cache = process.env.CACHE === '1' ? join(project, '.compile-cache') : undefined;

/** One contender: `node <args>` from `cwd`, ready at its first 200 on `path`. */
interface Contender {
  readonly name: string;
  readonly cwd: string;
  readonly args: readonly string[];
  readonly path: string;
  readonly wall: number[];
  readonly cpu: number[];
}

const contender = (name: string, cwd: string, args: readonly string[], path: string): Contender => ({ name, cwd, args, path, wall: [], cpu: [] });

/** A port free now, on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** The status of GET `path`, or 0 when nothing answers yet. */
function statusOf(port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', () => resolve(0));
    req.end();
  });
}

/** CPU milliseconds (user+system, all threads) process `pid` has used; NaN without /proc. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

// `npx node` sets npm_command and INIT_CWD, which fw takes as the directory it was started from.
const { npm_command: _command, INIT_CWD: _initCwd, NODE_COMPILE_CACHE: _cache, ...inherited } = process.env;

/** One start: spawn, poll until the first 200, then kill; appends the wall and CPU milliseconds. */
async function timeStart(c: Contender): Promise<void> {
  const port = await freePort();
  const env = { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', METRICS_PORT: '0', ...(cache && { NODE_COMPILE_CACHE: cache }) };
  const start = performance.now();
  const child = spawn(process.execPath, c.args, { cwd: c.cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (let status = 0; status !== 200; status = await statusOf(port, c.path)) {
      if (child.exitCode !== null || performance.now() - start > TIMEOUT_MS) throw new Error(`${c.name}: no 200 on ${c.path} (last status ${status}, exit ${child.exitCode}): ${stderr}`);
      if (status === 0) await setTimeout(POLL_MS); // a busy poll would take a CPU from the child
    }
    c.wall.push(performance.now() - start);
    c.cpu.push(cpuMsOf(child.pid!));
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

try {
  const guideDir = join(project, 'bookmarks');
  writeGuideProject(guideDir);
  const hono = contender('Hono 4, the guide app', guideDir, honoGuideArgs(guideDir), '/bookmarks?limit=1');
  const guide = contender('fw, the guide app (its npm start)', guideDir, fwGuideArgs(), '/bookmarks?limit=1');
  const blog = contender('fw, the blog (its npm start)', join(repo, 'examples/blog'), ['src/main.ts'], '/api/posts');
  const built = contender('fw, the blog built (the root npm start)', join(repo, 'examples/blog'), ['dist/main.js'], '/api/posts');
  const contenders = [contender('raw node:http', guideDir, [join(repo, 'bench/startup/raw-node-heartbeat.ts')], '/heartbeat'), hono, guide, blog, built];
  for (const c of contenders) {
    await timeStart(c); // warm the page cache (and the compile cache with CACHE=1); not counted
    c.wall.length = 0;
    c.cpu.length = 0;
  }
  for (let round = 0; round < RUNS; round += 1) {
    const shift = round % contenders.length;
    for (const c of [...contenders.slice(shift), ...contenders.slice(0, shift)]) await timeStart(c);
  }
  const honoWall = median(hono.wall);
  const honoCpu = median(hono.cpu);
  console.log(`Start to first 200, ${RUNS} alternating runs each${cache ? ', NODE_COMPILE_CACHE for all' : ', NODE_COMPILE_CACHE unset'}; Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'})`);
  console.log('| contender | median | max | CPU at first 200 (median) | median / Hono | CPU / Hono |');
  console.log('|---|---|---|---|---|---|');
  for (const c of contenders) {
    const wall = median(c.wall);
    const cpu = median(c.cpu);
    console.log(`| ${c.name} | ${wall.toFixed(0)} ms | ${Math.max(...c.wall).toFixed(0)} ms | ${cpu.toFixed(0)} ms | ${(wall / honoWall).toFixed(2)} | ${(cpu / honoCpu).toFixed(2)} |`);
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}
