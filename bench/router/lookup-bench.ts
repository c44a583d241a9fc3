/**
 * The router lookup bench for one table: builds every contender that can hold the table, checks
 * each answers every request as fw does (and counts as fw does when answering as fw answers),
 * then times the whole request list, as it is and answered as fw answers, each request class on
 * its own and the equal-work rows (bench/router.bench.ts runs it over the tables and prints the
 * report).
 */
import type { BenchRequest, BenchTable } from '../tables/route-table.ts';
import { checkSameAnswers } from './check-answers.ts';
import { NotExpressible, type Contender } from './contender.ts';
import { byClass, HIT_CLASSES, type RequestClass } from './request-classes.ts';
import { medianRates, type Entrant } from './timing.ts';
import { freshBatch } from './lookups.ts';
import { usesHosts } from './variants.ts';

/** Rounds and their lengths; `rounds: 0` only builds and checks. */
export interface BenchOptions {
  readonly rounds: number;
  readonly roundMs: number;
  readonly classRoundMs: number;
}

/**
 * Request classes timed again with every router doing the work fw's answer carries
 * (BuiltRouter's passAnswered): the wildcard hits reading the rest as segments (`pathinfo`), the
 * 405s listing the allowed methods (`Allow`).
 */
const EQUAL_WORK_ROWS = [
  { row: 'wildcard hit, rest as segments', of: 'wildcard hit' },
  { row: '405 with Allow', of: '405' },
] as const;

/** A row of EQUAL_WORK_ROWS. */
type EqualWorkRow = (typeof EQUAL_WORK_ROWS)[number];

/** One request class's requests and ns per lookup by router. */
export interface ClassFigures {
  readonly kind: RequestClass | EqualWorkRow['row'];
  readonly requests: number;
  readonly nanos: ReadonlyMap<string, number>;
}

/** What one table's run found. */
export interface TableFigures {
  readonly table: BenchTable;
  readonly found: number;
  /** Lookups per second by router name. */
  readonly rates: ReadonlyMap<string, number>;
  /** Lookups per second by router name, every answer read as fw answers (BuiltRouter's passAnswered); empty unless asked for. */
  readonly answeredRates: ReadonlyMap<string, number>;
  /** Why a router did not run on this table, by name. */
  readonly skipped: ReadonlyMap<string, string>;
  /** Empty unless asked for. */
  readonly classes: readonly ClassFigures[];
}

/** A class's requests repeated to at least this many lookups a pass, so the clock's cost stays small. */
const MIN_PASS = 1000;

/** Builds the contenders (fw first) that can hold `table`; the others land in `skipped`. */
function buildAll(table: BenchTable, contenders: readonly Contender[], skipped: Map<string, string>): Entrant[] {
  const hosts = usesHosts(table);
  const entrants: Entrant[] = [];
  for (const contender of contenders) {
    if (hosts && !contender.hosts) {
      skipped.set(contender.name, 'no host matching');
      continue;
    }
    try {
      entrants.push({ contender, router: contender.build(table.routes) });
    } catch (error) {
      if (!(error instanceof NotExpressible)) throw error;
      skipped.set(contender.name, error.message);
    }
  }
  return entrants;
}

/** Throws unless every entrant's pass counts as much on `requests` as fw's (the first). */
function checkSameCounts(what: string, requests: readonly BenchRequest[], hosts: boolean, entrants: readonly Entrant[]): void {
  const batch = freshBatch(requests, hosts);
  const [reference, ...peers] = entrants.map(({ contender, router }) => [contender.name, router.pass(batch)] as const);
  for (const [name, count] of peers) {
    if (count !== reference?.[1]) throw new Error(`${what}: fw counts ${reference?.[1]}, ${name} ${count}`);
  }
}

/** `entrant` with its passAnswered as its pass. */
function answering({ contender, router }: Entrant): Entrant {
  return { contender, router: { ...router, pass: (batch) => router.passAnswered(batch) } };
}

function padded(requests: readonly BenchRequest[]): BenchRequest[] {
  return Array.from({ length: Math.ceil(MIN_PASS / requests.length) }, () => requests).flat();
}

/**
 * Builds, checks and times `contenders` (fw first) on `table`; when `classes`, answered as fw
 * answers and per class too.
 */
export function benchTable(table: BenchTable, contenders: readonly Contender[], options: BenchOptions, classes: boolean): TableFigures {
  const hosts = usesHosts(table);
  const skipped = new Map<string, string>();
  const entrants = buildAll(table, contenders, skipped);
  const [reference, ...peers] = entrants;
  if (reference === undefined) throw new Error(`${table.name}: fw did not build`);
  for (const { contender, router } of peers) checkSameAnswers(table.name, table.requests, hosts, reference.router, contender, router);
  const groups = byClass(table.routes, table.requests);
  const found = HIT_CLASSES.reduce((sum, kind) => sum + (groups.get(kind)?.length ?? 0), 0);
  const answered = entrants.map(answering);
  if (classes) checkSameCounts(`${table.name}: answered as fw answers`, table.requests, hosts, answered);
  const equalWork = (classes ? EQUAL_WORK_ROWS : []).flatMap(({ row, of }) => {
    const requests = groups.get(of);
    if (requests === undefined) return [];
    checkSameCounts(`${table.name}: ${row}`, requests, hosts, answered);
    return [{ row, requests }];
  });
  if (options.rounds === 0) return { table, found, rates: new Map(), answeredRates: new Map(), skipped, classes: [] };
  const rates = medianRates(entrants, table.requests, hosts, options.rounds, options.roundMs);
  const answeredRates = classes ? medianRates(answered, table.requests, hosts, options.rounds, options.roundMs) : new Map<string, number>();
  const timeClass = (kind: ClassFigures['kind'], requests: readonly BenchRequest[], timed: readonly Entrant[]): ClassFigures => {
    const classRates = medianRates(timed, padded(requests), hosts, options.rounds, options.classRoundMs);
    return { kind, requests: requests.length, nanos: new Map([...classRates].map(([name, rate]) => [name, 1e9 / rate])) };
  };
  const perClass = !classes ? [] : [...groups].map(([kind, requests]) => timeClass(kind, requests, entrants));
  for (const { row, requests } of equalWork) perClass.push(timeClass(row, requests, answered));
  return { table, found, rates, answeredRates, skipped, classes: perClass };
}
