/**
 * Requests as a server hands them to its router: every pass gets new copies of the URL and Host
 * strings, as Node's HTTP parser makes them per request. A string looked up before has its hash
 * cached (or is internalized), which would flatter any Map or object keyed by it.
 */
import type { BenchRequest } from '../tables/route-table.ts';
import type { Lookup } from './contender.ts';

/**
 * Fresh lookups for `requests`; `hosts` adds find-my-way's host constraint to each. The strings
 * are decoded one by one out of one buffer holding them all: each is a new flat string, and one
 * buffer makes a pass's copies a third cheaper than a buffer per string (the bench's run time
 * is mostly copying).
 */
export function freshBatch(requests: readonly BenchRequest[], hosts: boolean): Lookup[] {
  const texts = requests.flatMap(({ host, url }) => [host ?? '', url]);
  const buffer = Buffer.from(texts.join(''), 'latin1');
  let at = 0;
  const next = (text: string): string => buffer.toString('latin1', at, (at += text.length));
  return requests.map(({ method, host, url }) => {
    const hostCopy = host === undefined ? undefined : next(host);
    const urlCopy = next(url);
    return { method, host: hostCopy, url: urlCopy, constraints: hosts && hostCopy !== undefined ? { host: hostCopy } : undefined };
  });
}
