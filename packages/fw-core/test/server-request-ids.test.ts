/**
 * Request ids: fw makes every id itself unless `server_configuration.request_id_header` names
 * the header a trusted proxy sets (as Fastify 5's requestIdHeader), so a client cannot forge the
 * id that correlates log lines.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { injectTestApp } from './support/inject-app.ts';

const GENERATED = /^[A-Za-z0-9_-]{12}-[0-9a-z]+$/;
const groups = [{ prefix: '', security: false as const, routes: [{ path: '/ping', handler: () => json({ ok: true }), options: { methods: ['get' as const] } }] }];

describe('request ids', () => {
  it('ignores a client x-request-id by default, in the response and in the log', async () => {
    const app = await injectTestApp({ groups });
    try {
      const res = await app.fetch('/ping', { headers: { 'x-request-id': 'forged-id' } });
      await res.text();
      const id = res.headers.get('x-request-id') ?? '';
      assert.match(id, GENERATED);
      await app.waitForLog((l) => l.fields.event === 'request' && l.fields.request_id === id);
      // A later request's line: by then any other line for the first request would have come too.
      const later = (await app.fetch('/ping')).headers.get('x-request-id') ?? '';
      await app.waitForLog((l) => l.fields.event === 'request' && l.fields.request_id === later);
      const ids = app.logs.filter((l) => l.fields.event === 'request').map((l) => l.fields.request_id);
      assert.deepEqual(ids, [id, later]);
    } finally {
      await app.close();
    }
  });

  it('generates unique ids with one prefix per process', async () => {
    const app = await injectTestApp({ groups });
    try {
      const first = (await app.fetch('/ping')).headers.get('x-request-id') ?? '';
      const second = (await app.fetch('/ping')).headers.get('x-request-id') ?? '';
      assert.match(first, GENERATED);
      assert.notEqual(second, first);
      assert.equal(second.slice(0, 13), first.slice(0, 13));
    } finally {
      await app.close();
    }
  });

  it('trusts the header request_id_header names when its value is safe, and replaces an unsafe one', async () => {
    const app = await injectTestApp({ groups, fw: { server_configuration: { request_id_header: 'x-trace-id' } } });
    try {
      const kept = await app.fetch('/ping', { headers: { 'x-trace-id': 'abc-123.def' } });
      assert.equal(kept.headers.get('x-request-id'), 'abc-123.def');
      const other = await app.fetch('/ping', { headers: { 'x-request-id': 'not-this-one' } });
      assert.match(other.headers.get('x-request-id') ?? '', GENERATED);
      const unsafe = await app.fetch('/ping', { headers: { 'x-trace-id': 'evil value\twith spaces' } });
      assert.match(unsafe.headers.get('x-request-id') ?? '', GENERATED);
    } finally {
      await app.close();
    }
  });
});
