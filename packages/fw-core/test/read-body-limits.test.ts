import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectRaw, rawRequest, startReadBodyServer } from './support/plugin-harness.ts';

describe('readBody enforces its limit', () => {
  it('reads a body of exactly the limit', async () => {
    const server = await startReadBodyServer(10);
    try {
      const res = await fetch(server.url, { method: 'POST', body: '0123456789' });
      assert.deepEqual(await res.json(), { length: 10 });
      const read = await server.nextRead();
      assert.ok('bytes' in read);
      assert.equal(read.bytes.toString(), '0123456789');
    } finally {
      await server.close();
    }
  });

  it('gives an empty buffer for a request without a body', async () => {
    const server = await startReadBodyServer(10);
    try {
      const res = await fetch(server.url);
      assert.deepEqual(await res.json(), { length: 0 });
      const read = await server.nextRead();
      assert.ok('bytes' in read);
      assert.equal(read.bytes.length, 0);
    } finally {
      await server.close();
    }
  });

  it('rejects from Content-Length alone, before any body byte arrives', async () => {
    const server = await startReadBodyServer(10);
    try {
      const connection = await connectRaw(server.port);
      await connection.write('POST / HTTP/1.1\r\nhost: test\r\ncontent-length: 11\r\n\r\n');
      const read = await server.nextRead();
      assert.ok('error' in read);
      assert.equal(read.error.code, 'FW_ERR_BODY_TOO_LARGE');
      assert.equal(read.error.status, 413);
      assert.equal(read.error.expose, true);
      assert.equal(read.error.message, 'request body too large');
      assert.deepEqual(read.error.details, { limit: 10, declared: 11 });
      assert.equal(read.raw.readableDidRead, false);
      const res = await connection.response();
      assert.equal(res?.status, 413);
      assert.equal(res?.body, '{"code":"FW_ERR_BODY_TOO_LARGE"}');
    } finally {
      await server.close();
    }
  });

  it('rejects a chunked body once the bytes pass the limit and stops reading', async () => {
    const server = await startReadBodyServer(10);
    try {
      const connection = await connectRaw(server.port);
      await connection.write('POST / HTTP/1.1\r\nhost: test\r\ntransfer-encoding: chunked\r\n\r\n8\r\n01234567\r\n');
      await server.nextRequest();
      await connection.write('8\r\n89abcdef\r\n');
      const read = await server.nextRead();
      assert.ok('error' in read);
      assert.equal(read.error.code, 'FW_ERR_BODY_TOO_LARGE');
      assert.deepEqual(read.error.details, { limit: 10, received: 16 });
      assert.equal(read.raw.isPaused(), true);
      assert.equal(read.raw.listenerCount('data'), 0);
      assert.equal((await connection.response())?.status, 413);
    } finally {
      await server.close();
    }
  });

  it('rejects a body with a zero limit unless it is empty', async () => {
    const server = await startReadBodyServer(0);
    try {
      const empty = await fetch(server.url, { method: 'POST', body: '' });
      assert.deepEqual(await empty.json(), { length: 0 });
      const refused = await rawRequest(server.port, 'POST / HTTP/1.1\r\nhost: test\r\ncontent-length: 1\r\n\r\nx');
      assert.equal(refused?.status, 413);
    } finally {
      await server.close();
    }
  });
});
