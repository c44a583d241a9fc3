/** find-my-way (Fastify's router): host constraints, its own query-string cut, decoded params. */
import FindMyWay from 'find-my-way';
import type { BenchRoute } from '../../tables/route-table.ts';
import { answerOf, keysById, peerPath, probeMethods, type Contender } from '../contender.ts';

type HttpMethod = Parameters<FindMyWay.Instance<FindMyWay.HTTPVersion.V1>['find']>[0];

function construct(routes: readonly BenchRoute[]): FindMyWay.Instance<FindMyWay.HTTPVersion.V1> {
  const router = FindMyWay();
  for (const route of routes) {
    const options = route.host === '_' ? {} : { constraints: { host: route.host } };
    router.on(route.method.toUpperCase() as HttpMethod, peerPath(route.path, '*'), options, () => {}, { id: route.id });
  }
  router.find('GET', '/');
  return router;
}

/** find-my-way: `[...]` is `*`; a `'_'` route has no host constraint, any other has `constraints: { host }`. */
export const findMyWay: Contender = {
  name: 'find-my-way',
  hosts: true,
  methodNotAllowed: false,
  queryStrings: true,
  adaptations: ['`[...]` as `*`; hosts as `constraints: { host }`, the Host header passed as the derived constraint; route data as a `{ id }` store (it turns a falsy store into null)'],
  construct,
  build(routes) {
    const router = construct(routes);
    const keys = keysById(routes, '*');
    const methods = probeMethods(routes);
    return {
      pass(batch) {
        let found = 0;
        for (const { method, url, constraints } of batch) {
          if (router.find(method as HttpMethod, url, constraints) !== null) found++;
        }
        return found;
      },
      passAnswered(batch) {
        let read = 0;
        for (const { method, url, constraints } of batch) {
          const result = router.find(method as HttpMethod, url, constraints);
          if (result !== null) {
            const rest = result.params['*'];
            if (rest !== undefined) read += rest.split('/').length;
            continue;
          }
          for (const other of methods) {
            if (other !== method && router.find(other as HttpMethod, url, constraints) !== null) read += other === 'GET' ? 2 : 1;
          }
        }
        return read;
      },
      answer({ method, url, constraints }) {
        const result = router.find(method as HttpMethod, url, constraints);
        if (result === null) return null;
        const { id } = result.store as { id: number };
        return answerOf(id, result.params, keys[id] ?? []);
      },
    };
  },
};
