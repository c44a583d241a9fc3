/** memoirist (Elysia's router): one radix tree per method, raw (undecoded) params. */
import { Memoirist } from 'memoirist';
import type { BenchRoute } from '../../tables/route-table.ts';
import { answerOf, keysById, peerPath, probeMethods, type Contender } from '../contender.ts';

function construct(routes: readonly BenchRoute[]): Memoirist<number> {
  const router = new Memoirist<number>();
  for (const route of routes) router.add(route.method.toUpperCase(), peerPath(route.path, '*'), route.id);
  router.find('GET', '/');
  return router;
}

/** memoirist: `[...]` is `*`; it fills params last binding first, so answers read them by name. */
export const memoirist: Contender = {
  name: 'memoirist',
  hosts: false,
  methodNotAllowed: false,
  queryStrings: false,
  adaptations: ['`[...]` as `*`; params read by name (it fills them last binding first)'],
  construct,
  build(routes) {
    const router = construct(routes);
    const keys = keysById(routes, '*');
    const methods = probeMethods(routes);
    return {
      pass(batch) {
        let found = 0;
        for (const { method, url } of batch) {
          if (router.find(method, url) !== null) found++;
        }
        return found;
      },
      passAnswered(batch) {
        let read = 0;
        for (const { method, url } of batch) {
          const result = router.find(method, url);
          if (result !== null) {
            const rest = result.params['*'];
            if (rest !== undefined) read += rest.split('/').length;
            continue;
          }
          for (const other of methods) if (other !== method && router.find(other, url) !== null) read += other === 'GET' ? 2 : 1;
        }
        return read;
      },
      answer({ method, url }) {
        const result = router.find(method, url);
        return result === null ? null : answerOf(result.store, result.params, keys[result.store] ?? []);
      },
    };
  },
};
