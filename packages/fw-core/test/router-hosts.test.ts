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

  it('matches every spelling of the address as the WHATWG URL parser writes it, not the text', () => {
    for (const host of ['[0:0:0:0:0:0:0:1]', '[::0001]:80', '[0:0::1]', '[0::0:1]:8080']) assert.equal(answer(router.find('GET', host, '/')), 'loopback', host);
    assert.equal(answer(router.find('GET', '[2001:0DB8:0:0:0:0:0:1]', '/')), 'doc');
    assert.equal(answer(router.find('GET', '[::ffff:127.0.0.1]', '/')), 'any');
  });

  it('writes route hosts as the WHATWG URL parser does and refuses a zone', () => {
    const spelled = createRouter([
      { host: '[0:0::A]', path: '/', methods: ['get'], data: 'a' },
      { host: '[::FFFF:127.0.0.1]', path: '/', methods: ['get'], data: 'mapped' },
    ]);
    assert.deepEqual(spelled.routes().map((route) => route.host), ['[::a]', '[::ffff:7f00:1]']);
    assert.equal(answer(spelled.find('GET', '[::a]:1', '/')), 'a');
    assert.equal(answer(spelled.find('GET', '[0::ffff:7f00:1]', '/')), 'mapped');
    assert.equal(answer(spelled.find('GET', '[::ffff:127.0.0.1]', '/')), 'mapped');
    assert.throws(() => createRouter([{ host: '[fe80::1%25eth0]', path: '/', data: 'zone' }]), { code: 'FW_ERR_ROUTE_BAD_HOST' });
    assert.throws(() => createRouter([{ host: '[::1::2]', path: '/', data: 'two gaps' }]), { code: 'FW_ERR_ROUTE_BAD_HOST' });
  });
});

describe('IPv4 addresses in the forms the WHATWG URL parser reads', () => {
  const router = createRouter([
    { host: '127.0.0.1', path: '/', methods: ['get'], data: 'loopback' },
    { host: '0x0A.1', path: '/', methods: ['get'], data: 'ten' },
    { path: '/', methods: ['get'], data: 'any' },
  ]);

  it('writes the route host dotted-decimal', () => {
    assert.deepEqual(router.routes().map((route) => route.host), ['127.0.0.1', '10.0.0.1', '_']);
  });

  it('matches a Host naming the same address in a short, hex, octal or dotted form', () => {
    for (const host of ['127.0.0.1', '127.1', '127.0.1:8080', '0x7f.0.0.1', '0177.0.0.1', '2130706433', '127.0.0.1.']) assert.equal(answer(router.find('GET', host, '/')), 'loopback', host);
    assert.equal(answer(router.find('GET', '10.0.0.1', '/')), 'ten');
    assert.equal(answer(router.find('GET', '10.1', '/')), 'ten');
  });

  it('leaves a host the URL parser refuses as written: it matches only _ routes', () => {
    for (const host of ['127.0.0.256', '09.0.0.1', '1.2.3.4.5', 'a@127.1', 'a.123']) assert.equal(answer(router.find('GET', host, '/')), 'any', host);
  });

  it('does not decode a percent-escape, which would give a proxy rule on the Host text an alias', () => {
    assert.equal(answer(router.find('GET', '%31%32%37.0.0.1', '/')), 'any');
    const named = createRouter([{ host: 'admin.internal', path: '/', methods: ['get'], data: 'admin' }, { path: '/', methods: ['get'], data: 'any' }]);
    assert.equal(answer(named.find('GET', '%61dmin.internal', '/')), 'any');
    assert.throws(() => createRouter([{ host: '%61dmin.internal', path: '/', data: 'escaped' }]), { code: 'FW_ERR_ROUTE_BAD_HOST' });
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
