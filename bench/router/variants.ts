/**
 * The table variants the router bench derives: routing alone (query strings cut, since only fw
 * and find-my-way take a raw request target), and a single-host table for the routers without
 * host matching.
 */
import type { BenchTable } from '../tables/route-table.ts';

/** Whether any route of `table` names a host. */
export function usesHosts(table: BenchTable): boolean {
  return table.routes.some((route) => route.host !== '_');
}

/** `table` with every query string cut off: the routing alone. */
export function withoutQueries(table: BenchTable): BenchTable {
  const requests = table.requests.map((request) => ({ ...request, url: request.url.split('?')[0] ?? request.url }));
  return { ...table, requests };
}

/**
 * The routes of host `'_'` and of `host`, all as `'_'` routes, with the same requests (Host
 * headers kept, so fw still reads them): what a router without host matching can be given.
 */
export function singleHost(table: BenchTable, host: string): BenchTable {
  const routes = table.routes.filter((route) => route.host === '_' || route.host === host).map((route) => ({ ...route, host: '_' }));
  const base = table.name.replace(/ \(.*\)$/, '');
  const short = host.split('.')[0] ?? host;
  return { name: `${base}, ${short} + '_' routes as one host (${routes.length} routes)`, routes, requests: table.requests };
}
