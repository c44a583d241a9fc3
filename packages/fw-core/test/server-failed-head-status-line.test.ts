/**
 * A response whose head node:http refuses (a header value with a line break, on a JSON answer or
 * a redirect) is answered 500 by fw: its status line says `500 Internal Server Error`,
 * not the reason phrase of the status the refused head had (`500 Found`, `500 Created`).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, redirect } from '../src/http/response.ts';
import { rawExchange } from './support/raw-socket.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('the status line of the 500 that replaces a refused head', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/header', handler: () => json({}, 201, { 'x-note': 'a\nb' }) },
            { path: '/redirect', handler: () => ({ ...redirect('/next', 302), headers: { 'set-cookie': 'a=b\r\nx: y' } }) },
          ],
        },
      ],
    });
  });
  after(async () => {
    await app.close();
  });

  for (const path of ['/header', '/redirect']) {
    it(`says 500 Internal Server Error for ${path}`, async () => {
      const answer = await rawExchange(Number(new URL(app.url).port), `GET ${path} HTTP/1.1\r\nhost: a\r\nconnection: close\r\n\r\n`);
      assert.equal(answer.split('\r\n')[0], 'HTTP/1.1 500 Internal Server Error');
      assert.doesNotMatch(answer, /set-cookie/i);
    });
  }
});
