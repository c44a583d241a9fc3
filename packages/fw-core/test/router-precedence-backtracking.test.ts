import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter, type LookupResult, type MethodSpec } from '../src/router/index.ts';

function summary(result: LookupResult<string>): unknown {
  if (result.kind === 'method_not_allowed') return { allowed: result.allowed };
  if (result.kind !== 'found') return result.kind;
  return { data: result.route.data, bindings: result.bindings, pathinfo: result.pathinfo };
}

function route(path: string, methods: MethodSpec = ['get']) {
  return { path, methods, data: `${methods === '_' ? '_' : methods.join(',')} ${path}` };
}

describe('precedence at one level', () => {
  // Defined wildcard first, static last, so definition order cannot be what decides.
  const router = createRouter([route('/files/[...]'), route('/files/:name'), route('/files/readme')]);

  it('prefers a static segment over a binding over a wildcard', () => {
    assert.deepEqual(summary(router.find('GET', undefined, '/files/readme')), {
      data: 'get /files/readme',
      bindings: {},
      pathinfo: undefined,
    });
    assert.deepEqual(summary(router.find('GET', undefined, '/files/other')), {
      data: 'get /files/:name',
      bindings: { name: 'other' },
      pathinfo: undefined,
    });
    assert.deepEqual(summary(router.find('GET', undefined, '/files/a/b')), {
      data: 'get /files/[...]',
      bindings: {},
      pathinfo: ['a', 'b'],
    });
  });

  it('prefers a route ending at a node over the wildcard there', () => {
    const docs = createRouter([route('/docs/[...]'), route('/docs')]);
    assert.deepEqual(summary(docs.find('GET', undefined, '/docs')), { data: 'get /docs', bindings: {}, pathinfo: undefined });
    assert.deepEqual(summary(docs.find('GET', undefined, '/docs/')), { data: 'get /docs/[...]', bindings: {}, pathinfo: [''] });
  });
});

describe('backtracking', () => {
  it('takes the binding when the static branch dead-ends', () => {
    const router = createRouter([route('/posts/new'), route('/posts/:id/comments')]);
    assert.deepEqual(summary(router.find('GET', undefined, '/posts/new/comments')), {
      data: 'get /posts/:id/comments',
      bindings: { id: 'new' },
      pathinfo: undefined,
    });
    assert.deepEqual(summary(router.find('GET', undefined, '/posts/new')), { data: 'get /posts/new', bindings: {}, pathinfo: undefined });
    assert.equal(router.find('GET', undefined, '/posts/7').kind, 'not_found');
  });

  it('backtracks over several levels and keeps the bindings of the branch that matched', () => {
    const router = createRouter([
      route('/a/:x/b/c'),
      route('/a/:x/:y/d'),
      route('/a/s/b/:z'),
      route('/a/[...]'),
    ]);
    // /a/s/b/c: the static branch s → b → :z matches first.
    assert.deepEqual(summary(router.find('GET', undefined, '/a/s/b/c')), { data: 'get /a/s/b/:z', bindings: { z: 'c' }, pathinfo: undefined });
    assert.deepEqual(summary(router.find('GET', undefined, '/a/s/b/d')), { data: 'get /a/s/b/:z', bindings: { z: 'd' }, pathinfo: undefined });
    // /a/s/x/d: the static branch dead-ends at x, :x=s then :y=x then d.
    assert.deepEqual(summary(router.find('GET', undefined, '/a/s/x/d')), {
      data: 'get /a/:x/:y/d',
      bindings: { x: 's', y: 'x' },
      pathinfo: undefined,
    });
    // /a/q/b/c: no static s; :x=q, static b, static c.
    assert.deepEqual(summary(router.find('GET', undefined, '/a/q/b/c')), { data: 'get /a/:x/b/c', bindings: { x: 'q' }, pathinfo: undefined });
    // /a/s/b/c/e: every deeper branch dead-ends; the wildcard at /a takes the rest.
    assert.deepEqual(summary(router.find('GET', undefined, '/a/s/b/c/e')), {
      data: 'get /a/[...]',
      bindings: {},
      pathinfo: ['s', 'b', 'c', 'e'],
    });
  });

  it('falls back to the nearest wildcard up the tree', () => {
    const router = createRouter([route('/[...]'), route('/x/[...]'), route('/x/y/:id')]);
    assert.deepEqual(summary(router.find('GET', undefined, '/x/y/1/2')), { data: 'get /x/[...]', bindings: {}, pathinfo: ['y', '1', '2'] });
    assert.deepEqual(summary(router.find('GET', undefined, '/z/1')), { data: 'get /[...]', bindings: {}, pathinfo: ['z', '1'] });
    assert.deepEqual(summary(router.find('GET', undefined, '/')), { data: 'get /[...]', bindings: {}, pathinfo: [''] });
  });

  it('prefers a static match even when the binding branch would also match', () => {
    const router = createRouter([route('/:a/:b'), route('/x/:b')]);
    assert.deepEqual(summary(router.find('GET', undefined, '/x/1')), { data: 'get /x/:b', bindings: { b: '1' }, pathinfo: undefined });
    assert.deepEqual(summary(router.find('GET', undefined, '/y/1')), { data: 'get /:a/:b', bindings: { a: 'y', b: '1' }, pathinfo: undefined });
  });
});

describe('backtracking by method', () => {
  const router = createRouter([route('/users/me'), route('/users/:id', ['delete', 'get'])]);

  it('passes over a more specific route that does not answer the method', () => {
    assert.deepEqual(summary(router.find('DELETE', undefined, '/users/me')), {
      data: 'delete,get /users/:id',
      bindings: { id: 'me' },
      pathinfo: undefined,
    });
    assert.deepEqual(summary(router.find('GET', undefined, '/users/me')), { data: 'get /users/me', bindings: {}, pathinfo: undefined });
  });

  it('answers 405 with the methods of every route matching the path', () => {
    assert.deepEqual(summary(router.find('PUT', undefined, '/users/me')), { allowed: ['GET', 'HEAD', 'DELETE'] });
  });
});
