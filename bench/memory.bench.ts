/**
 * Resident memory of the blog against a minimal node:http server (issue 39, item 3), in one run:
 * a minimal node:http server (plain JavaScript), the blog as `npm start` starts it
 * (scripts/start.js, memory store) with telemetry off (OTEL_SDK_DISABLED=true) and on (the
 * blog's defaults: lean path, /metrics listener, every span exported to an OTLP sink on
 * loopback, support/otlp-sink.ts). Each is read (VmRSS) idle 2 s after start, then after
 * `--seconds` of autocannon load alternating GET /api/posts/:id and GET /api/posts?limit=20 on
 * 100 posts the bench created. Prints one markdown table in MB with the differences the issue
 * sets goals for (the blog idle at most 90 MB; after load, telemetry on at most 25 MB above off).
 *
 *   npx node bench/memory.bench.ts [--seconds 15] [--connections 50] [--phases] [--compile-cache]
 *
 * Before measuring, the blog is started and stopped once, so Node's compile cache (which fw turns
 * on when it loads the app) holds the compiled modules, as it does at every start after the first.
 * `--compile-cache` starts the blog with NODE_COMPILE_CACHE set (a temporary directory), as a
 * deployment can (docs/configuration.md), so the entry script is read from the cache as well.
 * `--phases` first prints where the memory goes, phase by phase (servers/memory-phase-child.ts:
 * each step loads one more piece of what the blog's start loads, after a full collection).
 * Run `npx tsc -b` first: the blog and fw-core run from their dist/, as `npm start` does after its build.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createServer, type AddressInfo } from 'node:net';
import { BLOG_DIR, blogEnv } from '../examples/blog/test/support/blog-process.ts';
import { residentKiB } from '../tests/e2e/support/blog-as-user.ts';
import { startOtlpSink } from './support/otlp-sink.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    phases: { type: 'boolean', default: false },
    'compile-cache': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
/** How long a server sits after start before its idle figure is read. */
const SETTLE_MS = 2000;
const POSTS = 100;
const IDLE_GOAL_MB = 90;
const TELEMETRY_GOAL_MB = 25;
/**
 * The floor: a minimal node:http server, plain JavaScript (`node -e`), so it pays neither type
 * stripping nor any module beyond Node's own.
 */
const MINIMAL_SERVER = `require('node:http').createServer((req, res) => res.end('{"id":1}')).listen(Number(process.env.PORT), '127.0.0.1')`;

/** `--phases`' first row: Node with nothing loaded, measured as memory-phase-child.ts measures. */
const PLAIN_NODE = `gc(); const rss = /^VmRSS:\\s+(\\d+) kB$/m.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1];
console.log(JSON.stringify({ phase: 'Node alone (plain JavaScript)', last: false, ...process.memoryUsage(), vmRss: rss * 1024 }));`;
/** npm's variables of this process (`npx node` sets them); `npm start` gives the blog its own. */
const NPM_EXEC_VARIABLES = { npm_command: undefined, INIT_CWD: undefined } as const;
/** With --compile-cache: the cache every blog process of this run shares. */
const cacheDir = values['compile-cache'] ? mkdtempSync(join(tmpdir(), 'fw-memory-bench-')) : undefined;

/** A server under test: where it answers, its process, how to stop it. */
interface Running {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<unknown>;
}

/** Idle and after-load VmRSS, in MB. */
interface Figures {
  readonly name: string;
  readonly idle: number;
  readonly loaded: number;
}

const mb = (kib: number): number => kib / 1024;
const fixed = (x: number): string => x.toFixed(1);
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

if (values.phases) printPhases();
const sink = await startOtlpSink();
const telemetryOn = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_EXPORTER: undefined };
try {
  await (await startBlog(telemetryOn)).stop();
  const rows: Figures[] = [];
  rows.push(await measure('minimal node:http server', await startChild(['-e', MINIMAL_SERVER], {}, '/'), ['/']));
  const paths = [`/api/posts/${POSTS / 2}`, '/api/posts?limit=20'];
  rows.push(await measure('blog, telemetry off', await startBlog({ OTEL_SDK_DISABLED: 'true' }), paths));
  rows.push(await measure('blog, telemetry on (OTLP to a loopback sink)', await startBlog(telemetryOn), paths));
  printTable(rows);
} finally {
  await sink.close();
  if (cacheDir !== undefined) rmSync(cacheDir, { recursive: true, force: true });
}

/** The blog as `npm start` runs it (scripts/start.js, from the repository root), warnings only on stderr, `env` on top. */
function startBlog(env: Record<string, string | undefined>): Promise<Running> {
  const cache = cacheDir === undefined ? {} : { NODE_COMPILE_CACHE: cacheDir };
  return startChild([join(import.meta.dirname, '..', 'scripts', 'start.js')], { ...NPM_EXEC_VARIABLES, LOG_LEVEL: 'warn', ...cache, ...env }, '/heartbeat');
}

/** Starts `args` with this process's Node on a free port (PORT) and waits until `probe` answers 200. */
async function startChild(args: readonly string[], env: Record<string, string | undefined>, probe: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { cwd: join(import.meta.dirname, '..'), env: blogEnv({ ...env, PORT: String(port) }), stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}`);
    if ((await fetch(`${url}${probe}`).catch(() => undefined))?.status === 200) break;
    if (tries === 600) throw new Error(`${args.join(' ')} did not answer ${probe} in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid!, stop: () => (child.kill('SIGTERM'), exited) };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Idle VmRSS after SETTLE_MS, then after `seconds` of load over `paths` (bounded: throws on errors). */
async function measure(name: string, server: Running, paths: readonly string[]): Promise<Figures> {
  try {
    await settle();
    const idle = mb(await residentKiB(server.pid));
    if (paths.length > 1) await createPosts(server.url);
    const requests = paths.map((path) => ({ method: 'GET' as const, path }));
    const result = await autocannon({ url: server.url, connections, duration: seconds, requests });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors under load`);
    const loaded = mb(await residentKiB(server.pid));
    process.stderr.write(`${name}: ${fixed(idle)} MB idle, ${fixed(loaded)} MB after ${result.requests.total} requests\n`);
    return { name, idle, loaded };
  } finally {
    await server.stop();
  }
}

async function createPosts(url: string): Promise<void> {
  for (let i = 0; i < POSTS; i += 1) {
    const reply = await fetch(`${url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: `Post ${i}`, body: 'Lorem ipsum dolor sit amet. '.repeat(8), status: 'published' }) });
    if (reply.status !== 201) throw new Error(`creating post ${i}: ${reply.status} ${await reply.text()}`);
  }
}

function printTable(rows: readonly Figures[]): void {
  const [minimal, off, on] = rows as [Figures, Figures, Figures];
  const how = cacheDir === undefined ? 'as `npm start` starts it' : 'with NODE_COMPILE_CACHE set';
  console.log(`\nResident memory (VmRSS, MB), the blog ${how}: idle ${SETTLE_MS / 1000} s after start, then after ${seconds} s of load (${connections} connections)\n`);
  console.log('| Server | idle | after load | idle above minimal |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${fixed(r.idle)} | ${fixed(r.loaded)} | ${fixed(r.idle - minimal.idle)} |`);
  const idleWorst = Math.max(off.idle, on.idle);
  const telemetryCost = on.loaded - off.loaded;
  console.log('\n| Goal | measured | goal | met |');
  console.log('|---|---|---|---|');
  console.log(`| the blog idle (telemetry on and off) | ${fixed(idleWorst)} MB | ≤ ${IDLE_GOAL_MB} MB | ${idleWorst <= IDLE_GOAL_MB ? 'yes' : 'no'} |`);
  console.log(`| after load, telemetry on above off | ${fixed(telemetryCost)} MB | ≤ ${TELEMETRY_GOAL_MB} MB | ${telemetryCost <= TELEMETRY_GOAL_MB ? 'yes' : 'no'} |`);
}

/** The `--phases` ladder: each step one more phase of the blog's start, in its own process. */
function printPhases(): void {
  console.log('\nWhere the memory goes (each row: what that phase adds, read after a full collection; MB)\n');
  console.log('| Phase | VmRSS | of which V8 heap used | external |');
  console.log('|---|---|---|---|');
  let previous = { vmRss: 0, heapUsed: 0, external: 0 };
  for (let step = -1; ; step += 1) {
    // Step -1 is Node alone, plain JavaScript: the ladder's own steps are .ts, so their first row is the stripper.
    const args = step === -1 ? ['-e', PLAIN_NODE] : [join(import.meta.dirname, 'servers', 'memory-phase-child.ts'), String(step)];
    const out = execFileSync(process.execPath, ['--expose-gc', ...args], { cwd: BLOG_DIR, encoding: 'utf8' });
    const now = JSON.parse(out) as { phase: string; last: boolean; vmRss: number; heapUsed: number; external: number };
    const d = (key: 'vmRss' | 'heapUsed' | 'external'): string => `${step === -1 ? '' : '+'}${fixed((now[key] - previous[key]) / 1048576)}`;
    console.log(`| ${now.phase} | ${d('vmRss')} | ${d('heapUsed')} | ${d('external')} |`);
    previous = now;
    if (now.last) break;
  }
  console.log(`| total | ${fixed(previous.vmRss / 1048576)} | ${fixed(previous.heapUsed / 1048576)} | ${fixed(previous.external / 1048576)} |`);
}
