import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter, type LookupResult } from '../src/router/index.ts';
import { splitPathAndQuery } from '../src/stream/exchange.ts';

/** The path the pipeline hands find(): the request target cut before its query and fragment (request-target.ts). */
const pathOf = (target: string): string => splitPathAndQuery(target).path;

/** The preflight of a 405 as `{ data, bindings, pathinfo }`, or why there is none. */
function preflightOf(result: LookupResult<string>): unknown {
  if (result.kind !== 'method_not_allowed') return result.kind;
  const preflight = result.preflight;
  if (preflight === undefined) return 'no preflight';
  return { allowed: result.allowed, data: preflight.route.data, bindings: preflight.bindings, pathinfo: preflight.pathinfo };
}

describe("an OPTIONS request's 405 carries the route of its first allowed method", () => {
  const router = createRouter([
    { path: '/posts/:id', methods: ['put'], data: 'put post' },
    { path: '/posts/:id', methods: ['get', 'delete'], data: 'get post' },
    { path: '/posts/new', methods: ['post'], data: 'new post' },
    { path: '/files/[...]', methods: ['get'], data: 'files' },
    { path: '/own', methods: ['get', 'options'], data: 'own options' },
    { host: 'api.example.com', path: '/posts/:id', methods: ['patch'], data: 'api post' },
  ]);

  it('with the bindings and pathinfo that route finds; other methods get the plain 405', () => {
    assert.deepEqual(preflightOf(router.find('OPTIONS', undefined, '/posts/42')), {
      allowed: ['GET', 'HEAD', 'PUT', 'DELETE'],
      data: 'get post',
      bindings: { id: '42' },
      pathinfo: undefined,
    });
    assert.deepEqual(preflightOf(router.find('OPTIONS', undefined, '/files/a/b')), {
      allowed: ['GET', 'HEAD'],
      data: 'files',
      bindings: {},
      pathinfo: ['a', 'b'],
    });
    assert.deepEqual(router.find('PATCH', undefined, '/posts/42'), { kind: 'method_not_allowed', allowed: ['GET', 'HEAD', 'PUT', 'DELETE'] });
    assert.equal(preflightOf(router.find('OPTIONS', undefined, '/own')), 'found');
    assert.equal(preflightOf(router.find('OPTIONS', undefined, '/nowhere')), 'not_found');
  });

  it('by precedence among the routes matching the path, as a lookup with that method would', () => {
    assert.deepEqual(preflightOf(router.find('OPTIONS', undefined, '/posts/new')), {
      allowed: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      data: 'get post',
      bindings: { id: 'new' },
      pathinfo: undefined,
    });
  });

  it('decoded as a found route is', () => {
    assert.deepEqual(preflightOf(router.find('OPTIONS', undefined, pathOf('/posts/caf%C3%A9%2Fx?q=1'))), {
      allowed: ['GET', 'HEAD', 'PUT', 'DELETE'],
      data: 'get post',
      bindings: { id: 'café/x' },
      pathinfo: undefined,
    });
  });

  it('from the host table that decides', () => {
    assert.deepEqual(preflightOf(router.find('OPTIONS', 'api.example.com', '/posts/7')), {
      allowed: ['PATCH'],
      data: 'api post',
      bindings: { id: '7' },
      pathinfo: undefined,
    });
  });
});
