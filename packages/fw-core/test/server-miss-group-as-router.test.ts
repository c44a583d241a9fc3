/**
 * The group that answers a router miss (its pre_request plugins, its onNotFound and
 * onMethodNotAllowed) is the one whose host and prefix the router matches, segment by segment as
 * it matches routes (docs/pipeline.md, "Router misses"): a prefix's bindings (`/tenants/:tenant`)
 * and final `[...]` match as in a route, and escapes decode as the router decodes them
 * (`/%61pi/x` is under `/api`, as `/%61pi/items` finds `/api/items`). The miss lanes compared
 * the prefix text literally: such groups never got their own 404, 405 or plugins.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import type { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

/** Names the group whose plugins ran. */
const marker: FwPlugin<undefined, { label: string }> = {
  name: 'marker',
  pre_request: (req, _env, options, state) => {
    req.responseHeaders['x-group'] = options.label;
    return ['ok', req, state];
  },
};

const get = { methods: ['get' as const] };
const ok = () => json({ ok: true });

/** A group answering its own misses with its label, its plugins marking the response. */
const group = (label: string, prefix: string, extra: Partial<RouteGroup> = {}): RouteGroup => ({
  prefix,
  security: false,
  plugins: [{ phase: 'pre_request', module: 'marker', options: { label } }],
  onNotFound: () => json({ missed: label }, 404),
  onMethodNotAllowed: (_req, allowed) => json({ not_allowed: label, allowed }, 405),
  routes: [{ path: '/items', handler: ok, options: get }],
  ...extra,
});

describe('a miss is answered by the group whose host and prefix the router matches', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins: [marker],
      answers: { onNotFound: () => json({ missed: 'app' }, 404), onMethodNotAllowed: () => json({ not_allowed: 'app' }, 405) },
      groups: [
        group('api', '/api'),
        group('tenants', '/tenants/:tenant'),
        // One prefix shape twice (a conflict, were they routes): the first group defined takes the misses.
        group('later', '/tenants/:id', { routes: [{ path: '/other', handler: ok, options: get }] }),
        group('admin', '/tenants/admin'),
        group('static', '/static/[...]', { routes: [{ path: '', handler: ok, options: get }] }),
        group('eu', '/tenants/:tenant', { host: '*.eu.example' }),
      ],
    });
  });
  after(() => app.close());

  const ask = async (method: string, path: string, host?: string) => {
    const res = await app.fetch(path, { method, ...(host && { headers: { host } }) });
    return [res.status, res.headers.get('x-group'), await res.json()];
  };

  it("answers a 404 and a 405 under a prefix with a binding with that group's answers and plugins", async () => {
    assert.deepEqual(await ask('GET', '/tenants/acme/nope'), [404, 'tenants', { missed: 'tenants' }]);
    assert.deepEqual(await ask('DELETE', '/tenants/acme/items'), [405, 'tenants', { not_allowed: 'tenants', allowed: ['GET', 'HEAD', 'OPTIONS'] }]);
    assert.deepEqual(await ask('GET', '/tenants/acme'), [404, 'tenants', { missed: 'tenants' }]);
  });

  it('prefers a static prefix segment to a binding, as the router prefers a static route', async () => {
    assert.deepEqual(await ask('GET', '/tenants/admin/nope'), [404, 'admin', { missed: 'admin' }]);
  });

  it('matches a prefix ending in [...] as the router matches the route', async () => {
    assert.deepEqual(await ask('GET', '/static/a/b'), [200, 'static', { ok: true }]);
    assert.deepEqual(await ask('POST', '/static/a/b'), [405, 'static', { not_allowed: 'static', allowed: ['GET', 'HEAD', 'OPTIONS'] }]);
  });

  it('decodes escapes in the path as the router does: /%61pi is under /api', async () => {
    assert.deepEqual(await ask('GET', '/%61pi/items'), [200, 'api', { ok: true }]);
    assert.deepEqual(await ask('GET', '/%61pi/nope'), [404, 'api', { missed: 'api' }]);
    assert.deepEqual(await ask('DELETE', '/%61pi/items'), [405, 'api', { not_allowed: 'api', allowed: ['GET', 'HEAD', 'OPTIONS'] }]);
  });

  it("tries the hosts in the router's order: a wildcard host's group before any host's", async () => {
    assert.deepEqual(await ask('GET', '/tenants/acme/nope', 'shop.eu.example:8080'), [404, 'eu', { missed: 'eu' }]);
    assert.deepEqual(await ask('GET', '/api/nope', 'shop.eu.example'), [404, 'api', { missed: 'api' }]);
  });

  it("runs no group's plugins for a path no route can match (a malformed escape, a 400: server-malformed-path-400.test.ts), as the router matches it under no prefix", async () => {
    assert.deepEqual(await ask('GET', '/api/%zz'), [400, null, { error: 'malformed percent-escape in the path' }]);
    assert.deepEqual(await ask('GET', '/apix'), [404, null, { missed: 'app' }]);
  });
});

describe('a group prefix no route path could start with', () => {
  it('is refused at start, as its routes would be, even in a group without routes', async () => {
    for (const [prefix, code] of [['/a b', 'FW_ERR_ROUTE_BAD_PATH'], ['/a//b', 'FW_ERR_ROUTE_BAD_PATH'], ['/a%zz', 'FW_ERR_ROUTE_BAD_PATH'], ['/x/[...]/y', 'FW_ERR_ROUTE_WILDCARD_NOT_LAST']] as const) {
      await assert.rejects(injectTestApp({ groups: [{ prefix, security: false, routes: [] }] }), (error: FwError) => {
        assert.equal(error.code, code, prefix);
        assert.match(error.message, new RegExp(`^route group 0 \\(prefix '${prefix.replace(/[[\].]/g, '\\$&')}'\\): `));
        return true;
      });
    }
  });
});
