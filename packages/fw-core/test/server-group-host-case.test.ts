/**
 * A group's host is matched as the router matches its routes' host: case-insensitively and without
 * one final dot (docs/router.md, "Hosts"). A group written `host: 'Admin.Example.'` had its routes
 * found for `Host: admin.example`, but its 404s and 405s ran the app's answer and the global
 * plugins, not the group's own (the miss lanes compared the group's host as written).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { json, status } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const ok = () => json({ ok: true });
const own = (text: string) => () => status(404, { 'content-type': 'text/plain' }, text);

describe('a group host written with capitals or a final dot', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      answers: { onNotFound: own('app: nothing here') },
      groups: [
        { prefix: '', host: 'Admin.Example.', security: false, onNotFound: own('admin: nothing here'), routes: [{ path: '/x', handler: ok, options: { methods: ['post'] } }] },
        { prefix: '', host: '*.Tenant.Example', security: false, onNotFound: own('tenant: nothing here'), routes: [{ path: '/x', handler: ok, options: { methods: ['get'] } }] },
        { prefix: '', security: false, routes: [{ path: '/home', handler: ok, options: { methods: ['get'] } }] },
      ],
    });
  });
  after(() => app.close());

  it("finds the group's routes and answers its misses with the group's own onNotFound", async () => {
    assert.equal((await app.fetch('/x', { method: 'POST', headers: { host: 'admin.example' } })).status, 200);
    for (const host of ['admin.example', 'ADMIN.example.:8080']) {
      const res = await app.fetch('/missing', { headers: { host } });
      assert.equal(res.status, 404, host);
      assert.equal(await res.text(), 'admin: nothing here', host);
    }
    const res = await app.fetch('/missing', { headers: { host: 'a.tenant.example' } });
    assert.equal(await res.text(), 'tenant: nothing here');
    assert.equal(await (await app.fetch('/missing', { headers: { host: 'other.example' } })).text(), 'app: nothing here');
  });

  it('refuses a group host with a port at start, naming the group', async () => {
    await assert.rejects(
      injectTestApp({ groups: [{ prefix: '/api', host: 'api.example:8080', security: false, routes: [] }] }),
      (error: unknown) => error instanceof FwError && error.code === 'FW_ERR_ROUTE_BAD_HOST' && error.message.startsWith("route group 0 (prefix '/api'): the host \"api.example:8080\" is not valid; remove the port"),
    );
  });
});
