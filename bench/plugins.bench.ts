/**
 * What the blog's plugins cost on GET /api/posts/:id: the blog with no extra plugin against the
 * blog with cors_plugin, rate_limit_plugin on the memory store, and rate_limit_plugin on Redis,
 * each a subprocess (LOG_LEVEL=warn), rounds alternating the order. max_requests is set high
 * enough that no request is refused, so every request pays the full counting cost. Reports
 * median requests/s and server CPU µs per request, and each plugin's ratio to "off". Every request comes
 * from an origin in cors_plugin's list (support/plugin-contenders.ts says why).
 *
 *   npm run build && npx node bench/plugins.bench.ts [--rounds 5] [--seconds 5] [--connections 50]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { startBlogService, type BlogService } from './blog/blog-service.ts';
import { median } from './support/harness.ts';
import { BENCH_ORIGIN, pluginContenders, pluginsConfig, PLUGINS_REQUEST, seedPost } from './support/plugin-contenders.ts';
import { measureLoad } from './support/load-figures.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } } });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const prefix = `bench:rate_limit:${process.pid}:`;
const contenders = pluginContenders(prefix);

const dir = await mkdtemp(join(tmpdir(), 'fw-plugins-bench-'));
const running: { name: string; service: BlogService; rps: number[]; cpu: number[] }[] = [];
try {
  for (const [i, contender] of contenders.entries()) {
    const path = join(dir, `fw.config.${i}.json`);
    await writeFile(path, pluginsConfig(contender));
    const service = await startBlogService({ FW_CONFIG: path, BLOG_STORE: 'memory', METRICS_PORT: '0' });
    running.push({ name: contender.name, service, rps: [], cpu: [] });
    await seedPost(service.url);
  }
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? running : [...running].reverse();
    for (const c of order) {
      const figure = await measureLoad({ url: c.service.url, cpuMicros: () => c.service.cpuMicros() }, PLUGINS_REQUEST, seconds, connections);
      c.rps.push(figure.rps);
      c.cpu.push(figure.cpuPerRequest);
    }
    process.stderr.write(`round ${round + 1}/${rounds}: ${running.map((c) => `${c.name} ${c.rps.at(-1)?.toFixed(0)}`).join(', ')} req/s\n`);
  }
} finally {
  await Promise.all(running.map((c) => c.service.stop()));
  await rm(dir, { recursive: true, force: true });
  const redis = new Redis({ lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().catch(() => undefined);
  const keys = redis.status === 'ready' ? await redis.keys(`${prefix}*`) : [];
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}
const off = running[0]!;
const lines = [
  `GET /api/posts/:id with Origin: ${BENCH_ORIGIN} on the blog (memory store), autocannon -c ${connections} -d ${seconds}, ${rounds} alternating rounds, medians`,
  '',
  '| plugins | requests/s | server CPU µs/request | throughput vs off | CPU/request vs off |',
  '|---|---|---|---|---|',
  ...running.map((c) => `| ${c.name} | ${median(c.rps).toFixed(0)} | ${median(c.cpu).toFixed(1)} | ${(median(c.rps) / median(off.rps)).toFixed(3)}x | ${(median(c.cpu) / median(off.cpu)).toFixed(3)}x |`),
  '',
];
process.stdout.write(lines.join('\n'));
