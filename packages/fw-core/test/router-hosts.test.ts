import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter, type LookupResult } from '../src/router/index.ts';

function answer(result: LookupResult<string>): string {
  if (result.kind === 'found') return result.route.data;
  if (result.kind === 'method_not_allowed') return `405 ${result.allowed.join(', ')}`;
  return '404';
}

describe('host precedence', () => {
  const router = createRouter([
    { path: '/', methods: ['get'], data: 'any' },
    { host: '*.example.com', path: '/', methods: ['get'], data: 'wildcard' },
    { host: '*.eu.example.com', path: '/', methods: ['get'], data: 'longer wildcard' },
    { host: 'api.eu.example.com', path: '/', methods: ['get'], data: 'exact' },
  ]);

  it('tries exact, then wildcards longer suffix first, then _', () => {
    assert.equal(answer(router.find('GET', 'api.eu.example.com', '/')), 'exact');
    assert.equal(answer(router.find('GET', 'www.eu.example.com', '/')), 'longer wildcard');
    assert.equal(answer(router.find('GET', 'a.b.eu.example.com', '/')), 'longer wildcard');
    assert.equal(answer(router.find('GET', 'eu.example.com', '/')), 'wildcard');
    assert.equal(answer(router.find('GET', 'www.example.com', '/')), 'wildcard');
    assert.equal(answer(router.find('GET', 'example.com', '/')), 'any');
    assert.equal(answer(router.find('GET', 'example.org', '/')), 'any');
    assert.equal(answer(router.find('GET', 'xexample.com', '/')), 'any');
  });

  it('answers a missing Host header from _ routes only', () => {
    assert.equal(answer(router.find('GET', undefined, '/')), 'any');
    assert.equal(answer(router.find('GET', '', '/')), 'any');
  });

  it('ignores the port, letter case and a trailing dot of the Host header', () => {
    assert.equal(answer(router.find('GET', 'API.EU.Example.COM', '/')), 'exact');
    assert.equal(answer(router.find('GET', 'api.eu.example.com:8443', '/')), 'exact');
    assert.equal(answer(router.find('GET', 'api.eu.example.com.', '/')), 'exact');
    assert.equal(answer(router.find('GET', 'Api.Eu.Example.Com.:80', '/')), 'exact');
    assert.equal(answer(router.find('GET', 'WWW.Example.com:80', '/')), 'wildcard');
  });

  it('matches only _ routes when no route names the request host', () => {
    const onlyNamed = createRouter([{ host: 'api.example.com', path: '/', methods: ['get'], data: 'api' }]);
    assert.equal(answer(onlyNamed.find('GET', 'www.example.com', '/')), '404');
    assert.equal(answer(onlyNamed.find('GET', undefined, '/')), '404');
    assert.equal(answer(onlyNamed.find('GET', 'api.example.com', '/')), 'api');
  });
});

describe('IPv6 literal hosts', () => {
  const router = createRouter([
    { host: '[::1]', path: '/', methods: ['get'], data: 'loopback' },
    { host: '[2001:DB8::1]', path: '/', methods: ['get'], data: 'doc' },
    { path: '/', methods: ['get'], data: 'any' },
  ]);

  it('drops the port after the literal, not the colons inside it', () => {
    assert.equal(answer(router.find('GET', '[::1]:8080', '/')), 'loopback');
    assert.equal(answer(router.find('GET', '[::1]', '/')), 'loopback');
    assert.equal(answer(router.find('GET', '[2001:db8::1]:443', '/')), 'doc');
    assert.equal(answer(router.find('GET', '[::2]:8080', '/')), 'any');
  });

  it('normalises the route host to lowercase', () => {
    assert.deepEqual(router.routes().map((route) => route.host), ['[::1]', '[2001:db8::1]', '_']);
  });
});

describe('host names with an underscore, as container and compose service names have', () => {
  it('takes web_api and *.svc_internal as route hosts and matches the Host header that names them', () => {
    const router = createRouter([
      { host: 'web_api', path: '/', methods: ['get'], data: 'web api' },
      { host: '*.svc_internal', path: '/', methods: ['get'], data: 'service' },
      { path: '/', methods: ['get'], data: 'any' },
    ]);
    assert.equal(answer(router.find('GET', 'web_api:8080', '/')), 'web api');
    assert.equal(answer(router.find('GET', 'WEB_API', '/')), 'web api');
    assert.equal(answer(router.find('GET', 'users.svc_internal', '/')), 'service');
    assert.equal(answer(router.find('GET', 'web-api', '/')), 'any');
  });
});

describe('host fallback: the first host table that has the path decides', () => {
  const router = createRouter([
    { host: 'api.example.com', path: '/posts', methods: ['post'], data: 'api create' },
    { host: 'api.example.com', path: '/items/:id', methods: ['get'], data: 'api item' },
    { host: '*.example.com', path: '/posts', methods: ['get'], data: 'wildcard list' },
    { host: '*.example.com', path: '/health', methods: ['get'], data: 'wildcard health' },
    { path: '/posts', methods: ['get', 'delete'], data: 'any list' },
    { path: '/health', methods: ['get'], data: 'any health' },
    { path: '/about', methods: ['get'], data: 'any about' },
  ]);

  it('answers 405 from the first table with the path, not a found from a later one', () => {
    assert.equal(answer(router.find('GET', 'api.example.com', '/posts')), '405 POST');
    assert.equal(answer(router.find('POST', 'api.example.com', '/posts')), 'api create');
    assert.equal(answer(router.find('DELETE', 'www.example.com', '/posts')), '405 GET, HEAD');
  });

  it('moves to the next table when a table does not have the path at all', () => {
    assert.equal(answer(router.find('GET', 'api.example.com', '/health')), 'wildcard health');
    assert.equal(answer(router.find('GET', 'api.example.com', '/about')), 'any about');
    assert.equal(answer(router.find('GET', 'other.org', '/health')), 'any health');
    assert.equal(answer(router.find('DELETE', 'other.org', '/posts')), 'any list');
  });

  it('answers not_found when no table has the path', () => {
    assert.equal(answer(router.find('GET', 'api.example.com', '/items')), '404');
    assert.equal(answer(router.find('GET', 'www.example.com', '/items/1')), '404');
  });

  it('decides by the canonical path when the request escapes it', () => {
    assert.equal(answer(router.find('GET', 'api.example.com', '/p%6Fsts')), '405 POST');
    assert.equal(answer(router.find('GET', 'api.example.com', '/items/a%2Fb')), 'api item');
  });
});
