import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter, HTTP_METHODS, type LookupResult } from '../src/router/index.ts';

function answer(result: LookupResult<string>): unknown {
  if (result.kind === 'found') return result.route.data;
  if (result.kind === 'method_not_allowed') return { allowed: result.allowed };
  return 404;
}

describe('404 and 405', () => {
  const router = createRouter([
    { path: '/api/posts', methods: ['post', 'get'], data: 'posts' },
    { path: '/api/posts/:id', methods: ['delete', 'put', 'get'], data: 'post' },
    { path: '/upload', methods: ['post'], data: 'upload' },
  ]);

  it('answers not_found when no route has the path', () => {
    assert.deepEqual(router.find('GET', undefined, '/api'), { kind: 'not_found' });
    assert.deepEqual(router.find('POST', undefined, '/nothing'), { kind: 'not_found' });
  });

  it('answers method_not_allowed with uppercase methods in canonical order, HEAD with GET', () => {
    assert.deepEqual(router.find('DELETE', undefined, '/api/posts'), { kind: 'method_not_allowed', allowed: ['GET', 'HEAD', 'POST'] });
    assert.deepEqual(router.find('PATCH', undefined, '/api/posts/1'), {
      kind: 'method_not_allowed',
      allowed: ['GET', 'HEAD', 'PUT', 'DELETE'],
    });
    assert.deepEqual(router.find('GET', undefined, '/upload'), { kind: 'method_not_allowed', allowed: ['POST'] });
  });

  it('compares the request method as Node gives it, uppercase', () => {
    assert.equal(answer(router.find('GET', undefined, '/api/posts')), 'posts');
    assert.deepEqual(answer(router.find('get', undefined, '/api/posts')), { allowed: ['GET', 'HEAD', 'POST'] });
  });
});

describe('every method a route can name', () => {
  it('is answered by the route naming it, on a static path, a binding and a [...], and by no other', () => {
    for (const method of HTTP_METHODS) {
      const router = createRouter([
        { path: '/static', methods: [method], data: 'static' },
        { path: '/items/:id', methods: [method], data: 'binding' },
        { path: '/files/[...]', methods: [method], data: 'rest' },
      ]);
      // HEAD is also answered by a GET route (RFC 9110 section 9.3.2).
      const allowed = method === 'get' ? ['GET', 'HEAD'] : [method.toUpperCase()];
      for (const path of ['/static', '/items/1', '/files/a/b']) {
        for (const other of [...HTTP_METHODS, 'propfind']) {
          const expected = allowed.includes(other.toUpperCase()) ? (path === '/static' ? 'static' : path === '/items/1' ? 'binding' : 'rest') : { allowed };
          assert.deepEqual(answer(router.find(other.toUpperCase(), undefined, path)), expected, `${method} route, ${other} ${path}`);
        }
      }
    }
  });
});

describe('HEAD', () => {
  it('is answered by the GET route when no route names HEAD', () => {
    const router = createRouter([{ path: '/a', methods: ['get'], data: 'get' }]);
    assert.equal(answer(router.find('HEAD', undefined, '/a')), 'get');
  });

  it('goes to a route that names HEAD when there is one', () => {
    const router = createRouter([
      { path: '/a', methods: ['get'], data: 'get' },
      { path: '/a', methods: ['head'], data: 'head' },
    ]);
    assert.equal(answer(router.find('HEAD', undefined, '/a')), 'head');
    assert.equal(answer(router.find('GET', undefined, '/a')), 'get');
  });

  it('is not allowed where no route answers GET or HEAD', () => {
    const router = createRouter([{ path: '/a', methods: ['post'], data: 'post' }]);
    assert.deepEqual(answer(router.find('HEAD', undefined, '/a')), { allowed: ['POST'] });
  });
});

describe("the '_' method", () => {
  const router = createRouter([
    { path: '/any', data: 'default' },
    { path: '/explicit', methods: '_', data: 'explicit' },
  ]);

  it('matches every method, known or not', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND', 'get']) {
      assert.equal(answer(router.find(method, undefined, '/any')), 'default', method);
      assert.equal(answer(router.find(method, undefined, '/explicit')), 'explicit', method);
    }
  });
});

describe('405 across routes matching one path', () => {
  it('lists the union of their methods', () => {
    const router = createRouter([
      { path: '/files/new', methods: ['get'], data: 'new' },
      { path: '/files/:name', methods: ['put'], data: 'put' },
      { path: '/files/[...]', methods: ['options'], data: 'options' },
    ]);
    assert.deepEqual(answer(router.find('DELETE', undefined, '/files/new')), { allowed: ['GET', 'HEAD', 'PUT', 'OPTIONS'] });
    assert.deepEqual(answer(router.find('DELETE', undefined, '/files/x')), { allowed: ['PUT', 'OPTIONS'] });
    assert.deepEqual(answer(router.find('DELETE', undefined, '/files/x/y')), { allowed: ['OPTIONS'] });
    assert.equal(answer(router.find('OPTIONS', undefined, '/files/new')), 'options');
  });
});
