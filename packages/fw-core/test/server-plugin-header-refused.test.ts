/**
 * A response header a plugin put in `req.responseHeaders` that node:http refuses (a CR/LF or a
 * character past U+00FF, say one copied from a decoded query parameter) fails that request only:
 * fw's 500 goes out without the plugin's headers, the failure is logged, and the server serves on.
 * Before, fw's own answer to the refused head carried the same header, node:http refused it again,
 * and the throw left the request listener: the process died.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, jsonStream } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { rawExchange } from './support/raw-socket.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Copies the decoded `lang` query parameter into a response header, as a careless content-language plugin would. */
const langPlugin: FwPlugin = {
  name: 'lang_plugin',
  pre_request: (req, _env, _options, state) => {
    const lang = new URLSearchParams(req.query).get('lang');
    if (lang !== null) req.responseHeaders['content-language'] = lang;
    return ['ok', req, state];
  },
};

describe('a response header a plugin set that node:http refuses', () => {
  let app: TestApp;
  let port: number;
  before(async () => {
    app = await startTestApp({
      plugins: [langPlugin],
      fw: { plugins: [{ phase: 'pre_request', module: 'lang_plugin', options: {} }] },
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/doc', handler: () => json({ ok: true }), options: { methods: ['get'] } },
            { path: '/list', handler: () => jsonStream((async function* () { yield 1; })()), options: { methods: ['get'] } },
          ],
        },
      ],
    });
    port = Number(new URL(app.url).port);
  });
  after(async () => {
    await app.close();
  });

  const get = (target: string): Promise<string> => rawExchange(port, `GET ${target} HTTP/1.1\r\nhost: a\r\nconnection: close\r\n\r\n`);

  for (const [name, target] of [
    ['a route', '/doc?lang=en%0d%0aset-cookie:%20session=forged'],
    ['a streamed list', '/list?lang=en%0d%0aset-cookie:%20session=forged'],
    ['a router miss', '/missing?lang=en%0d%0aset-cookie:%20session=forged'],
    ['a character past U+00FF', '/doc?lang=%E2%82%AC'],
  ] as const) {
    it(`answers 500 without the plugin's headers, and logs it: ${name}`, async () => {
      const answer = await get(target);
      assert.equal(answer.split('\r\n')[0], 'HTTP/1.1 500 Internal Server Error');
      assert.doesNotMatch(answer, /content-language|set-cookie/i);
      assert.match(answer, /\r\n\r\n\{"error":"internal server error"\}$/);
      const logged = await app.waitForLog((line) => line.fields['event'] === 'request_failed' && (line.fields['err'] as NodeJS.ErrnoException).code === 'ERR_INVALID_CHAR');
      app.logs.splice(app.logs.indexOf(logged), 1);
    });
  }

  it('keeps serving, the plugin\'s valid headers included', async () => {
    const answer = await get('/doc?lang=en');
    assert.equal(answer.split('\r\n')[0], 'HTTP/1.1 200 OK');
    assert.match(answer, /\r\ncontent-language: en\r\n/);
  });
});
