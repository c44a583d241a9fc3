/**
 * The blog service (examples/blog) per store: GET /api/posts/:id and POST /api/posts, then the
 * list with 100k posts stored: the first page and a deep page reached by cursor. The service is a
 * subprocess with LOG_LEVEL=warn; autocannon drives loopback load. Reports requests/s, the
 * server's CPU time per request (user+system from /proc, the steadier figure on shared 2-core
 * machines) and latency percentiles.
 *
 *   npm run build && npx node bench/blog.bench.ts [--seconds 5] [--connections 50] [--posts 100000] [--stores memory,sqlite,postgres]
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBlogService, type BlogService } from './blog/blog-service.ts';
import { deepCursor } from './blog/deep-cursor.ts';
import { prepareStore, type StoreName } from './blog/store-fixtures.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    posts: { type: 'string', default: '100000' },
    stores: { type: 'string', default: 'memory,sqlite,postgres' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const postCount = Number(values.posts);
const stores = values.stores.split(',') as StoreName[];

interface Figure {
  readonly store: StoreName;
  readonly scenario: string;
  readonly rps: number;
  readonly cpuPerRequest: number;
  readonly p50: number;
  readonly p99: number;
}

const NEW_POST = JSON.stringify({ title: 'Benchmark post', body: 'Lorem ipsum dolor sit amet. '.repeat(4), status: 'published', user_id: 7 });

async function measure(service: BlogService, store: StoreName, scenario: string, requests: autocannon.Request[]): Promise<Figure> {
  await autocannon({ url: service.url, connections, duration: 1, requests }); // warm-up
  const before = await service.cpuMicros();
  const result = await autocannon({ url: service.url, connections, duration: seconds, requests });
  const cpu = (await service.cpuMicros()) - before;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${store} ${scenario}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const served = result.requests.total;
  const figure = { store, scenario, rps: served / seconds, cpuPerRequest: cpu / served, p50: result.latency.p50, p99: result.latency.p99 };
  process.stderr.write(`${store} ${scenario}: ${figure.rps.toFixed(0)} req/s, ${figure.cpuPerRequest.toFixed(0)} µs CPU/request\n`);
  return figure;
}

async function benchStore(store: StoreName): Promise<Figure[]> {
  const fixture = await prepareStore(store);
  const service = await startBlogService(fixture.env);
  try {
    const figures = [await measure(service, store, 'POST /api/posts', [{ method: 'POST', path: '/api/posts', headers: { 'content-type': 'application/json' }, body: NEW_POST }])];
    const newest = (await (await fetch(`${service.url}/api/posts?limit=1`)).json()) as { posts: { id: number }[] };
    const created = newest.posts[0]?.id ?? 0;
    await fixture.seed(Math.max(0, postCount - created), service.url);
    const total = (await (await fetch(`${service.url}/api/posts?limit=1`)).json()) as { posts: { id: number }[] };
    const maxId = Math.max(postCount, total.posts[0]?.id ?? 0);
    const randomId = (req: autocannon.Request) => ({ ...req, method: 'GET' as const, path: `/api/posts/${1 + Math.floor(Math.random() * maxId)}` });
    figures.push(await measure(service, store, 'GET /api/posts/:id', [{ setupRequest: randomId }]));
    figures.push(await measure(service, store, `GET /api/posts (first page of 100, ${postCount / 1000}k stored)`, [{ method: 'GET', path: '/api/posts' }]));
    const deep = Math.floor((postCount * 0.9) / 1000) * 1000;
    const cursor = await deepCursor(service.url, deep);
    figures.push(await measure(service, store, `GET /api/posts?cursor= (page of 100 after post ${deep})`, [{ method: 'GET', path: `/api/posts?cursor=${cursor}` }]));
    return figures;
  } finally {
    await service.stop();
    await fixture.cleanup();
  }
}

const figures: Figure[] = [];
for (const store of stores) figures.push(...(await benchStore(store)));
process.stdout.write(
  [
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; autocannon -c ${connections} -d ${seconds} (after a 1 s warm-up), one run each`,
    '',
    '| store | request | requests/s | server CPU µs/request | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.store} | ${f.scenario} | ${f.rps.toFixed(0)} | ${f.cpuPerRequest.toFixed(0)} | ${f.p50} | ${f.p99} |`),
    '',
  ].join('\n'),
);
