import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FwError, type FwErrorCode } from '../src/errors.ts';
import { createRouter, type RouteDefinition } from '../src/router/index.ts';

/** The FwError createRouter throws for `defs`. */
function rejection(defs: readonly Record<string, unknown>[]): FwError {
  try {
    createRouter(defs as unknown as RouteDefinition<unknown>[]);
  } catch (error) {
    assert.ok(error instanceof FwError, `not an FwError: ${String(error)}`);
    return error;
  }
  assert.fail('createRouter did not throw');
}

function assertRejects(defs: readonly Record<string, unknown>[], code: FwErrorCode, message: string): void {
  const error = rejection(defs);
  assert.equal(error.code, code);
  assert.equal(error.message, message);
  assert.equal(error.status, undefined);
  assert.equal(error.expose, false);
}

const ok = { path: '/ok', data: 0 };

describe('FW_ERR_ROUTE_BAD_PATH', () => {
  it('rejects a path that is not a string starting with "/"', () => {
    assertRejects([ok, { path: 'posts', data: 1 }], 'FW_ERR_ROUTE_BAD_PATH', 'route #1 (_ posts): the path "posts" must be a string starting with "/".');
    assertRejects([{ path: '', data: 1 }], 'FW_ERR_ROUTE_BAD_PATH', 'route #0 (_ ): the path "" must be a string starting with "/".');
    assertRejects([{ path: 42, data: 1 }], 'FW_ERR_ROUTE_BAD_PATH', 'route #0 (_ 42): the path 42 must be a string starting with "/".');
  });

  it('rejects a query, a fragment or whitespace', () => {
    assertRejects(
      [{ path: '/posts?page=1', methods: ['get'], data: 1 }],
      'FW_ERR_ROUTE_BAD_PATH',
      'route #0 (get /posts?page=1): the path "/posts?page=1" contains "?"; query strings, fragments and whitespace are not part of a route path.',
    );
    assert.equal(rejection([{ path: '/a#b', data: 1 }]).code, 'FW_ERR_ROUTE_BAD_PATH');
    assert.equal(rejection([{ path: '/a b', data: 1 }]).code, 'FW_ERR_ROUTE_BAD_PATH');
    assert.equal(rejection([{ path: '/a\tb', data: 1 }]).code, 'FW_ERR_ROUTE_BAD_PATH');
  });

  it('rejects an empty segment before the last, a "*" segment, stray brackets and malformed escapes', () => {
    assertRejects([{ path: '/a//b', data: 1 }], 'FW_ERR_ROUTE_BAD_PATH', 'route #0 (_ /a//b): the path "/a//b" has an empty segment ("//"); remove the doubled "/".');
    assertRejects(
      [{ path: '/files/*', data: 1 }],
      'FW_ERR_ROUTE_BAD_PATH',
      'route #0 (_ /files/*): the path "/files/*" has a "*" segment; write [...] for a wildcard, or %2A for a literal "*".',
    );
    assertRejects(
      [{ path: '/files/[..]', data: 1 }],
      'FW_ERR_ROUTE_BAD_PATH',
      'route #0 (_ /files/[..]): the path "/files/[..]" has the segment "[..]"; the only bracketed segment is a final [...].',
    );
    assertRejects(
      [{ path: '/100%', data: 1 }],
      'FW_ERR_ROUTE_BAD_PATH',
      'route #0 (_ /100%): the path "/100%" has a malformed percent-escape in "100%"; write "%" as %25.',
    );
  });
});

describe('FW_ERR_ROUTE_WILDCARD_NOT_LAST', () => {
  it('rejects [...] anywhere but last', () => {
    assertRejects(
      [{ path: '/docs/[...]/edit', methods: ['get'], data: 1 }],
      'FW_ERR_ROUTE_WILDCARD_NOT_LAST',
      'route #0 (get /docs/[...]/edit): [...] must be the last segment of "/docs/[...]/edit"; move it to the end, or use a :binding for one segment.',
    );
    assert.equal(rejection([{ path: '/[...]/', data: 1 }]).code, 'FW_ERR_ROUTE_WILDCARD_NOT_LAST');
  });
});

describe('FW_ERR_ROUTE_BAD_BINDING', () => {
  it('rejects an empty or malformed binding name', () => {
    assertRejects(
      [{ path: '/posts/:', data: 1 }],
      'FW_ERR_ROUTE_BAD_BINDING',
      'route #0 (_ /posts/:): the binding ":" in "/posts/:" is not a name; use letters, digits and "_", not starting with a digit (e.g. :post_id).',
    );
    for (const path of ['/posts/:1st', '/posts/:post-id', '/posts/:id.json', '/posts/:__proto__']) {
      assert.equal(rejection([{ path, data: 1 }]).code, 'FW_ERR_ROUTE_BAD_BINDING', path);
    }
  });

  it('accepts the names the rule allows', () => {
    const router = createRouter([{ path: '/:_a/:B9/:constructor', data: 1 }]);
    const result = router.find('GET', undefined, '/1/2/3');
    assert.ok(result.kind === 'found');
    assert.deepEqual(result.bindings, { _a: '1', B9: '2', constructor: '3' });
  });
});

describe('FW_ERR_ROUTE_DUPLICATE_BINDING', () => {
  it('rejects the same binding twice in one path', () => {
    assertRejects(
      [{ path: '/a/:id/b/:id', data: 1 }],
      'FW_ERR_ROUTE_DUPLICATE_BINDING',
      'route #0 (_ /a/:id/b/:id): the binding :id appears twice in "/a/:id/b/:id"; give each binding its own name.',
    );
  });
});

describe('FW_ERR_ROUTE_UNKNOWN_METHOD', () => {
  it('rejects an unknown method, naming it and the route', () => {
    assertRejects(
      [{ path: '/a', methods: ['get', 'fetch'], data: 1 }],
      'FW_ERR_ROUTE_UNKNOWN_METHOD',
      "route #0 (get,fetch /a): the method \"fetch\" is not known; use one of get, head, post, put, patch, delete, options, trace, connect, or '_' for every method.",
    );
  });

  it('rejects an uppercase method, telling how to write it', () => {
    assertRejects(
      [ok, ok, { path: '/a', methods: ['GET'], data: 1 }],
      'FW_ERR_ROUTE_UNKNOWN_METHOD',
      "route #2 (GET /a): the method \"GET\" is not known; write it lowercase: 'get'.",
    );
  });

  it('rejects an empty list and anything not a list', () => {
    assertRejects(
      [{ path: '/a', methods: [], data: 1 }],
      'FW_ERR_ROUTE_UNKNOWN_METHOD',
      "route #0 ([] /a): the method [] is not known; list lowercase method names such as ['get', 'post'], or use '_' for every method.",
    );
    assert.equal(rejection([{ path: '/a', methods: 'get', data: 1 }]).code, 'FW_ERR_ROUTE_UNKNOWN_METHOD');
    assert.equal(rejection([{ path: '/a', methods: ['_'], data: 1 }]).code, 'FW_ERR_ROUTE_UNKNOWN_METHOD');
  });
});

describe('FW_ERR_ROUTE_CONFLICT', () => {
  it('rejects the same path and an overlapping method, naming both routes', () => {
    const error = rejection([
      { path: '/posts/:id', methods: ['get', 'put'], data: 1 },
      ok,
      { path: '/posts/:post_id', methods: ['delete', 'put'], data: 2 },
    ]);
    assert.equal(error.code, 'FW_ERR_ROUTE_CONFLICT');
    assert.equal(
      error.message,
      'route #2 (delete,put /posts/:post_id) conflicts with route #0 (get,put /posts/:id): same host, same path shape, both answer put; ' +
        'remove one, or give them methods that do not overlap.',
    );
    assert.deepEqual(error.details, { route: 'route #2 (delete,put /posts/:post_id)', conflictsWith: 'route #0 (get,put /posts/:id)', method: 'put' });
  });

  it("treats '_' as overlapping every method", () => {
    assert.equal(rejection([{ path: '/a', methods: ['options'], data: 1 }, { path: '/a', data: 2 }]).code, 'FW_ERR_ROUTE_CONFLICT');
    assert.equal(rejection([{ path: '/a/[...]', data: 1 }, { path: '/a/[...]', methods: '_', data: 2 }]).code, 'FW_ERR_ROUTE_CONFLICT');
  });

  it('compares paths by their decoded form and hosts by their normalised form', () => {
    assert.equal(rejection([{ path: '/posts', data: 1 }, { path: '/p%6Fsts', data: 2 }]).code, 'FW_ERR_ROUTE_CONFLICT');
    assert.equal(
      rejection([
        { host: 'API.example.com', path: '/a', data: 1 },
        { host: 'api.example.com.', path: '/a', data: 2 },
      ]).code,
      'FW_ERR_ROUTE_CONFLICT',
    );
  });

  it('accepts the same path with methods that do not overlap, or on another host', () => {
    const router = createRouter([
      { path: '/a/:x', methods: ['get'], data: 1 },
      { path: '/a/:y', methods: ['post'], data: 2 },
      { host: 'api.example.com', path: '/a/:z', methods: ['get'], data: 3 },
      { path: '/a/:x/', methods: ['get'], data: 4 },
    ]);
    assert.equal(router.routes().length, 4);
  });
});

describe('FW_ERR_ROUTE_BAD_HOST', () => {
  it('rejects a port, telling that ports are ignored', () => {
    assertRejects(
      [{ host: 'example.com:8080', path: '/', data: 1 }],
      'FW_ERR_ROUTE_BAD_HOST',
      "route #0 (_ / on host 'example.com:8080'): the host \"example.com:8080\" is not valid; remove the port; the port of the Host header is ignored.",
    );
    assert.equal(rejection([{ host: '[::1]:8080', path: '/', data: 1 }]).code, 'FW_ERR_ROUTE_BAD_HOST');
  });

  it('rejects a wildcard that is not one leading label', () => {
    for (const host of ['*', '*example.com', 'a.*.example.com', '**.example.com', 'example.*']) {
      const error = rejection([{ host, path: '/', data: 1 }]);
      assert.equal(error.code, 'FW_ERR_ROUTE_BAD_HOST', host);
      assert.match(error.message, /a wildcard is one leading label, as in '\*\.example\.com'; use '_' for any host\.$/, host);
    }
  });

  it('rejects what is not a host name', () => {
    for (const host of ['', 'exa mple.com', 'sla/sh.com', '-a.com', 'a-.com', 'a..com', 'é.com', '[zz]', 7]) {
      assert.equal(rejection([{ host, path: '/', data: 1 }]).code, 'FW_ERR_ROUTE_BAD_HOST', String(host));
    }
  });
});
