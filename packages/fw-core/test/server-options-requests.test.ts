/**
 * An OPTIONS request to a path that declares no OPTIONS method is answered from the one lookup
 * of the request: the router's 405 carries the route whose group's pre_request plugins run
 * (so a CORS plugin can answer a preflight), then fw answers 204 with `allow`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import type { Router } from '../src/router/router.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

/** What the plugin saw of each request: method, route template and bindings. */
const seen: unknown[] = [];

const recorder: FwPlugin = {
  name: 'recorder',
  pre_request: (req, _env, _options, state) => {
    seen.push({ method: req.method, template: req.route.template, bindings: req.bindings });
    return ['ok', req, state];
  },
};

describe('OPTIONS on a path without an OPTIONS route', () => {
  let app: InjectedApp;
  let lookups: string[];
  before(async () => {
    app = await injectTestApp({
      plugins: [recorder],
      groups: [
        {
          prefix: '/api',
          security: false,
          plugins: [{ phase: 'pre_request', module: 'recorder' }],
          routes: [
            { path: '/items/:id', handler: () => json({}), options: { methods: ['get', 'put'] } },
            { path: '/items/new', handler: () => json({}), options: { methods: ['post'] } },
          ],
        },
      ],
    });
    lookups = [];
    const router = app.fw.application.router as { find: Router<unknown>['find'] };
    const find = router.find.bind(router);
    router.find = (method, host, url) => {
      lookups.push(`${method} ${url}`);
      return find(method, host, url);
    };
  });
  after(async () => {
    await app.close();
  });

  it('looks the path up once and runs the pre_request plugins of its first allowed method', async () => {
    seen.length = 0;
    lookups.length = 0;
    const res = await app.fetch('/api/items/new', { method: 'OPTIONS' });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('allow'), 'GET, HEAD, POST, PUT, OPTIONS');
    assert.deepEqual(lookups, ['OPTIONS /api/items/new']);
    assert.deepEqual(seen, [{ method: 'OPTIONS', template: '/api/items/:id', bindings: { id: 'new' } }]);
  });
});
