/**
 * The per-request log line's client address and the routes that write none (contract C2 of
 * issue 35): `client.address` is `req.clientAddress` when a plugin set it (a trusted proxy's
 * forwarded address), else the socket's peer; a route with `options.log: false` (a readiness
 * probe) writes no line, whatever its answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import { replyJson } from '../src/http/write-response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import type { LogLine } from './support/test-app.ts';

/** Takes the client from `x-client` as a trusted-proxy rule would; mutates, or hands on a copy with `x-copy`. */
const forwarded: FwPlugin = {
  name: 'forwarded',
  pre_request: (req, _env, _options, state) => {
    const client = req.headers['x-client'];
    if (typeof client !== 'string') return ['ok', req, state];
    if (req.headers['x-copy'] !== undefined) return ['ok', { ...req, clientAddress: client }, state];
    req.clientAddress = client;
    return ['ok', req, state];
  },
};

/** Refuses requests with `x-refuse`, as a rate limiter does. */
const refuser: FwPlugin = {
  name: 'refuser',
  pre_request: (req, _env, _options, state) => {
    if (req.headers['x-refuse'] === undefined) return ['ok', req, state];
    replyJson(req, 429, { error: 'too many requests' });
    return ['stop', req, state];
  },
};

describe('request log lines: client address and unlogged routes', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins: [forwarded, refuser],
      fw: { plugins: [{ phase: 'pre_request', module: 'forwarded' }, { phase: 'pre_request', module: 'refuser' }] },
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/hello', handler: () => json({ hello: true }), options: { methods: ['get'] } },
            { path: '/ready', handler: () => json({ status: 'ready' }), options: { methods: ['get'], log: false } },
            { path: '/logged', handler: () => json({ ok: true }), options: { methods: ['get'], log: true } },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  /** The request's id, and how to wait for its log line. */
  const requestLine = async (path: string, headers: Record<string, string> = {}): Promise<{ id: string; line: () => Promise<LogLine> }> => {
    const res = await app.fetch(path, { headers });
    await res.arrayBuffer();
    const id = res.headers.get('x-request-id') ?? '';
    return { id, line: () => app.waitForLog((logged) => logged.fields.event === 'request' && logged.fields.request_id === id) };
  };

  it("reports the socket's peer as client.address when no plugin set one", async () => {
    const { line } = await requestLine('/hello');
    assert.equal((await line()).fields['client.address'], '127.0.0.1');
  });

  it("reports the address a plugin set on req.clientAddress, in place or on a copy it handed on", async () => {
    assert.equal((await (await requestLine('/hello', { 'x-client': '203.0.113.9' })).line()).fields['client.address'], '203.0.113.9');
    assert.equal((await (await requestLine('/hello', { 'x-client': '203.0.113.10', 'x-copy': '1' })).line()).fields['client.address'], '203.0.113.10');
  });

  it('reports it on answers a plugin gave and on router misses too', async () => {
    const refused = await (await requestLine('/hello', { 'x-client': '203.0.113.11', 'x-refuse': '1' })).line();
    assert.deepEqual([refused.fields.status, refused.fields['client.address']], [429, '203.0.113.11']);
    const missing = await (await requestLine('/nothing', { 'x-client': '203.0.113.12' })).line();
    assert.deepEqual([missing.fields.status, missing.fields['client.address']], [404, '203.0.113.12']);
  });

  it('writes no line for a route with log: false, answered or refused, and one for log: true', async () => {
    const ready = await requestLine('/ready');
    const refused = await requestLine('/ready', { 'x-refuse': '1' });
    // Lines are written in order of the responses' close: once a later request's line is in, theirs would be.
    const later = await (await requestLine('/logged')).line();
    assert.equal(later.fields.status, 200);
    assert.deepEqual(app.logs.filter((logged) => logged.fields.request_id === ready.id || logged.fields.request_id === refused.id), []);
  });
});

describe('options.log at start', () => {
  it('refuses a log option that is not a boolean, naming the route', async () => {
    await assert.rejects(
      injectTestApp({ groups: [{ prefix: '/api', security: false, routes: [{ path: '/x', handler: () => json({}), options: { log: 'no' as never } }] }] }),
      (error: unknown) => {
        assert.ok(error instanceof FwError);
        assert.equal(error.code, 'FW_ERR_ROUTE_BAD_OPTIONS');
        assert.equal(error.message, "route 0 of group 0 (prefix '/api') (/api/x): log must be true or false (false: no request log line for the route)");
        return true;
      },
    );
  });
});
