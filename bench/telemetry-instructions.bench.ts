/**
 * The cost of telemetry in instructions per request, counted by valgrind's callgrind: the same
 * four servers as bench/telemetry.bench.ts (fw without telemetry, fw lean, fw on the full SDK
 * path, Fastify with instrumentation-http; spans exported to the OTLP sink, metrics recorded),
 * each run under `valgrind --tool=callgrind`, warmed up, then its counters zeroed, a fixed number
 * of requests sent and the counters dumped. Instructions executed by every thread of the process
 * (the main thread, V8's compiler and garbage-collection helpers, libuv's pool) are counted; time
 * in the kernel is not. Unlike CPU time they barely move with the host's load: on a shared
 * machine, this is the figure that resolves steps of a microsecond (docs/performance.md). Work
 * done on timers (the telemetry's metrics push every 5 s, the event-loop delay monitor, idle-time
 * garbage collection) is counted too, in proportion to the run's wall time under valgrind, so a
 * heavily loaded host still moves a telemetry server's figure: compare servers measured together.
 *
 *   npx node bench/telemetry-instructions.bench.ts [--warmup 100000] [--requests 20000] [--connections 10]
 *     [--only <part of a server's name: "off", "lean", "full", "fastify">] [--keep (the dumps, for callgrind_annotate)]
 *     [--cache-sim (also count simulated first-level cache misses)]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { spawnServer, type Contender } from './support/harness.ts';
import { startOtlpSink } from './support/otlp-sink.ts';
import { FASTIFY, LEAN, OFF, telemetryServers } from './support/telemetry-servers.ts';

const { values } = parseArgs({
  options: {
    warmup: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'cache-sim': { type: 'boolean', default: false },
  },
});
const warmup = Number(values.warmup);
const requests = Number(values.requests);
const connections = Number(values.connections);

/** Sends `amount` GET /api/posts/42 and throws on any error or non-2xx. */
async function load(contender: Contender, amount: number): Promise<void> {
  const result = await autocannon({ url: `http://127.0.0.1:${contender.port}`, connections, amount, requests: [{ method: 'GET', path: '/api/posts/42' }], timeout: 120 });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) throw new Error(`${contender.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
}

/** A dump's event counts (Ir, and D1mr and the rest with --cache-sim), by event name. */
function eventsOf(text: string): Map<string, number> {
  const names = /^events: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/);
  const counts = /^summary: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/).map(Number);
  if (names === undefined || counts === undefined) throw new Error('no events or summary in the callgrind dump');
  return new Map(names.map((name, i) => [name, counts[i] ?? 0]));
}

/** Warms the server up, zeroes its counters, sends `requests` and returns its events per request. */
async function eventsPerRequest(contender: Contender, outDir: string): Promise<Map<string, number>> {
  const pid = String(contender.child.pid);
  await load(contender, warmup);
  execFileSync('callgrind_control', ['--zero', pid], { stdio: 'ignore' });
  await load(contender, requests);
  execFileSync('callgrind_control', ['--dump=measured', pid], { stdio: 'ignore' });
  const dumps = (await readdir(outDir)).filter((name) => name.startsWith(`out.${pid}.`));
  if (dumps.length !== 1) throw new Error(`${contender.name}: expected one dump, found ${dumps.join(', ') || 'none'}`);
  const events = eventsOf(await readFile(join(outDir, dumps[0] ?? ''), 'utf8'));
  return new Map([...events].map(([name, count]) => [name, count / requests]));
}

const outDir = await mkdtemp(join(tmpdir(), 'fw-callgrind-'));
const underCallgrind = ['--quiet', '--tool=callgrind', `--callgrind-out-file=${join(outDir, 'out.%p')}`, '--dump-line=no', ...(values['cache-sim'] ? ['--cache-sim=yes'] : []), process.execPath];
const sink = await startOtlpSink();
const figures = new Map<string, Map<string, number>>();
try {
  for (const { name, file, env } of telemetryServers(sink.url)) {
    if (values.only !== undefined && !name.includes(values.only)) continue;
    const contender = await spawnServer(name, file, env, { execPath: 'valgrind', execArgv: underCallgrind });
    try {
      figures.set(name, await eventsPerRequest(contender, outDir));
      process.stderr.write(`${name}: ${figures.get(name)?.get('Ir')?.toFixed(0)} instructions per request\n`);
    } finally {
      contender.child.kill('SIGKILL');
    }
  }
} finally {
  await sink.close();
  if (values.keep) process.stderr.write(`callgrind dumps kept in ${outDir}\n`);
  else await rm(outDir, { recursive: true, force: true });
}
const of = (name: string, event = 'Ir'): number => figures.get(name)?.get(event) ?? Number.NaN;
// With --cache-sim: first-level data (read, write) and instruction cache misses. Last-level
// misses are left out: valgrind sizes that cache from what the CPU reports, which in a VM can be
// the host's whole L3 (320 MB here), so they come out near zero.
const misses = values['cache-sim'] ? ['D1mr', 'D1mw', 'I1mr'] : [];
/** `a / b` to three places, or n/a when either server was left out (`--only`). */
const ratio = (a: number, b: number): string => (Number.isFinite(a / b) ? `${(a / b).toFixed(3)}x` : 'n/a');
const off = of(OFF);
const lean = of(LEAN);
process.stdout.write(
  [
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${execFileSync('valgrind', ['--version'], { encoding: 'utf8' }).trim()}`,
    `GET /api/posts/:id, ${warmup} requests of warm-up, then ${requests} counted, autocannon -c ${connections}`,
    '',
    `| server | instructions/request | / fw off |${misses.map((event) => ` ${event}/request |`).join('')}`,
    `|---|---|---|${misses.map(() => '---|').join('')}`,
    ...[...figures.keys()].map((name) => `| ${name} | ${of(name).toFixed(0)} | ${ratio(of(name), off)} |${misses.map((event) => ` ${of(name, event).toFixed(0)} |`).join('')}`),
    '',
    `lean on / off: ${ratio(lean, off)} (issue 36 sets 1.15x CPU per request in bench/telemetry.bench.ts); fastify / fw lean: ${ratio(of(FASTIFY), lean)} (target >= 2x)`,
    '',
  ].join('\n'),
);
