/**
 * Lookups per second: rounds of passes over fresh copies of the requests (copying happens
 * between passes, outside the clock), the routers' order rotated every round so that none always
 * runs first on a warmer or cooler machine, and the median round of each router.
 */
import type { BenchRequest } from '../tables/route-table.ts';
import { median } from '../support/harness.ts';
import type { BuiltRouter, Contender } from './contender.ts';
import { freshBatch } from './lookups.ts';

/** A contender built for one table. */
export interface Entrant {
  readonly contender: Contender;
  readonly router: BuiltRouter;
}

/** Lookups per second of one round: passes until `roundMs` of lookup time is spent. */
function timeRound(router: BuiltRouter, requests: readonly BenchRequest[], hosts: boolean, roundMs: number): number {
  let passes = 0;
  let sink = 0;
  let elapsed = 0n;
  const budget = BigInt(Math.round(roundMs * 1e6));
  while (elapsed < budget) {
    const batch = freshBatch(requests, hosts);
    const start = process.hrtime.bigint();
    sink += router.pass(batch);
    elapsed += process.hrtime.bigint() - start;
    passes++;
  }
  if (sink < 0) console.log(sink);
  return (passes * requests.length) / (Number(elapsed) / 1e9);
}

/** The median lookups per second of each entrant, by name, over `rounds` rounds, after one warm-up round each. */
export function medianRates(entrants: readonly Entrant[], requests: readonly BenchRequest[], hosts: boolean, rounds: number, roundMs: number): Map<string, number> {
  for (const { router } of entrants) timeRound(router, requests, hosts, roundMs);
  const rates = new Map<string, number[]>(entrants.map(({ contender }) => [contender.name, []]));
  for (let round = 0; round < rounds; round++) {
    const shift = round % entrants.length;
    for (const { contender, router } of [...entrants.slice(shift), ...entrants.slice(0, shift)]) {
      rates.get(contender.name)?.push(timeRound(router, requests, hosts, roundMs));
    }
  }
  return new Map([...rates].map(([name, values]) => [name, median(values)]));
}
