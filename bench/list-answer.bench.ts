/**
 * A list answered through a response schema (issue 39, items 1 and 5): GET /api/posts, 100 posts
 * (about 22 KB), each stored with a field the schema leaves out. Contenders are child processes
 * measured in alternating rounds: raw node:http with a hand-written projection and JSON.stringify,
 * raw node:http writing a buffer built at start (the floor), Fastify 5 with the schema
 * (fast-json-stringify), fw answering `json({posts})` and fw streaming `jsonStream(page, {key:
 * 'posts'})` as the blog does, both through the schema. Prints median requests/s and server CPU
 * µs per request, and fw's CPU against the hand-written server (goal <= 1.05x) and Fastify
 * (goal <= 0.8x), as medians of the per-round ratios. With --callgrind, counts instead each
 * contender's instructions per request under valgrind (warm-up, counters zeroed, a fixed number of
 * requests): steadier than CPU time on a shared machine, but blind to the kernel's share (the
 * socket writes of 22 KB), so its ratios run higher than CPU time's.
 *
 *   npx node bench/list-answer.bench.ts [--rounds 5] [--seconds 3] [--connections 50]
 *   npx node bench/list-answer.bench.ts --callgrind [--warmup 20000] [--requests 5000] [--only <part of a name>]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { alternate, countInstructions, median, pairedCpuRatio, row, spawnServer, type Contender } from './support/harness.ts';
import { LIST_SERVERS as SERVERS } from './support/list-answer-servers.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    callgrind: { type: 'boolean', default: false },
    warmup: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '5000' },
    only: { type: 'string' },
  },
});
const connections = Number(values.connections);
const machine = `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`;

const [HAND, , FASTIFY, FW_JSON, FW_STREAM] = SERVERS.map((server) => server.name) as [string, string, string, string, string];

const ratio = (a: number, b: number): string => (Number.isFinite(a / b) ? `${(a / b).toFixed(3)}x` : '–'); // – when --only left one out

async function compareCpu(): Promise<string[]> {
  const rounds = Number(values.rounds);
  const seconds = Number(values.seconds);
  const contenders: Contender[] = [];
  try {
    for (const server of SERVERS) contenders.push(await spawnServer(server.name, server.file, { ...process.env, BENCH_LIST: server.mode }));
    await alternate(contenders, rounds, { seconds, connections, request: { method: 'GET', path: '/api/posts' } });
  } finally {
    for (const contender of contenders) contender.child.kill();
  }
  const by = (name: string): Contender => contenders.find((contender) => contender.name === name)!;
  const hand = by(HAND);
  return [
    machine,
    `GET /api/posts (100 posts), autocannon -c ${connections} -d ${seconds} after a 1 s warm-up, ${rounds} alternating rounds, medians`,
    '',
    '| server | requests/s | server CPU µs/request | CPU / hand-written |',
    '|---|---|---|---|',
    ...contenders.map((contender) => `${row(contender)} ${ratio(median(contender.cpuPerRequest), median(hand.cpuPerRequest))} |`),
    '',
    ...[FW_JSON, FW_STREAM].map((name) => `${name}: / hand-written ${pairedCpuRatio(by(name), hand).toFixed(3)}x (goal <= 1.05x), / Fastify ${pairedCpuRatio(by(name), by(FASTIFY)).toFixed(3)}x (goal <= 0.8x); medians of per-round ratios`),
    `fw jsonStream / fw json(), the same body: ${pairedCpuRatio(by(FW_STREAM), by(FW_JSON)).toFixed(3)}x (median of per-round ratios)`,
    '',
  ];
}

async function compareInstructions(): Promise<string[]> {
  const outDir = await mkdtemp(join(tmpdir(), 'fw-callgrind-'));
  try {
    const counted = new Map<string, number>();
    for (const server of SERVERS.filter(({ name }) => values.only === undefined || name.includes(values.only))) {
      const options = { request: { method: 'GET' as const, path: '/api/posts' }, warmup: Number(values.warmup), requests: Number(values.requests), connections, outDir };
      counted.set(server.name, await countInstructions(server.name, server.file, { ...process.env, BENCH_LIST: server.mode }, options));
      process.stderr.write(`${server.name}: ${counted.get(server.name)?.toFixed(0)} instructions per request\n`);
    }
    const of = (name: string): number => counted.get(name) ?? Number.NaN;
    return [
      `${machine}, ${execFileSync('valgrind', ['--version'], { encoding: 'utf8' }).trim()}`,
      `GET /api/posts (100 posts), ${values.warmup} requests of warm-up, then ${values.requests} counted, autocannon -c ${connections}`,
      '',
      '| server | instructions/request | / hand-written |',
      '|---|---|---|',
      ...[...counted].map(([name, ir]) => `| ${name} | ${ir.toFixed(0)} | ${ratio(ir, of(HAND))} |`),
      '',
      ...[FW_JSON, FW_STREAM].map((name) => `${name}: / hand-written ${ratio(of(name), of(HAND))}, / Fastify ${ratio(of(name), of(FASTIFY))}`),
      '',
    ];
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

process.stdout.write((values.callgrind ? await compareInstructions() : await compareCpu()).join('\n'));
