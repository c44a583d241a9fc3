import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter, type LookupResult, type RouteDefinition } from '../src/router/index.ts';
import { splitPathAndQuery } from '../src/stream/exchange.ts';

/** The path the pipeline hands find(): the request target cut before its query and fragment (request-target.ts). */
const pathOf = (target: string): string => splitPathAndQuery(target).path;

/** The data of the found route and what it captured, or the kind of the miss. */
function summary(result: LookupResult<string>): unknown {
  if (result.kind !== 'found') return result.kind;
  return { data: result.route.data, bindings: result.bindings, pathinfo: result.pathinfo };
}

function routerOf(...paths: string[]) {
  return createRouter(paths.map((path): RouteDefinition<string> => ({ path, methods: ['get'], data: path })));
}

describe('static segments', () => {
  const router = routerOf('/', '/posts', '/api/posts', '/api/posts/latest');

  it('finds each static path and nothing else', () => {
    assert.deepEqual(summary(router.find('GET', undefined, '/')), { data: '/', bindings: {}, pathinfo: undefined });
    assert.deepEqual(summary(router.find('GET', undefined, '/posts')), { data: '/posts', bindings: {}, pathinfo: undefined });
    assert.deepEqual(summary(router.find('GET', undefined, '/api/posts/latest')), {
      data: '/api/posts/latest',
      bindings: {},
      pathinfo: undefined,
    });
    assert.equal(router.find('GET', undefined, '/api').kind, 'not_found');
    assert.equal(router.find('GET', undefined, '/api/post').kind, 'not_found');
    assert.equal(router.find('GET', undefined, '/api/postsx').kind, 'not_found');
    assert.equal(router.find('GET', undefined, '/api/posts/latest/x').kind, 'not_found');
    assert.equal(router.find('GET', undefined, '/Posts').kind, 'not_found');
  });

  it('compares a segment holding "%" by its decoded form', () => {
    assert.deepEqual(summary(router.find('GET', undefined, '/p%6Fsts')), { data: '/posts', bindings: {}, pathinfo: undefined });
    assert.deepEqual(summary(router.find('GET', undefined, '/api/p%6fsts/l%61test')), {
      data: '/api/posts/latest',
      bindings: {},
      pathinfo: undefined,
    });
  });

  it('never splits a segment on %2F', () => {
    assert.equal(router.find('GET', undefined, '/api%2Fposts').kind, 'not_found');
  });

  it('matches a route written with escapes against raw and escaped requests', () => {
    const escaped = routerOf('/caf%C3%A9', '/a%2Fb', '/100%25');
    assert.deepEqual(summary(escaped.find('GET', undefined, '/caf%C3%A9')), { data: '/caf%C3%A9', bindings: {}, pathinfo: undefined });
    assert.deepEqual(summary(escaped.find('GET', undefined, '/caf%c3%a9')), { data: '/caf%C3%A9', bindings: {}, pathinfo: undefined });
    assert.deepEqual(summary(escaped.find('GET', undefined, '/café')), { data: '/caf%C3%A9', bindings: {}, pathinfo: undefined });
    assert.deepEqual(summary(escaped.find('GET', undefined, '/a%2fb')), { data: '/a%2Fb', bindings: {}, pathinfo: undefined });
    assert.equal(escaped.find('GET', undefined, '/a/b').kind, 'not_found');
    assert.deepEqual(summary(escaped.find('GET', undefined, '/100%25')), { data: '/100%25', bindings: {}, pathinfo: undefined });
    assert.equal(escaped.find('GET', undefined, '/100%').kind, 'not_found');
  });
});

describe('bindings', () => {
  const router = routerOf('/posts/:id', '/users/:user_id/posts/:post_id');

  it('captures each binding by name', () => {
    assert.deepEqual(summary(router.find('GET', undefined, '/posts/42')), { data: '/posts/:id', bindings: { id: '42' }, pathinfo: undefined });
    assert.deepEqual(summary(router.find('GET', undefined, '/users/ana/posts/7')), {
      data: '/users/:user_id/posts/:post_id',
      bindings: { user_id: 'ana', post_id: '7' },
      pathinfo: undefined,
    });
  });

  it('percent-decodes a captured value exactly once', () => {
    const found = router.find('GET', undefined, '/posts/a%20b%2Fc%2525');
    assert.deepEqual(summary(found), { data: '/posts/:id', bindings: { id: 'a b/c%25' }, pathinfo: undefined });
    assert.deepEqual(summary(router.find('GET', undefined, '/posts/caf%C3%A9')), {
      data: '/posts/:id',
      bindings: { id: 'café' },
      pathinfo: undefined,
    });
  });

  it('answers not_found, not a throw, for a malformed escape in a binding', () => {
    assert.equal(router.find('GET', undefined, '/posts/%zz').kind, 'not_found');
    assert.equal(router.find('GET', undefined, '/posts/%E0%A4').kind, 'not_found');
    assert.equal(router.find('GET', undefined, '/posts/50%').kind, 'not_found');
  });

  it('tells a malformed path from a plain miss, also where no route could match it and for a method the route does not take', () => {
    const malformed = { kind: 'not_found', malformed: true };
    for (const path of ['/posts/%zz', '/nowhere/%E0%A4%A', '/users/%C0%AF/posts/1', '/%']) assert.deepEqual(router.find('GET', undefined, path), malformed, path);
    assert.deepEqual(router.find('DELETE', undefined, '/posts/%zz'), malformed);
    for (const path of ['/nowhere/%25', '/nowhere', 'posts/%zz']) assert.deepEqual(router.find('GET', undefined, path), { kind: 'not_found' }, path);
  });

  it('never matches an empty binding', () => {
    assert.equal(router.find('GET', undefined, '/posts/').kind, 'not_found');
    assert.equal(router.find('GET', undefined, '/posts//').kind, 'not_found');
    assert.equal(router.find('GET', undefined, '/users//posts/7').kind, 'not_found');
  });

  it('names the bindings after the matched route when routes share a node', () => {
    const shared = createRouter([
      { path: '/a/:x', methods: ['get'], data: 'get' },
      { path: '/a/:y', methods: ['post'], data: 'post' },
    ]);
    assert.deepEqual(summary(shared.find('GET', undefined, '/a/1')), { data: 'get', bindings: { x: '1' }, pathinfo: undefined });
    assert.deepEqual(summary(shared.find('POST', undefined, '/a/1')), { data: 'post', bindings: { y: '1' }, pathinfo: undefined });
  });

  it('returns a fresh bindings object per lookup', () => {
    const first = router.find('GET', undefined, '/posts/1');
    const second = router.find('GET', undefined, '/posts/1');
    assert.ok(first.kind === 'found' && second.kind === 'found');
    assert.notEqual(first.bindings, second.bindings);
    first.bindings.id = 'changed';
    assert.equal(second.bindings.id, '1');
  });
});

describe('trailing slash, query and fragment', () => {
  const router = routerOf('/posts', '/docs/');

  it('treats a trailing slash as part of the path', () => {
    assert.equal(router.find('GET', undefined, '/posts/').kind, 'not_found');
    assert.equal(router.find('GET', undefined, '/docs').kind, 'not_found');
    assert.deepEqual(summary(router.find('GET', undefined, '/docs/')), { data: '/docs/', bindings: {}, pathinfo: undefined });
  });

  it('ignores everything from "?" or "#" on', () => {
    for (const url of ['/posts?x=1', '/posts?', '/posts#top', '/posts?next=/docs/#a', '/posts#a?b', '/posts?q=%zz']) {
      assert.deepEqual(summary(router.find('GET', undefined, pathOf(url))), { data: '/posts', bindings: {}, pathinfo: undefined }, url);
    }
    assert.equal(router.find('GET', undefined, pathOf('/posts/?x=1')).kind, 'not_found');
    assert.deepEqual(summary(router.find('GET', undefined, pathOf('/docs/?x'))), { data: '/docs/', bindings: {}, pathinfo: undefined });
  });

  it('cuts a binding at "?" or "#", and at an encoded one only when raw', () => {
    const bound = routerOf('/q/:text');
    assert.deepEqual(summary(bound.find('GET', undefined, pathOf('/q/a#b'))), { data: '/q/:text', bindings: { text: 'a' }, pathinfo: undefined });
    assert.deepEqual(summary(bound.find('GET', undefined, pathOf('/q/a%23b?c'))), { data: '/q/:text', bindings: { text: 'a#b' }, pathinfo: undefined });
    assert.deepEqual(summary(bound.find('GET', undefined, '/q/a%3Fb')), { data: '/q/:text', bindings: { text: 'a?b' }, pathinfo: undefined });
  });

  it('matches a route holding an encoded "#" only against the encoded form', () => {
    const router = routerOf('/a%23b', '/q/:text');
    assert.deepEqual(summary(router.find('GET', undefined, '/a%23b')), { data: '/a%23b', bindings: {}, pathinfo: undefined });
    assert.equal(router.find('GET', undefined, pathOf('/a#b')).kind, 'not_found');
    assert.deepEqual(summary(router.find('GET', undefined, pathOf('/q/x#y'))), { data: '/q/:text', bindings: { text: 'x' }, pathinfo: undefined });
  });

  it('answers not_found for a request target that is not an absolute path', () => {
    for (const url of ['', '*', 'posts', 'http://example.com/posts', '?/posts']) {
      assert.equal(router.find('GET', undefined, url).kind, 'not_found', url);
    }
  });
});

describe('the compiled routes', () => {
  it('lists every route in definition order with its normalised host and binding names', () => {
    const router = createRouter([
      { path: '/b/:id/[...]', data: 1 },
      { path: '/a', host: 'API.Example.com.', methods: ['get', 'post', 'get'], data: 2 },
    ]);
    assert.deepEqual(router.routes(), [
      { host: '_', path: '/b/:id/[...]', methods: '_', bindingNames: ['id'], hasWildcard: true, data: 1 },
      { host: 'api.example.com', path: '/a', methods: ['get', 'post'], bindingNames: [], hasWildcard: false, data: 2 },
    ]);
  });
});

describe('find() on any input', () => {
  it('never throws and always answers one of the three kinds', () => {
    const router = createRouter([
      { path: '/', data: 0 },
      { path: '/posts/:id', methods: ['get'], data: 1 },
      { path: '/posts/new', methods: ['post'], data: 2 },
      { path: '/docs/[...]', data: 3 },
      { path: '/a%2Fb/:x/', host: '*.example.com', methods: ['put'], data: 4 },
      { path: '/hash%23/:x', host: 'example.com', data: 5 },
    ]);
    const alphabet = ['/', '/', '/', '%', '%2', '%2F', '%25', '%zz', '%E0%A4', '?', '#', 'posts', 'new', 'docs', 'a', 'é', '😀', '\u0000', ' ', ':', '[...]', '.', '..'];
    const hosts = [undefined, '', 'example.com', 'A.EXAMPLE.COM:80', '[::1]:8080', '[', ':', '.', 'x.example.com.'];
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'get', '', 'BREW'];
    let state = 20240601;
    const next = (n: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    const kinds = new Set<string>();
    for (let i = 0; i < 20000; i++) {
      let url = next(4) === 0 ? '' : '/';
      const parts = next(8);
      for (let p = 0; p < parts; p++) url += alphabet[next(alphabet.length)];
      const result = lookupWithoutThrowing(router, methods[next(methods.length)] ?? 'GET', hosts[next(hosts.length)], url);
      kinds.add(result.kind);
    }
    assert.deepEqual([...kinds].sort(), ['found', 'method_not_allowed', 'not_found']);
  });
});

function lookupWithoutThrowing<T>(router: { find(m: string, h: string | undefined, u: string): LookupResult<T> }, method: string, host: string | undefined, url: string) {
  try {
    return router.find(method, host, url);
  } catch (error) {
    assert.fail(`find(${JSON.stringify(method)}, ${JSON.stringify(host)}, ${JSON.stringify(url)}) threw ${String(error)}`);
  }
}
