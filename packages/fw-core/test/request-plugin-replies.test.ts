import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reply, replyJson } from '../src/http/write-response.ts';
import type { FwRequest } from '../src/http/request.ts';
import { connectRaw, makeRequest, startServer, type RawResponse } from './support/plugin-harness.ts';

/** Serves one raw request with `action` and returns the raw answer. */
async function answer(request: string, action: (req: FwRequest) => void): Promise<RawResponse | undefined> {
  const server = await startServer((raw, res) => action(makeRequest(raw, res)));
  try {
    const connection = await connectRaw(server.port);
    await connection.write(request);
    await connection.closed();
    return await connection.response();
  } finally {
    await server.close();
  }
}

const GET = 'GET / HTTP/1.1\r\nhost: test\r\nconnection: close\r\n\r\n';

describe('reply writes a plugin\'s response with the request-wide headers', () => {
  it('puts the given headers over req.responseHeaders and adds x-request-id and content-length', async () => {
    const res = await answer(GET, (req) => {
      req.responseHeaders['access-control-allow-origin'] = '*';
      req.responseHeaders['X-Shared'] = 'from-request';
      reply(req, 418, { 'x-shared': 'from-reply', 'x-request-id': 'ignored', 'content-type': 'text/plain; charset=utf-8' }, 'héllo');
    });
    assert.equal(res?.status, 418);
    assert.equal(res?.headers['access-control-allow-origin'], '*');
    assert.equal(res?.headers['x-shared'], 'from-reply');
    assert.equal(res?.headers['x-request-id'], 'test-id');
    assert.equal(res?.headers['content-length'], '6');
    assert.equal(Buffer.from(res?.body ?? '', 'latin1').toString('utf8'), 'héllo');
  });

  it('writes byte bodies and repeated header values', async () => {
    const res = await answer(GET, (req) => reply(req, 200, { 'set-cookie': ['a=1', 'b=2'] }, Uint8Array.of(1, 2, 3)));
    assert.equal(res?.headers['content-length'], '3');
    assert.equal(res?.body, '\x01\x02\x03');
  });

  it('sends content-length 0 and no body when no body is given', async () => {
    const res = await answer(GET, (req) => reply(req, 200, {}));
    assert.equal(res?.headers['content-length'], '0');
    assert.equal(res?.body, '');
  });

  it('sends no body for HEAD but the length the body would have', async () => {
    const server = await startServer((raw, res) => replyJson(makeRequest(raw, res), 200, { a: 1 }));
    try {
      const res = await fetch(server.url, { method: 'HEAD' });
      assert.equal(res.headers.get('content-length'), '7');
      assert.equal(await res.text(), '');
    } finally {
      await server.close();
    }
  });

  for (const status of [204, 304]) {
    it(`sends no body and no computed length for ${status}`, async () => {
      const server = await startServer((raw, res) => reply(makeRequest(raw, res), status, {}, 'dropped'));
      try {
        const connection = await connectRaw(server.port);
        await connection.write(GET);
        const raw = await connection.closed();
        assert.match(raw, new RegExp(`^HTTP/1.1 ${status} `));
        assert.doesNotMatch(raw, /content-length|transfer-encoding/i);
        assert.ok(raw.endsWith('\r\n\r\n'));
      } finally {
        await server.close();
      }
    });
  }

  it('does nothing when a response was already sent', async () => {
    const res = await answer(GET, (req) => {
      reply(req, 201, {}, 'first');
      assert.doesNotThrow(() => reply(req, 500, {}, 'second'));
      assert.doesNotThrow(() => replyJson(req, 500, { error: 'second' }));
    });
    assert.equal(res?.status, 201);
    assert.equal(res?.body, 'first');
  });
});

describe('replyJson answers with a JSON body', () => {
  it('sets content-type application/json; charset=utf-8 and serializes the value', async () => {
    const res = await answer(GET, (req) => replyJson(req, 400, { error: 'malformed JSON body' }));
    assert.equal(res?.status, 400);
    assert.equal(res?.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res?.headers['content-length'], '31');
    assert.equal(res?.body, '{"error":"malformed JSON body"}');
  });

  it('takes extra headers, which may replace the content type', async () => {
    const res = await answer(GET, (req) =>
      replyJson(req, 413, { error: 'request body too large' }, { connection: 'close', 'Content-Type': 'application/problem+json' }),
    );
    assert.equal(res?.headers['connection'], 'close');
    assert.equal(res?.headers['content-type'], 'application/problem+json');
  });
});
