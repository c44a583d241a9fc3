import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectRaw, rawRequest, startReadBodyServer, type ReadOutcome } from './support/plugin-harness.ts';

function assertIncomplete(read: ReadOutcome, declared: number | undefined, received: number) {
  assert.ok('error' in read);
  assert.equal(read.error.code, 'FW_ERR_BODY_LENGTH_MISMATCH');
  assert.equal(read.error.status, 400);
  assert.equal(read.error.message, 'request body incomplete');
  assert.deepEqual(read.error.details, { declared, received });
  // Settled once and cleaned up: no listener of readBody's is left on the request.
  for (const event of ['data', 'end', 'close']) assert.equal(read.raw.listenerCount(event), 0, event);
}

describe('readBody settles on short and aborted uploads instead of hanging', { timeout: 10_000 }, () => {
  it('rejects a body that ends short of its Content-Length', async () => {
    const server = await startReadBodyServer(1000);
    try {
      const res = await rawRequest(server.port, 'POST / HTTP/1.1\r\nhost: test\r\ncontent-length: 100\r\n\r\n{"short":1}');
      assert.equal(res?.status, 400);
      assertIncomplete(await server.nextRead(), 100, 11);
    } finally {
      await server.close();
    }
  });

  it('rejects when the client aborts mid-body', async () => {
    const server = await startReadBodyServer(100_000);
    try {
      const connection = await connectRaw(server.port);
      await connection.write('POST / HTTP/1.1\r\nhost: test\r\ncontent-length: 5000\r\n\r\n{"partial":');
      await server.nextRequest();
      connection.socket.destroy();
      assertIncomplete(await server.nextRead(), 5000, 11);
      const after = await fetch(server.url, { method: 'POST', body: 'still up' });
      assert.deepEqual(await after.json(), { length: 8 });
    } finally {
      await server.close();
    }
  });

  it('rejects when the client aborts a chunked upload', async () => {
    const server = await startReadBodyServer(100_000);
    try {
      const connection = await connectRaw(server.port);
      await connection.write('POST / HTTP/1.1\r\nhost: test\r\ntransfer-encoding: chunked\r\n\r\n4\r\nabcd\r\n');
      await server.nextRequest();
      connection.socket.destroy();
      const read = await server.nextRead();
      assert.ok('error' in read);
      assert.equal(read.error.code, 'FW_ERR_BODY_LENGTH_MISMATCH');
      assert.equal(read.error.details['declared'], undefined);
    } finally {
      await server.close();
    }
  });

  it('rejects at once when the client was gone before readBody was called', async () => {
    const server = await startReadBodyServer(100_000, async (raw) => {
      // Not events.once: it would also listen for 'error' and reject on the abort.
      if (!raw.destroyed) await new Promise((resolve) => raw.once('close', resolve));
    });
    try {
      const connection = await connectRaw(server.port);
      await connection.write('POST / HTTP/1.1\r\nhost: test\r\ncontent-length: 50\r\n\r\nab');
      await server.nextRequest();
      connection.socket.destroy();
      assertIncomplete(await server.nextRead(), 50, 0);
    } finally {
      await server.close();
    }
  });
});
