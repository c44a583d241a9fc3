/**
 * All-static paths against bindings and `[...]` on the same path, their 405s, static siblings
 * sharing a bucket, bot probes and escaped spellings, and the bindings objects a match returns.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { createRouter, type LookupResult, type RouteDefinition } from '../src/router/index.ts';
import { splitPathAndQuery } from '../src/stream/exchange.ts';

/** The path the pipeline hands find(): the request target cut before its query and fragment (stream/exchange.ts). */
const pathOf = (target: string): string => splitPathAndQuery(target).path;

function router(defs: readonly RouteDefinition<string>[]) {
  return createRouter(defs);
}

/** `data` and bindings of a found route, `405 <allow>` or `404`. */
function answer(result: LookupResult<string>): string {
  if (result.kind === 'not_found') return '404';
  if (result.kind === 'method_not_allowed') return `405 ${result.allowed.join(',')}`;
  return `${result.route.data} ${JSON.stringify(result.bindings)}${result.pathinfo === undefined ? '' : ` ${result.pathinfo.join('|')}`}`;
}

describe('all-static paths', () => {
  it('fall through to a binding route when the static path has no route for the method', () => {
    const r = router([
      { path: '/users/:id', methods: ['get', 'delete'], data: 'user' },
      { path: '/users/me', methods: ['post'], data: 'me' },
    ]);
    assert.equal(answer(r.find('POST', undefined, '/users/me')), 'me {}');
    assert.equal(answer(r.find('GET', undefined, '/users/me')), 'user {"id":"me"}');
    assert.equal(answer(r.find('DELETE', undefined, '/users/me')), 'user {"id":"me"}');
    assert.equal(answer(r.find('PUT', undefined, '/users/me')), '405 GET,HEAD,POST,DELETE');
  });

  it('take precedence over a binding and a [...] for their own methods', () => {
    const r = router([
      { path: '/docs/[...]', methods: ['get'], data: 'docs' },
      { path: '/docs/:page', methods: ['get'], data: 'page' },
      { path: '/docs/index', methods: ['get'], data: 'index' },
    ]);
    assert.equal(answer(r.find('GET', undefined, '/docs/index')), 'index {}');
    assert.equal(answer(r.find('HEAD', undefined, '/docs/index')), 'index {}');
    assert.equal(answer(r.find('GET', undefined, '/docs/other')), 'page {"page":"other"}');
    assert.equal(answer(r.find('GET', undefined, '/docs/index/more')), 'docs {} index|more');
  });

  it('tell a trailing slash, the root and a query string apart', () => {
    const r = router([
      { path: '/', methods: ['get'], data: 'root' },
      { path: '/posts', methods: ['get'], data: 'posts' },
      { path: '/posts/', methods: ['get'], data: 'posts-slash' },
    ]);
    assert.equal(answer(r.find('GET', undefined, '/')), 'root {}');
    assert.equal(answer(r.find('GET', undefined, pathOf('/?a=1'))), 'root {}');
    assert.equal(answer(r.find('GET', undefined, '/posts')), 'posts {}');
    assert.equal(answer(r.find('GET', undefined, pathOf('/posts?page=2'))), 'posts {}');
    assert.equal(answer(r.find('GET', undefined, '/posts/')), 'posts-slash {}');
    assert.equal(answer(r.find('GET', undefined, pathOf('/posts/?x'))), 'posts-slash {}');
    assert.equal(answer(r.find('GET', undefined, pathOf('/posts#frag'))), 'posts {}');
  });

  it('match in canonical form, whatever the spelling of the request', () => {
    const r = router([
      { path: '/files/a%2Fb', methods: ['get'], data: 'slash' },
      { path: '/caf%C3%A9', methods: ['get'], data: 'cafe' },
    ]);
    assert.equal(answer(r.find('GET', undefined, '/files/a%2Fb')), 'slash {}');
    assert.equal(answer(r.find('GET', undefined, '/files/a%2fb')), 'slash {}');
    assert.equal(answer(r.find('GET', undefined, '/files/%61%2Fb')), 'slash {}');
    assert.equal(answer(r.find('GET', undefined, '/files/a/b')), '404');
    assert.equal(answer(r.find('GET', undefined, '/caf%c3%a9')), 'cafe {}');
    assert.equal(answer(r.find('GET', undefined, '/café')), 'cafe {}');
    assert.equal(answer(r.find('GET', undefined, '/caf%C3%A8')), '404');
  });

  it('with the same length and characters that share an index slot, each find their own route', () => {
    // 'A' (65) and 'a' (97) differ in bit 5 only; '!' (33) is the same length with no route.
    const r = router([
      { path: '/a', methods: ['get'], data: 'lower' },
      { path: '/A', methods: ['get'], data: 'upper' },
    ]);
    assert.equal(answer(r.find('GET', undefined, '/a')), 'lower {}');
    assert.equal(answer(r.find('GET', undefined, '/A')), 'upper {}');
    assert.equal(answer(r.find('GET', undefined, '/!')), '404');
    assert.equal(answer(r.find('GET', undefined, '/b')), '404');
    // Non-ASCII characters share their low 7 bits with ASCII ones ('é' is 233, 233 & 127 is 'i').
    const wide = router([
      { path: '/caf%C3%A9', methods: ['get'], data: 'cafe' },
      { path: '/cafi', methods: ['get'], data: 'cafi' },
    ]);
    assert.equal(answer(wide.find('GET', undefined, '/café')), 'cafe {}');
    assert.equal(answer(wide.find('GET', undefined, '/cafi')), 'cafi {}');
    assert.equal(answer(wide.find('GET', undefined, '/cafj')), '404');
  });

  it('of many lengths and shared prefixes are each found, and near misses are not', () => {
    const paths = ['/v1/customers', '/v1/products', '/v1/orders', '/v1/carts', '/v1/checkouts', '/v1/shop', '/v1/shop/policies', '/v2/customers'];
    const r = router(paths.map((path) => ({ path, methods: ['get'], data: path })));
    for (const path of paths) assert.equal(answer(r.find('GET', undefined, path)), `${path} {}`);
    for (const near of ['/v1/customerz', '/v3/customers', '/v1/cart', '/v1/shop/policie', '/v1/Orders']) {
      assert.equal(answer(r.find('GET', undefined, near)), '404', near);
    }
  });

  it('are looked up per host table, in precedence order', () => {
    const r = router([
      { host: 'api.example.com', path: '/status', methods: ['post'], data: 'api-post' },
      { path: '/status', methods: ['get'], data: 'any-get' },
    ]);
    assert.equal(answer(r.find('POST', 'api.example.com', '/status')), 'api-post {}');
    // The exact host's table has the path but not the method: a 405 there, as before.
    assert.equal(answer(r.find('GET', 'api.example.com', '/status')), '405 POST');
    assert.equal(answer(r.find('GET', 'other.example.com', '/status')), 'any-get {}');
  });
});

describe('405s and misses', () => {
  it('a method no route of the path answers is a 405 with every route that matches the path', () => {
    const r = router([
      { path: '/users/me', methods: ['post'], data: 'me' },
      { path: '/users/:id', methods: ['get'], data: 'user' },
      { path: '/users/[...]', methods: ['patch'], data: 'rest' },
    ]);
    assert.equal(answer(r.find('PUT', undefined, '/users/me')), '405 GET,HEAD,POST,PATCH');
    assert.equal(answer(r.find('PROPFIND', undefined, '/users/me')), '405 GET,HEAD,POST,PATCH');
    assert.equal(answer(r.find('PATCH', undefined, '/users/me')), 'rest {} me');
    const options = r.find('OPTIONS', undefined, '/users/me');
    assert.equal(options.kind === 'method_not_allowed' ? options.preflight?.route.data : undefined, 'user');
  });

  it('a static path that a route of every method also matches is never a 405', () => {
    const r = router([
      { path: '/x/y', methods: ['get'], data: 'static' },
      { path: '/x/:any', data: 'any-method' },
    ]);
    assert.equal(answer(r.find('GET', undefined, '/x/y')), 'static {}');
    assert.equal(answer(r.find('DELETE', undefined, '/x/y')), 'any-method {"any":"y"}');
  });

  it('a path no root label starts is a 404, and an escape, a fragment or a query still reach the routes', () => {
    const r = router([
      { path: '/', methods: ['get'], data: 'root' },
      { path: '/api', methods: ['get'], data: 'api' },
      { path: '/api/[...]', methods: ['get'], data: 'api-rest' },
    ]);
    assert.equal(answer(r.find('GET', undefined, '/wp-login.php')), '404');
    assert.equal(answer(r.find('GET', undefined, '/.env')), '404');
    assert.equal(answer(r.find('GET', undefined, '/%61pi')), 'api {}');
    assert.equal(answer(r.find('GET', undefined, pathOf('/#top'))), 'root {}');
    assert.equal(answer(r.find('GET', undefined, pathOf('/?q=1'))), 'root {}');
    assert.equal(answer(r.find('GET', undefined, '/api//x')), 'api-rest {} |x');
    assert.equal(answer(r.find('GET', undefined, '//api')), '404');
  });

  it('a path sharing only its first characters with a root label is a 404', () => {
    const r = router([
      { path: '/orders/:id', methods: ['get'], data: 'order' },
      { path: '/o', methods: ['get'], data: 'o' },
      { path: '/ab', methods: ['get'], data: 'ab' },
    ]);
    assert.equal(answer(r.find('GET', undefined, '/owa/auth/logon.aspx')), '404');
    assert.equal(answer(r.find('GET', undefined, '/orders/7')), 'order {"id":"7"}');
    assert.equal(answer(r.find('GET', undefined, '/o%72ders/7')), 'order {"id":"7"}');
    assert.equal(answer(r.find('GET', undefined, '/o')), 'o {}');
    assert.equal(answer(r.find('GET', undefined, pathOf('/o?x=1'))), 'o {}');
    assert.equal(answer(r.find('GET', undefined, pathOf('/o#top'))), 'o {}');
    assert.equal(answer(r.find('GET', undefined, '/%6Frders/7')), 'order {"id":"7"}');
    assert.equal(answer(r.find('GET', undefined, '/ab')), 'ab {}');
    assert.equal(answer(r.find('GET', undefined, '/ac')), '404');
  });

  it('a path one host table does not have is still looked up in the others', () => {
    const r = router([
      { path: '/api', methods: ['get'], data: 'api' },
      { host: 'files.example.com', path: '/:name', methods: ['get'], data: 'file' },
      { host: '*.example.com', path: '/[...]', methods: ['get'], data: 'any-sub' },
    ]);
    assert.equal(answer(r.find('GET', 'files.example.com', '/zeta')), 'file {"name":"zeta"}');
    assert.equal(answer(r.find('GET', 'www.example.com', '/zeta/b')), 'any-sub {} zeta|b');
    assert.equal(answer(r.find('GET', 'other.test', '/zeta')), '404');
  });

  it('a path is a 404 only when no host table in reach has it', () => {
    const r = router([
      { host: 'api.example.com', path: '/api/status', methods: ['get'], data: 'api' },
      { path: '/docs/index', methods: ['get'], data: 'docs' },
      { host: '*.example.com', path: '/assets/app.js', methods: ['get'], data: 'asset' },
    ]);
    assert.equal(answer(r.find('GET', 'api.example.com', '/api/status')), 'api {}');
    assert.equal(answer(r.find('GET', 'api.example.com', '/docs/index')), 'docs {}');
    assert.equal(answer(r.find('GET', 'www.example.com', '/assets/app.js')), 'asset {}');
    assert.equal(answer(r.find('GET', undefined, '/api/status')), '404');
    assert.equal(answer(r.find('GET', 'api.example.com', '/zzz')), '404');
    assert.equal(answer(r.find('GET', 'api.example.com', '/ax')), '404');
  });
});

describe('a static path', () => {
  it('is answered as the path it spells, and one holding an escaped ? or # only by its escaped spelling', () => {
    const r = router([
      { path: '/a%3Fb', methods: ['get'], data: 'question' },
      { path: '/c%23d', methods: ['get'], data: 'hash' },
      { path: '/a', methods: ['get'], data: 'a' },
      { path: '/c', methods: ['get'], data: 'c' },
      { path: '/e%25f', methods: ['get'], data: 'percent' },
    ]);
    assert.equal(answer(r.find('GET', undefined, pathOf('/a?b'))), 'a {}');
    assert.equal(answer(r.find('GET', undefined, '/a%3Fb')), 'question {}');
    assert.equal(answer(r.find('GET', undefined, pathOf('/c#d'))), 'c {}');
    assert.equal(answer(r.find('GET', undefined, '/c%23d')), 'hash {}');
    assert.equal(answer(r.find('GET', undefined, '/e%25f')), 'percent {}');
    assert.equal(answer(r.find('GET', undefined, '/e%f')), '404');
  });

  it('answers its method, its 405 and an OPTIONS preflight as the full lookup does, on any Host', () => {
    const r = router([
      { path: '/users/me', methods: ['post'], data: 'me' },
      { path: '/users/:id', methods: ['get'], data: 'user' },
    ]);
    for (const host of [undefined, 'example.com']) {
      assert.equal(answer(r.find('POST', host, '/users/me')), 'me {}');
      assert.equal(answer(r.find('GET', host, '/users/me')), 'user {"id":"me"}');
      assert.equal(answer(r.find('PUT', host, '/users/me')), '405 GET,HEAD,POST');
      const options = r.find('OPTIONS', host, '/users/me');
      assert.equal(options.kind === 'method_not_allowed' ? options.preflight?.route.data : undefined, 'user');
    }
  });
});

describe('static children in buckets', () => {
  it('find every one of many siblings, including those whose first characters share a bucket', () => {
    const labels = Array.from({ length: 60 }, (_, i) => `${String.fromCharCode(33 + i)}x${i}`).filter((label) => !/[%#?[\]*:/]/.test(label));
    const r = router([...labels.map((label) => ({ path: `/${label}/end`, methods: ['get' as const], data: label })), { path: '/:other/end', methods: ['get'], data: 'binding' }]);
    for (const label of labels) assert.equal(answer(r.find('GET', undefined, `/${label}/end`)), `${label} {}`, label);
    // Same first character as a sibling, different text: the binding takes it.
    assert.equal(answer(r.find('GET', undefined, '/ax99/end')), 'binding {"other":"ax99"}');
  });
});

describe('bindings objects', () => {
  it('are new for every match with bindings, and frozen and shared without, so one request cannot change another', () => {
    const r = router([
      { path: '/users/:uid/posts/:id', methods: ['get'], data: 'post' },
      { path: '/health', methods: ['get'], data: 'health' },
    ]);
    const first = r.find('GET', undefined, '/users/7/posts/42');
    assert.equal(first.kind, 'found');
    if (first.kind !== 'found') return;
    assert.deepEqual({ ...first.bindings }, { uid: '7', id: '42' });
    assert.deepEqual(Object.keys(first.bindings), ['uid', 'id']);
    first.bindings.id = 'changed';
    const second = r.find('GET', undefined, '/users/8/posts/43');
    assert.equal(answer(second), 'post {"uid":"8","id":"43"}');
    const health = r.find('GET', undefined, '/health');
    assert.equal(health.kind, 'found');
    if (health.kind !== 'found') return;
    assert.equal(Object.isFrozen(health.bindings), true);
    assert.throws(() => {
      health.bindings.extra = 'x';
    }, TypeError);
    assert.equal(answer(r.find('GET', undefined, '/health')), 'health {}');
  });

  it('are decoded once when the path holds escapes', () => {
    const r = router([{ path: '/users/:name/:id', methods: ['get'], data: 'user' }]);
    assert.equal(answer(r.find('GET', undefined, '/users/caf%C3%A9/a%2Fb')), 'user {"name":"café","id":"a/b"}');
    assert.equal(answer(r.find('GET', undefined, '/users/plain/1')), 'user {"name":"plain","id":"1"}');
  });

  it('are built when code generation from strings is off', () => {
    const source = pathToFileURL(join(import.meta.dirname, '..', 'src', 'router', 'index.ts')).href;
    const script = `
      import { createRouter } from ${JSON.stringify(source)};
      const r = createRouter([
        { path: '/repos/:owner/:repo/issues/:number', methods: ['get'], data: 1 },
        { path: '/users/:name', methods: ['get'], data: 2 },
      ]);
      const a = r.find('GET', undefined, '/repos/fw/core/issues/18');
      const b = r.find('GET', undefined, '/users/caf%C3%A9');
      let evalOff = false;
      try { new Function('return 1'); } catch { evalOff = true; }
      console.log(JSON.stringify({ evalOff, a: a.bindings, b: b.bindings }));
    `;
    const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {
      evalOff: true,
      a: { owner: 'fw', repo: 'core', number: '18' },
      b: { name: 'café' },
    });
  });
});
