/**
 * Two Authorization headers are refused with 400, as two Host headers are: node:http keeps the
 * first, so which credential counted depended on their order (issue 35, item 19: right-then-wrong
 * was 201, wrong-then-right 401). Sent over a raw socket, in both orders.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { rawRequest } from './support/plugin-harness.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('a repeated Authorization header', () => {
  let app: TestApp;
  let checked = 0;
  before(async () => {
    app = await startTestApp({
      groups: [
        {
          prefix: '',
          security: (req) => {
            checked += 1;
            return req.headers.authorization === 'Bearer right';
          },
          routes: [{ path: '/private', handler: () => json({ ok: true }), options: { methods: ['get'] } }],
        },
      ],
    });
  });
  after(() => app.close());

  const send = (...values: string[]) =>
    rawRequest(app.server.port, `GET /private HTTP/1.1\r\nHost: x\r\n${values.map((value, i) => `${i % 2 === 0 ? 'Authorization' : 'authorization'}: ${value}\r\n`).join('')}Connection: close\r\n\r\n`);

  for (const order of [['Bearer right', 'Bearer wrong'], ['Bearer wrong', 'Bearer right'], ['Bearer right', 'Bearer right']]) {
    it(`answers 400 before security runs (${order.join(', then ')})`, async () => {
      const before = checked;
      const res = await send(...order);
      assert.equal(res?.status, 400);
      assert.equal(res?.body, '{"error":"repeated authorization header"}');
      assert.equal(checked, before);
    });
  }

  it('lets one Authorization header through to security', async () => {
    assert.equal((await send('Bearer right'))?.status, 200);
    assert.equal((await send('Bearer wrong'))?.status, 401);
  });
});
