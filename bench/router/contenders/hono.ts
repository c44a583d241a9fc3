/**
 * Hono's two routers, RegExpRouter (one regular expression per method) and TrieRouter. Both
 * return every route that matches, in registration order, and a Hono app runs the first one's
 * handler: routes are registered most specific first (static, then binding, then `[...]`,
 * segment by segment), which is fw's precedence. `[...]` is Hono's `*`, which captures nothing:
 * the answer takes the wildcard's text from the URL, outside the clock (a capturing
 * `:pathinfo{.+}` made TrieRouter's wildcard hits twice as slow). RegExpRouter throws UnsupportedPathError on
 * tables it cannot hold (a static segment and a binding at one position, for one); Hono's
 * default SmartRouter falls back to TrieRouter then.
 */
import { UnsupportedPathError, type Result, type Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import type { BenchRoute } from '../../tables/route-table.ts';
import { answerOf, keysById, NotExpressible, peerPath, probeMethods, type Contender } from '../contender.ts';

/** 0 for a static segment, 1 for a binding, 2 for `[...]`. */
function segmentKinds(path: string): number[] {
  return path.split('/').map((segment) => (segment === '[...]' ? 2 : segment.startsWith(':') ? 1 : 0));
}

/** The routes in fw's precedence order: segment kinds compared left to right, a shorter path first on a tie. */
function mostSpecificFirst(routes: readonly BenchRoute[]): BenchRoute[] {
  const kinds = new Map(routes.map((route) => [route, segmentKinds(route.path)]));
  return [...routes].sort((a, b) => {
    const x = kinds.get(a) ?? [];
    const y = kinds.get(b) ?? [];
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
    return x.length - y.length;
  });
}

/** For each route id with a final `[...]`, the index of that segment in the path split on `/`. */
function wildcardSegments(routes: readonly BenchRoute[]): (number | undefined)[] {
  const at: (number | undefined)[] = [];
  for (const route of routes) if (route.path.endsWith('/[...]')) at[route.id] = route.path.split('/').length - 1;
  return at;
}

/** The first match's route id and params, whichever of its two result shapes `match` returned. */
function firstMatch(result: Result<number>): { id: number; params: Record<string, string | undefined> } | undefined {
  const [matches, stash] = result;
  const first = matches[0];
  if (first === undefined) return undefined;
  const [id, params] = first;
  if (stash === undefined) return { id, params: params as Record<string, string> };
  return { id, params: Object.fromEntries(Object.entries(params).map(([name, index]) => [name, stash[index as number]])) };
}

function honoContender(name: string, makeRouter: () => Router<number>): Contender {
  const construct = (routes: readonly BenchRoute[]): Router<number> => {
    const router = makeRouter();
    try {
      for (const route of mostSpecificFirst(routes)) router.add(route.method.toUpperCase(), peerPath(route.path, '*'), route.id);
      router.match('GET', '/');
    } catch (error) {
      if (error instanceof UnsupportedPathError) throw new NotExpressible(`UnsupportedPathError on ${error.message}`);
      throw error;
    }
    return router;
  };
  return {
    name,
    hosts: false,
    methodNotAllowed: false,
    queryStrings: false,
    adaptations: [
      '`[...]` as `*`, which captures nothing (the check takes its text from the URL)',
      'routes registered most specific first, the answer is the first match (a Hono app runs the first handler)',
    ],
    construct,
    build(routes) {
      const router = construct(routes);
      const keys = keysById(routes, 'pathinfo');
      const wildcardAt = wildcardSegments(routes);
      const methods = probeMethods(routes);
      return {
        pass(batch) {
          let found = 0;
          for (const { method, url } of batch) {
            if (router.match(method, url)[0].length !== 0) found++;
          }
          return found;
        },
        passAnswered(batch) {
          let read = 0;
          for (const { method, url } of batch) {
            const first = router.match(method, url)[0][0];
            if (first !== undefined) {
              const at = wildcardAt[first[0]];
              // Its `*` captures nothing: the rest is the URL's segments from the wildcard's position on.
              if (at !== undefined) read += url.split('/').length - at;
              continue;
            }
            for (const other of methods) if (other !== method && router.match(other, url)[0].length !== 0) read += other === 'GET' ? 2 : 1;
          }
          return read;
        },
        answer({ method, url }) {
          const match = firstMatch(router.match(method, url));
          if (match === undefined) return null;
          const at = wildcardAt[match.id];
          const pathinfo = at === undefined ? undefined : url.split('/').slice(at).join('/');
          return answerOf(match.id, { ...match.params, pathinfo }, keys[match.id] ?? []);
        },
      };
    },
  };
}

/** Hono's RegExpRouter. */
export const honoRegExp = honoContender('Hono RegExpRouter', () => new RegExpRouter<number>());

/** Hono's TrieRouter. */
export const honoTrie = honoContender('Hono TrieRouter', () => new TrieRouter<number>());
