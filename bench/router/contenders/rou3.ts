/**
 * rou3 (h3's and Nitro's router), as `findRoute` on its tree and as the single function its
 * compiler generates (`rou3/compiler`'s `compileRouter`, what Nitro ships).
 */
import { addRoute, createRouter, findRoute, type RouterContext } from 'rou3';
import { compileRouter } from 'rou3/compiler';
import type { BenchRoute } from '../../tables/route-table.ts';
import { answerOf, keysById, peerPath, probeMethods, type Contender } from '../contender.ts';

type Find = (method: string, path: string) => { data: number; params?: Record<string, string> } | undefined;

function tree(routes: readonly BenchRoute[]): RouterContext<number> {
  const router = createRouter<number>();
  for (const route of routes) addRoute(router, route.method.toUpperCase(), peerPath(route.path, '*'), route.id);
  return router;
}

function rou3Contender(name: string, makeFind: (router: RouterContext<number>) => Find): Contender {
  const construct = (routes: readonly BenchRoute[]): Find => {
    const find = makeFind(tree(routes));
    find('GET', '/');
    return find;
  };
  return {
    name,
    hosts: false,
    methodNotAllowed: false,
    queryStrings: false,
    adaptations: ['`[...]` as `*` (captured as `"0"`)'],
    construct,
    build(routes) {
      const find = construct(routes);
      const keys = keysById(routes, '0');
      const methods = probeMethods(routes);
      return {
        pass(batch) {
          let found = 0;
          for (const { method, url } of batch) {
            if (find(method, url) !== undefined) found++;
          }
          return found;
        },
        passAnswered(batch) {
          let read = 0;
          for (const { method, url } of batch) {
            const result = find(method, url);
            if (result !== undefined) {
              const rest = result.params?.['0'];
              if (rest !== undefined) read += rest.split('/').length;
              continue;
            }
            for (const other of methods) if (other !== method && find(other, url) !== undefined) read += other === 'GET' ? 2 : 1;
          }
          return read;
        },
        answer({ method, url }) {
          const result = find(method, url);
          return result === undefined ? null : answerOf(result.data, result.params ?? {}, keys[result.data] ?? []);
        },
      };
    },
  };
}

/** rou3's `findRoute`. */
export const rou3 = rou3Contender('rou3', (router) => (method, path) => findRoute(router, method, path));

/** rou3's compiled matcher. */
export const rou3Compiled = rou3Contender('rou3 compiled', (router) => compileRouter(router));
