/**
 * Two Content-Type headers are refused with 400, as two Host or Authorization headers are: node:http
 * keeps the first, so `text/plain` then `application/json` was a body fw never decoded (the handler
 * saw no req.body and answered 200) while a filter in front that reads the last one inspected it as
 * JSON, and the other order the reverse. Content-Type is a singleton field (RFC 9110 §5.3, §8.3).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { rawRequest } from './support/plugin-harness.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('a repeated Content-Type header', () => {
  let app: TestApp;
  let handled = 0;
  before(async () => {
    app = await startTestApp({
      fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
      groups: [{ prefix: '', security: false, routes: [
        {
          path: '/notes',
          handler: (req) => {
            handled += 1;
            return json({ got: req.body ?? null }, 201);
          },
          options: { methods: ['post'] },
        },
      ] }],
    });
  });
  after(() => app.close());

  const post = (...types: string[]) =>
    rawRequest(app.server.port, `POST /notes HTTP/1.1\r\nHost: x\r\n${types.map((type, i) => `${i % 2 === 0 ? 'Content-Type' : 'content-type'}: ${type}\r\n`).join('')}Content-Length: 8\r\nConnection: close\r\n\r\n{"a": 1}`);

  for (const order of [['text/plain', 'application/json'], ['application/json', 'text/plain'], ['application/json', 'application/json']]) {
    it(`answers 400 before any handler runs (${order.join(', then ')})`, async () => {
      const before = handled;
      const res = await post(...order);
      assert.equal(res?.status, 400);
      assert.equal(res?.body, '{"error":"repeated content-type header"}');
      assert.equal(handled, before);
    });
  }

  it('decodes a body with one Content-Type', async () => {
    const res = await post('application/json');
    assert.equal(res?.status, 201);
    assert.equal(res?.body, '{"got":{"a":1}}');
  });
});
