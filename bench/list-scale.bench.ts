/**
 * How the cost of the list, GET /api/posts (pages of 100), grows with the table: 1k, 10k and
 * 100k posts per store, the first page against a deep page (the page after the first N - 200
 * posts: the last full page but one, so both pages read 101 rows and carry a Link header). One
 * service per store (a subprocess, LOG_LEVEL=warn) is grown from size to size by the fixtures of
 * blog.bench.ts; first and deep page alternate round by round. CPU per request is the service's
 * user+system time plus, for PostgreSQL, that of the backends serving its connections
 * (bench/blog/postgres-backend-cpu.ts), so an index that stops working shows wherever it costs.
 * The goal: a deep page costs at most 1.5x the first page in every cell.
 *
 *   npm run build && npx node bench/list-scale.bench.ts [--sizes 1000,10000,100000] [--stores memory,sqlite,postgres] [--rounds 3] [--seconds 2] [--connections 50]
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { startBlogService } from './blog/blog-service.ts';
import { deepCursor } from './blog/deep-cursor.ts';
import { prepareStore, type StoreName } from './blog/store-fixtures.ts';
import { median } from './support/harness.ts';
import { measureLoad, type LoadTarget } from './support/load-figures.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    stores: { type: 'string', default: 'memory,sqlite,postgres' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
  },
});
const sizes = values.sizes.split(',').map(Number).sort((a, b) => a - b);
const stores = values.stores.split(',') as StoreName[];
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
/** The deep page starts this many posts before the end of the list. */
const FROM_END = 200;
/** The goal: a deep page costs at most this many times the first page. */
const GOAL = 1.5;

interface Page {
  readonly path: string;
  readonly rps: number[];
  readonly cpuPerRequest: number[];
}

interface Cell {
  readonly store: StoreName;
  readonly posts: number;
  readonly first: Page;
  readonly deep: Page;
}

async function benchStore(store: StoreName): Promise<Cell[]> {
  const fixture = await prepareStore(store);
  const service = await startBlogService(fixture.env);
  const pid = service.child.pid!;
  const target: LoadTarget = {
    url: service.url,
    cpuMicros: async () => (await service.cpuMicros()) + (await fixture.databaseCpuMicros(pid)),
  };
  const cells: Cell[] = [];
  try {
    let stored = 0;
    for (const posts of sizes) {
      await fixture.seed(posts - stored, service.url);
      stored = posts;
      const cursor = await deepCursor(service.url, posts - FROM_END);
      const first: Page = { path: '/api/posts', rps: [], cpuPerRequest: [] };
      const deep: Page = { path: `/api/posts?cursor=${cursor}`, rps: [], cpuPerRequest: [] };
      for (let round = 0; round < rounds; round += 1) {
        for (const page of round % 2 === 0 ? [first, deep] : [deep, first]) {
          const figure = await measureLoad(target, page.path, seconds, connections);
          page.rps.push(figure.rps);
          page.cpuPerRequest.push(figure.cpuPerRequest);
        }
      }
      const cell = { store, posts, first, deep };
      process.stderr.write(`${store} ${posts} posts: first ${cpuOf(first).toFixed(0)} µs, deep ${cpuOf(deep).toFixed(0)} µs (${ratioOf(cell).toFixed(2)}x)\n`);
      cells.push(cell);
    }
    return cells;
  } finally {
    await service.stop();
    await fixture.cleanup();
  }
}

const cpuOf = (page: Page): number => median(page.cpuPerRequest);
const rpsOf = (page: Page): number => median(page.rps);
const ratioOf = (cell: Cell): number => cpuOf(cell.deep) / cpuOf(cell.first);
// Growth with the table: a store that scans every row on both pages keeps deep / first near 1,
// so the deep page is also compared with the same page on the smallest table.
const growthOf = (cell: Cell): number => cpuOf(cell.deep) / cpuOf(cells.find((c) => c.store === cell.store && c.posts === sizes[0])!.deep);

const cells: Cell[] = [];
for (const store of stores) cells.push(...(await benchStore(store)));
process.stdout.write(
  [
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; autocannon -c ${connections} -d ${seconds} after a 1 s warm-up, median of ${rounds} rounds`,
    '',
    `| store | posts | first page: CPU µs/request | deep page: CPU µs/request | deep / first | deep page vs ${sizes[0]} posts | first page: requests/s | deep page: requests/s |`,
    '|---|---|---|---|---|---|---|---|',
    ...cells.map(
      (c) =>
        `| ${c.store} | ${c.posts} | ${cpuOf(c.first).toFixed(0)} | ${cpuOf(c.deep).toFixed(0)} | ${ratioOf(c).toFixed(2)}x${ratioOf(c) > GOAL ? ' (over 1.5x)' : ''} | ${growthOf(c).toFixed(2)}x | ${rpsOf(c.first).toFixed(0)} | ${rpsOf(c.deep).toFixed(0)} |`,
    ),
    '',
  ].join('\n'),
);
