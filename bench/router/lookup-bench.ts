/**
 * The router lookup bench for one table: builds every contender that can hold the table, checks
 * each answers every request as fw does, then times the whole request list and each request
 * class on its own (bench/router.bench.ts runs it over the tables and prints the report).
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
 * The wildcard hits again, each router also reading the rest as segments (BuiltRouter's
 * passSegments): what fw's `pathinfo` hands over, done by every router.
 */
export const SEGMENTS_ROW = 'wildcard hit, rest as segments';

/** One request class's requests and ns per lookup by router. */
export interface ClassFigures {
  readonly kind: RequestClass | typeof SEGMENTS_ROW;
  readonly requests: number;
  readonly nanos: ReadonlyMap<string, number>;
}

/** What one table's run found. */
export interface TableFigures {
  readonly table: BenchTable;
  readonly found: number;
  /** Lookups per second by router name. */
  readonly rates: ReadonlyMap<string, number>;
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

/** Throws unless every entrant reads as many segments from `requests` as fw (the first). */
function checkSameSegments(tableName: string, requests: readonly BenchRequest[], hosts: boolean, entrants: readonly Entrant[]): void {
  const batch = freshBatch(requests, hosts);
  const [reference, ...peers] = entrants.map(({ contender, router }) => [contender.name, router.passSegments(batch)] as const);
  for (const [name, segments] of peers) {
    if (segments !== reference?.[1]) throw new Error(`${tableName}: wildcard hits: fw reads ${reference?.[1]} segments, ${name} ${segments}`);
  }
}

/** `entrant` with passSegments as its pass. */
function readingSegments({ contender, router }: Entrant): Entrant {
  return { contender, router: { pass: (batch) => router.passSegments(batch), passSegments: (batch) => router.passSegments(batch), answer: (lookup) => router.answer(lookup) } };
}

function padded(requests: readonly BenchRequest[]): BenchRequest[] {
  return Array.from({ length: Math.ceil(MIN_PASS / requests.length) }, () => requests).flat();
}

/** Builds, checks and times `contenders` (fw first) on `table`; per class too when `classes`. */
export function benchTable(table: BenchTable, contenders: readonly Contender[], options: BenchOptions, classes: boolean): TableFigures {
  const hosts = usesHosts(table);
  const skipped = new Map<string, string>();
  const entrants = buildAll(table, contenders, skipped);
  const [reference, ...peers] = entrants;
  if (reference === undefined) throw new Error(`${table.name}: fw did not build`);
  for (const { contender, router } of peers) checkSameAnswers(table.name, table.requests, hosts, reference.router, contender, router);
  const groups = byClass(table.routes, table.requests);
  const found = HIT_CLASSES.reduce((sum, kind) => sum + (groups.get(kind)?.length ?? 0), 0);
  if (options.rounds === 0) return { table, found, rates: new Map(), skipped, classes: [] };
  const rates = medianRates(entrants, table.requests, hosts, options.rounds, options.roundMs);
  const timeClass = (kind: ClassFigures['kind'], requests: readonly BenchRequest[], timed: readonly Entrant[]): ClassFigures => {
    const classRates = medianRates(timed, padded(requests), hosts, options.rounds, options.classRoundMs);
    return { kind, requests: requests.length, nanos: new Map([...classRates].map(([name, rate]) => [name, 1e9 / rate])) };
  };
  const perClass = !classes ? [] : [...groups].map(([kind, requests]) => timeClass(kind, requests, entrants));
  const wildcards = groups.get('wildcard hit');
  if (classes && wildcards !== undefined) {
    checkSameSegments(table.name, wildcards, hosts, entrants);
    perClass.push(timeClass(SEGMENTS_ROW, wildcards, entrants.map(readingSegments)));
  }
  return { table, found, rates, skipped, classes: perClass };
}
