/**
 * The router bench's report as markdown: lookups per second per table and router with fw against
 * the fastest other router, the skipped routers and why, ns per lookup per request class, how
 * each peer was given the tables; and the build bench's build times and retained heap.
 */
import { availableParallelism, cpus } from 'node:os';
import type { BuildFigures } from './build-bench.ts';
import type { Contender } from './contender.ts';
import type { TableFigures } from './lookup-bench.ts';

/** Markdown table lines. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

/** The first line of a report: Node, CPUs and what a run was. */
export function machineLine(what: string): string {
  return `Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${what}`;
}

/** The fastest router other than fw by `score` (higher is faster), or undefined when fw ran alone. */
function fastestOther(scores: ReadonlyMap<string, number>, faster: (a: number, b: number) => boolean): [string, number] | undefined {
  let best: [string, number] | undefined;
  for (const [name, score] of scores) if (name !== 'fw' && (best === undefined || faster(score, best[1]))) best = [name, score];
  return best;
}

function millions(rate: number | undefined): string {
  return rate === undefined ? '—' : `${(rate / 1e6).toFixed(2)} M`;
}

/**
 * Lookups per second, one row per table, a column per router, and fw / fastest other: the
 * tables' `rates`, or their `answeredRates` when `answered`.
 */
export function ratesTable(figures: readonly TableFigures[], names: readonly string[], answered = false): string[] {
  const rows = figures.map(({ table, found, rates: plain, answeredRates }) => {
    const rates = answered ? answeredRates : plain;
    const fw = rates.get('fw') ?? Number.NaN;
    const best = fastestOther(rates, (a, b) => a > b);
    const versus = best === undefined ? ['—', '—'] : [best[0], `${(fw / best[1]).toFixed(2)}x`];
    return [table.name, `${table.requests.length} (${found})`, ...names.map((name) => millions(rates.get(name))), ...versus];
  });
  return markdownTable(['table', 'requests (found)', ...names, 'fastest other', 'fw / fastest other'], rows);
}

/** One line per table and reason routers did not run there, naming them. */
export function skippedLines(figures: readonly TableFigures[]): string[] {
  return figures.flatMap(({ table, skipped }) => {
    const byReason = new Map<string, string[]>();
    for (const [name, why] of skipped) byReason.set(why, [...(byReason.get(why) ?? []), name]);
    return [...byReason].map(([why, names]) => `- ${table.name}: not run: ${names.join(', ')} (${why}).`);
  });
}

/** ns per lookup per request class of one table, and fw's speed against the fastest other per class. */
export function classTable({ classes }: TableFigures, names: readonly string[]): string[] {
  const ran = names.filter((name) => classes[0]?.nanos.has(name));
  const rows = classes.map(({ kind, requests, nanos }) => {
    const fw = nanos.get('fw') ?? Number.NaN;
    const best = fastestOther(nanos, (a, b) => a < b);
    const versus = best === undefined ? ['—', '—'] : [best[0], `${(best[1] / fw).toFixed(2)}x`];
    return [kind, String(requests), ...ran.map((name) => (nanos.get(name) ?? Number.NaN).toFixed(0)), ...versus];
  });
  return markdownTable(['class', 'requests', ...ran.map((name) => `${name} ns`), 'fastest other', 'fw speed / fastest other'], rows);
}

/** What every peer got alike: the request sets avoid where the routers differ, or are compared as such. */
const COMMON_ADAPTATIONS = [
  "Routers without host matching run the GitHub-like table as \"api + '_' routes as one host\": the routes of api.example.com and of `'_'`, all host-less, with the same requests (fw still reads their Host headers); fw runs that table too.",
  'fw\'s 405 answers count as no match for every peer: none of them tells 405 from 404.',
  'No request path ends in `/`, holds a `%`, or is a wildcard route\'s bare prefix (`/docs` for `/docs/[...]`): rou3 ignores one trailing slash and find-my-way matches `/posts/` to `/posts/:id` (fw and the others do neither); fw and find-my-way decode captured values, the others return them raw; fw, rou3 and Hono match `/docs` to the wildcard route, find-my-way and memoirist do not.',
  'Query strings are cut for every router but in the "with query strings" rows, since only fw and find-my-way take a raw request target.',
];

/** One line per common adaptation, then one per peer: how it was given the tables. */
export function adaptationLines(contenders: readonly Contender[]): string[] {
  const peers = contenders.filter((c) => c.adaptations.length > 0).map((c) => `- ${c.name}: ${c.adaptations.join('; ')}.`);
  return [...COMMON_ADAPTATIONS.map((line) => `- ${line}`), ...peers];
}

/** Build ms and retained heap, one row per router, two columns per table. */
export function buildTable(tableNames: readonly string[], rows: readonly (readonly [string, readonly BuildFigures[]])[]): string[] {
  const header = ['router', ...tableNames.flatMap((name) => [`${name}: build ms`, 'retained heap'])];
  const cells = (figures: BuildFigures): string[] =>
    'skipped' in figures ? ['—', '—'] : [figures.ms.toFixed(figures.ms < 10 ? 2 : 1), `${(figures.bytes / 1024).toFixed(0)} KiB`];
  return markdownTable(header, rows.map(([name, figures]) => [name, ...figures.flatMap(cells)]));
}
