/**
 * Each request's class, by what fw answers it: a static hit (a route without bindings or
 * `[...]`), a parameter hit (bindings, no `[...]`), a `[...]` hit, a miss (404), or a 405. The per-class figures time
 * each class's requests on their own.
 */
import type { BenchRequest, BenchRoute } from '../tables/route-table.ts';
import { splitPathAndQuery } from '../../packages/fw-core/src/stream/exchange.ts';
import { buildFwRouter } from './contenders/fw.ts';

/** The classes, in report order. */
export const REQUEST_CLASSES = ['static hit', 'parameter hit', 'wildcard hit', 'miss (404)', '405'] as const;

/** One request class. */
export type RequestClass = (typeof REQUEST_CLASSES)[number];

/** The classes fw finds a route for. */
export const HIT_CLASSES: readonly RequestClass[] = ['static hit', 'parameter hit', 'wildcard hit'];

/** `requests` grouped by class (each in request order; classes fw never answers are absent). */
export function byClass(routes: readonly BenchRoute[], requests: readonly BenchRequest[]): Map<RequestClass, BenchRequest[]> {
  const router = buildFwRouter(routes);
  const groups = new Map<RequestClass, BenchRequest[]>();
  for (const request of requests) {
    const result = router.find(request.method, request.host, splitPathAndQuery(request.url).path);
    let kind: RequestClass = result.kind === 'not_found' ? 'miss (404)' : '405';
    if (result.kind === 'found') {
      kind = result.pathinfo !== undefined ? 'wildcard hit' : result.route.bindingNames.length > 0 ? 'parameter hit' : 'static hit';
    }
    const group = groups.get(kind);
    if (group === undefined) groups.set(kind, [request]);
    else group.push(request);
  }
  return new Map(REQUEST_CLASSES.filter((kind) => groups.has(kind)).map((kind) => [kind, groups.get(kind) ?? []]));
}
