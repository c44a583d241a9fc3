/** fw's router (packages/fw-core/src/router/), the one the others are compared with. */
import { splitPathAndQuery } from '../../../packages/fw-core/src/stream/exchange.ts';
import { createRouter, type Router } from '../../../packages/fw-core/src/router/index.ts';
import type { BenchRoute } from '../../tables/route-table.ts';
import { answerOf, keysById, type Contender } from '../contender.ts';

/** fw's router for `routes`, each route's data its id, after one lookup. */
export function buildFwRouter(routes: readonly BenchRoute[]): Router<number> {
  const router = createRouter(routes.map((route) => ({ host: route.host, path: route.path, methods: [route.method], data: route.id })));
  router.find('GET', undefined, '/');
  return router;
}

/**
 * fw: hosts and 405s are its own; `[...]` gives `pathinfo`, a list of segments. find() takes a
 * path: `fwTargets` cuts each raw request target first, as fw's server does (stream/exchange.ts).
 */
export const fw: Contender = fwContender((url) => url);

/** fw handed raw request targets, for the rows with query strings. */
export const fwTargets: Contender = fwContender((url) => splitPathAndQuery(url).path);

function fwContender(pathOf: (url: string) => string): Contender {
  return {
    name: 'fw',
    hosts: true,
    methodNotAllowed: true,
    queryStrings: true,
    adaptations: [],
    construct: buildFwRouter,
    build(routes) {
      const router = buildFwRouter(routes);
      const keys = keysById(routes, 'pathinfo');
      return {
        pass(batch) {
          let found = 0;
          for (const { method, host, url } of batch) {
            if (router.find(method, host, pathOf(url)).kind === 'found') found++;
          }
          return found;
        },
        passAnswered(batch) {
          let read = 0;
          for (const { method, host, url } of batch) {
            const result = router.find(method, host, pathOf(url));
            if (result.kind === 'found') read += result.pathinfo === undefined ? 0 : result.pathinfo.length;
            else if (result.kind === 'method_not_allowed') read += result.allowed.length;
          }
          return read;
        },
        answer({ method, host, url }) {
          const result = router.find(method, host, pathOf(url));
          if (result.kind === 'method_not_allowed') return '405';
          if (result.kind === 'not_found') return null;
          const id = result.route.data;
          return answerOf(id, { ...result.bindings, pathinfo: result.pathinfo?.join('/') }, keys[id] ?? []);
        },
      };
    },
  };
}
