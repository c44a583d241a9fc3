/**
 * Router lookups per second, fw's radix tree against find-my-way, on the blog's table and on a
 * GitHub-like table with three hosts. Both routers get the same requests; their answers are
 * compared before anything is timed. Every pass gets fresh copies of the URL and Host strings,
 * as a server gets them off the socket (a string looked up before has its hash cached, which
 * would flatter any Map keyed by it). Rounds alternate the two routers in one process and the
 * median of each is reported. Run: `npx node bench/router.bench.ts` (docs/performance.md).
 */
import { availableParallelism, cpus } from 'node:os';
import FindMyWay from 'find-my-way';
import { createRouter, type Router } from '../packages/fw-core/src/router/index.ts';
import { blogTable } from './tables/blog-table.ts';
import { githubTable } from './tables/github-table.ts';
import type { BenchTable } from './tables/route-table.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 9);
const ROUND_MS = Number(process.env.ROUND_MS ?? 400);

/** One request as a server hands it over: fresh strings, as Node's HTTP parser makes per request. */
interface Lookup {
  readonly method: string;
  readonly host: string | undefined;
  readonly url: string;
  /** find-my-way's derived constraints; its host routing needs them per request. */
  readonly constraints: { readonly host: string } | undefined;
}

interface Contender {
  readonly name: string;
  /** Looks every request up once; returns a count so the work cannot be optimised away. */
  readonly pass: (batch: readonly Lookup[]) => number;
  /** The route id and captured values for one request, null for no match. */
  readonly answer: (lookup: Lookup) => string | null;
}

function fwContender(table: BenchTable): Contender {
  const router: Router<number> = createRouter(
    table.routes.map((route) => ({ host: route.host, path: route.path, methods: [route.method], data: route.id })),
  );
  return {
    name: 'fw',
    pass: (batch) => {
      let found = 0;
      for (const { method, host, url } of batch) {
        if (router.find(method, host, url).kind === 'found') found++;
      }
      return found;
    },
    answer: ({ method, host, url }) => {
      const result = router.find(method, host, url);
      if (result.kind === 'method_not_allowed') return '405';
      if (result.kind === 'not_found') return null;
      const values = Object.values(result.bindings);
      if (result.pathinfo !== undefined) values.push(result.pathinfo.join('/'));
      return `${result.route.data} ${values.join(' ')}`;
    },
  };
}

function findMyWayContender(table: BenchTable): Contender {
  const router = FindMyWay();
  for (const route of table.routes) {
    const path = route.path.replace('[...]', '*');
    const options = route.host === '_' ? {} : { constraints: { host: route.host } };
    router.on(route.method.toUpperCase() as 'GET', path, options, () => {}, { id: route.id });
  }
  return {
    name: 'find-my-way',
    pass: (batch) => {
      let found = 0;
      for (const { method, url, constraints } of batch) {
        if (router.find(method as 'GET', url, constraints) !== null) found++;
      }
      return found;
    },
    answer: ({ method, url, constraints }) => {
      const result = router.find(method as 'GET', url, constraints);
      if (result === null) return null;
      const store = result.store as { id: number };
      return `${store.id} ${Object.values(result.params).join(' ')}`;
    },
  };
}

/** A copy of a string in new memory, with no cached hash, like a string fresh off the socket. */
function fresh(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

function freshBatch(table: BenchTable): Lookup[] {
  const usesHosts = table.routes.some((route) => route.host !== '_');
  return table.requests.map(({ method, host, url }) => {
    const hostCopy = host === undefined ? undefined : fresh(host);
    const constraints = usesHosts && hostCopy !== undefined ? { host: hostCopy } : undefined;
    return { method, host: hostCopy, url: fresh(url), constraints };
  });
}

function checkSameAnswers(table: BenchTable, a: Contender, b: Contender): number {
  let found = 0;
  for (const lookup of freshBatch(table)) {
    const left = a.answer(lookup);
    const right = b.answer(lookup);
    if (left !== right) {
      throw new Error(`${table.name}: ${lookup.method} ${lookup.host ?? '-'} ${lookup.url}: ${a.name} ${left}, ${b.name} ${right}`);
    }
    if (left !== null) found++;
  }
  return found;
}

/**
 * Lookups per second of one round: passes over fresh copies of the requests until ROUND_MS of
 * lookup time is spent; copying happens between passes, outside the clock.
 */
function timeRound(contender: Contender, table: BenchTable, roundMs = ROUND_MS): number {
  let passes = 0;
  let sink = 0;
  let elapsed = 0n;
  const budget = BigInt(Math.round(roundMs * 1e6));
  while (elapsed < budget) {
    const batch = freshBatch(table);
    const start = process.hrtime.bigint();
    sink += contender.pass(batch);
    elapsed += process.hrtime.bigint() - start;
    passes++;
  }
  if (sink < 0) console.log(sink);
  return (passes * table.requests.length) / (Number(elapsed) / 1e9);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

interface TableResult {
  readonly table: BenchTable;
  readonly found: number;
  readonly fw: number;
  readonly findMyWay: number;
}

function benchTable(table: BenchTable): TableResult {
  const fw = fwContender(table);
  const fmw = findMyWayContender(table);
  const found = checkSameAnswers(table, fw, fmw);
  for (const contender of [fw, fmw]) timeRound(contender, table); // warm-up
  const rates: Record<string, number[]> = { fw: [], 'find-my-way': [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always runs on a warmer or cooler machine.
    const order = round % 2 === 0 ? [fw, fmw] : [fmw, fw];
    for (const contender of order) rates[contender.name]?.push(timeRound(contender, table));
  }
  return { table, found, fw: median(rates.fw ?? []), findMyWay: median(rates['find-my-way'] ?? []) };
}

/**
 * Nanoseconds per lookup of each distinct request of a table, fw against find-my-way: shows
 * where the table-wide ratio comes from (find-my-way also parses query strings, for one).
 */
function benchKinds(table: BenchTable): { request: string; fw: number; findMyWay: number }[] {
  const fw = fwContender(table);
  const fmw = findMyWayContender(table);
  const distinct = [...new Map(table.requests.map((r) => [`${r.method} ${r.url}`, r])).values()];
  return distinct.map((request) => {
    const single: BenchTable = { ...table, requests: Array.from({ length: 2000 }, () => request) };
    const rates: Record<string, number[]> = { fw: [], 'find-my-way': [] };
    for (let round = 0; round < 6; round++) {
      const order = round % 2 === 0 ? [fw, fmw] : [fmw, fw];
      for (const contender of order) rates[contender.name]?.push(timeRound(contender, single, ROUND_MS / 16));
    }
    const nanos = (rate: number) => 1e9 / rate;
    return { request: `${request.method} ${request.url}`, fw: nanos(median(rates.fw ?? [])), findMyWay: nanos(median(rates['find-my-way'] ?? [])) };
  });
}

function millions(rate: number): string {
  return `${(rate / 1e6).toFixed(2)} M`;
}

/**
 * The same table with every query string cut off: find-my-way parses the query string inside
 * find(), fw leaves it to the caller, so this isolates the routing itself.
 */
function withoutQueries(table: BenchTable): BenchTable {
  const requests = table.requests.map((request) => ({ ...request, url: request.url.split('?')[0] ?? request.url }));
  return { ...table, name: `${table.name}, query strings cut`, requests };
}

const results = [blogTable, githubTable, withoutQueries(blogTable), withoutQueries(githubTable)].map(benchTable);
console.log(`Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${ROUNDS} rounds of ${ROUND_MS} ms each`);
console.log('');
console.log('| table | requests (found) | fw lookups/s | find-my-way lookups/s | fw / find-my-way |');
console.log('|---|---|---|---|---|');
for (const { table, found, fw, findMyWay } of results) {
  const counts = `${table.requests.length} (${found})`;
  console.log(`| ${table.name} | ${counts} | ${millions(fw)} | ${millions(findMyWay)} | ${(fw / findMyWay).toFixed(2)}x |`);
}
console.log('');
console.log(`Per request of the ${blogTable.name} table, ns per lookup (median of 6 alternating rounds):`);
console.log('');
console.log('| request | fw ns | find-my-way ns | fw / find-my-way (speed) |');
console.log('|---|---|---|---|');
for (const { request, fw, findMyWay } of benchKinds(blogTable)) {
  console.log(`| \`${request}\` | ${fw.toFixed(0)} | ${findMyWay.toFixed(0)} | ${(findMyWay / fw).toFixed(2)}x |`);
}
