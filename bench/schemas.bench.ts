/**
 * Route schemas against Fastify 5 (issue 14), the same JSON Schemas on both sides, in one run with
 * alternating rounds: (a) POST /api/posts with a body schema (fw: `options.schema.body` after
 * fw_request_plugin's decode_json_body; Fastify: `schema.body` on its ajv), (b) GET
 * /api/posts/:id with params and response[200] schemas (fw: ajv-coerced params and the response
 * projection; Fastify: ajv and fast-json-stringify), (c) as (b) with the post under a `$ref` in a
 * nullable `anyOf`, `user_id` an `anyOf` and `inserted_at` an `iso-date-time` format (issue 38). Each server is a child process serving one
 * case; reports median requests/s, server CPU µs per request and fw/Fastify CPU (goal <= 0.9x for (a), issue 39; <= 1.0x for (b) and (c), issue 14).
 * With --callgrind, one case (--case a, b or c; a by default), each server under valgrind's callgrind (as bench/telemetry-instructions.bench.ts
 * counts): instructions per request of every thread, after a warm-up, which a loaded machine barely moves.
 *
 *   npx node bench/schemas.bench.ts [--rounds 5] [--seconds 4] [--connections 50]
 *   npx node bench/schemas.bench.ts --callgrind [--case a|b|c] [--warmup 30000] [--requests 10000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { alternate, countInstructions, median, row, spawnServer, type Contender } from './support/harness.ts';
import { newPost } from './servers/post-schemas.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '50' },
    callgrind: { type: 'boolean', default: false },
    warmup: { type: 'string', default: '30000' },
    requests: { type: 'string', default: '10000' },
    case: { type: 'string', default: 'a' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const post: autocannon.Request = { method: 'POST', path: '/api/posts', headers: { 'content-type': 'application/json' }, body: JSON.stringify(newPost) };
const cases = [
  { title: '(a) POST /api/posts, body schema, 201', request: post, fw: 'servers/fw-schema-body-server.ts', fastify: 'servers/fastify-schema-body-server.ts', goal: '0.9' },
  { title: '(b) GET /api/posts/42, params + response[200] schemas', request: { method: 'GET', path: '/api/posts/42' } as autocannon.Request, fw: 'servers/fw-schema-response-server.ts', fastify: 'servers/fastify-schema-response-server.ts' },
  {
    title: '(c) GET /api/posts/42, response[200] through $ref and anyOf',
    request: { method: 'GET', path: '/api/posts/42' } as autocannon.Request,
    fw: 'servers/fw-schema-response-server.ts',
    fastify: 'servers/fastify-schema-response-server.ts',
    env: { BENCH_SCHEMA_CASE: 'union' },
  },
];

if (values.callgrind) {
  const chosen = cases.find((c) => c.title.startsWith(`(${values.case})`));
  if (chosen === undefined) throw new Error(`--case must be a, b or c, not ${values.case}`);
  process.stdout.write(await instructionsPerRequest(chosen, Number(values.warmup), Number(values.requests)));
  process.exit(0);
}

const lines = [
  `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
  `autocannon -c ${connections} -d ${seconds} (after a 1 s warm-up), ${rounds} alternating rounds, medians`,
  '',
  '| case | server | requests/s | server CPU µs/request |',
  '|---|---|---|---|',
];
const ratios: string[] = [];
for (const c of cases) {
  const env = { ...process.env, ...('env' in c ? c.env : {}) };
  const contenders: Contender[] = [await spawnServer('fw', c.fw, env), await spawnServer('fastify', c.fastify, env)];
  try {
    process.stderr.write(`${c.title}\n`);
    await alternate(contenders, rounds, { seconds, connections, request: c.request });
  } finally {
    for (const contender of contenders) contender.child.kill();
  }
  const [fw, fastify] = contenders as [Contender, Contender];
  lines.push(`| ${c.title} | ${row(fw).slice(2)}`, `| ${c.title} | ${row(fastify).slice(2)}`);
  ratios.push(
    `${c.title}: fw / Fastify CPU per request ${(median(fw.cpuPerRequest) / median(fastify.cpuPerRequest)).toFixed(3)}x (goal <= ${'goal' in c ? c.goal : '1.0'}x), throughput ${(median(fw.rps) / median(fastify.rps)).toFixed(3)}x`,
  );
}
process.stdout.write([...lines, '', ...ratios, ''].join('\n'));

/** One case under callgrind: each server warmed up, its counters zeroed, `requests` requests (autocannon -c 10), then dumped. */
async function instructionsPerRequest(chosen: (typeof cases)[number], warmup: number, requests: number): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'fw-schemas-callgrind-'));
  const figures: number[] = [];
  const env = { ...process.env, ...('env' in chosen ? chosen.env : {}) };
  try {
    for (const [name, file] of [['fw', chosen.fw], ['fastify', chosen.fastify]] as const) {
      figures.push(await countInstructions(name, file, env, { request: chosen.request, warmup, requests, connections: 10, outDir }));
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  const [fw, fastify] = figures as [number, number];
  return [
    `${chosen.title} under callgrind, ${warmup} requests of warm-up, then ${requests} counted, autocannon -c 10`,
    '',
    '| server | instructions/request |',
    '|---|---|',
    `| fw | ${fw.toFixed(0)} |`,
    `| fastify | ${fastify.toFixed(0)} |`,
    '',
    `fw / Fastify instructions per request: ${(fw / fastify).toFixed(3)}x`,
    '',
  ].join('\n');
}
