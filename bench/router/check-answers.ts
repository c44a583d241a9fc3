/**
 * Before anything is timed, every router must answer every request of a table as fw does: the
 * same route and captured values, or no match. fw's 405 counts as no match for a router that
 * cannot tell 405 from 404.
 */
import type { BenchRequest } from '../tables/route-table.ts';
import type { BuiltRouter, Contender } from './contender.ts';
import { freshBatch } from './lookups.ts';

/** Throws on the first request `peer` answers differently from `reference` (fw). */
export function checkSameAnswers(tableName: string, requests: readonly BenchRequest[], hosts: boolean, reference: BuiltRouter, peer: Contender, built: BuiltRouter): void {
  for (const lookup of freshBatch(requests, hosts)) {
    let expected = reference.answer(lookup);
    if (expected === '405' && !peer.methodNotAllowed) expected = null;
    const actual = built.answer(lookup);
    if (actual !== expected) {
      const request = `${lookup.method} ${lookup.host ?? '-'} ${lookup.url}`;
      throw new Error(`${tableName}: ${request}: fw answers ${expected}, ${peer.name} answers ${actual}`);
    }
  }
}
