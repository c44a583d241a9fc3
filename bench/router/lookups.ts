/**
 * Requests as a server hands them to its router: every pass gets new copies of the URL and Host
 * strings, as Node's HTTP parser makes them per request. A string looked up before has its hash
 * cached, which would flatter any Map or object keyed by it.
 */
import type { BenchRequest } from '../tables/route-table.ts';
import type { Lookup } from './contender.ts';

/** A copy of a string in new memory, with no cached hash, like a string fresh off the socket. */
function fresh(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

/** Fresh lookups for `requests`; `hosts` adds find-my-way's host constraint to each. */
export function freshBatch(requests: readonly BenchRequest[], hosts: boolean): Lookup[] {
  return requests.map(({ method, host, url }) => {
    const hostCopy = host === undefined ? undefined : fresh(host);
    const constraints = hosts && hostCopy !== undefined ? { host: hostCopy } : undefined;
    return { method, host: hostCopy, url: fresh(url), constraints };
  });
}
