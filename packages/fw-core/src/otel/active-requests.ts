/**
 * `http.server.active_requests`, kept as plain counters per (method, scheme) and reported by an
 * asynchronous up-down counter when metrics are collected. A synchronous add(+1)/add(-1) cost
 * two attribute hashes per request in the SDK (measured with bench/telemetry.bench.ts); a
 * counter bump costs nothing. Process-wide: every wrapped listener shares the counts.
 */
import type { Attributes, Meter } from '@opentelemetry/api';

/** One attribute set and the requests in flight with it. */
export interface ActiveRequests {
  readonly attributes: Attributes;
  count: number;
}

const byScheme: Record<'http' | 'https', Map<string, ActiveRequests>> = { http: new Map(), https: new Map() };

/** The counter of (method, scheme); method is already normalized, so the map stays small. */
export function activeRequestsOf(method: string, scheme: 'http' | 'https'): ActiveRequests {
  const cache = byScheme[scheme];
  let entry = cache.get(method);
  if (entry === undefined) {
    entry = { attributes: Object.freeze({ 'http.request.method': method, 'url.scheme': scheme }), count: 0 };
    cache.set(method, entry);
  }
  return entry;
}

const observed = new WeakSet<Meter>();

/** Registers the asynchronous instrument on `meter` once. */
export function observeActiveRequests(meter: Meter): void {
  if (observed.has(meter)) return;
  observed.add(meter);
  meter
    .createObservableUpDownCounter('http.server.active_requests', { unit: '{request}', description: 'Number of active HTTP server requests.' })
    .addCallback((result) => {
      for (const cache of [byScheme.http, byScheme.https]) {
        for (const entry of cache.values()) result.observe(entry.count, entry.attributes);
      }
    });
}
