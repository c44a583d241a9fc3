/**
 * A chunked body sent a byte per chunk is held in memory as bytes, not as a Buffer per chunk: node:http hands each chunk
 * over as a Buffer of its own (about 200 bytes of heap however small), and readBody kept every one until the end, so
 * 1 MiB sent so (6 MB on the wire, under the default max_body_size) held about 260 MB, and a few such uploads at once
 * could exhaust the process. Measured in the server's own process while readBody still collects: the heap left after a
 * full collection (retained-heap.ts) grows by less than 32 MiB for 512 KiB of one-byte chunks.
 */
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { readBody } from '../src/http/read-body.ts';
import { json } from '../src/http/response.ts';
import { retainedHeap } from './support/retained-heap.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { until, within } from './support/until.ts';

const CHUNKS = 512 * 1024;

describe('a chunked body of one-byte chunks', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      groups: [{ prefix: '', security: false, routes: [{ path: '/upload', handler: async (req) => json({ bytes: (await readBody(req.raw, 1 << 20)).length }), options: { methods: ['post'] } }] }],
    });
  });
  after(() => app.close());

  it('is held as its bytes while it is read, and read whole', async () => {
    const accepted = new Promise<Socket>((resolve) => app.server.server.once('connection', resolve));
    const client = connect(app.server.port, '127.0.0.1');
    const server = await within('the server to accept the connection', accepted);
    const baseline = retainedHeap();
    const head = 'POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n';
    const chunks = Buffer.from('1\r\nx\r\n'.repeat(CHUNKS));
    client.write(head);
    client.write(chunks);
    // Every chunk is parsed and handed to readBody once the server socket has read it: the body is not yet ended.
    await until('the server to read every chunk', () => server.bytesRead === head.length + chunks.length);
    const grown = retainedHeap() - baseline;
    assert.ok(grown < 32 * 1024 * 1024, `${Math.round(grown / 1024 / 1024)} MiB retained while reading ${CHUNKS} one-byte chunks`);
    let answer = '';
    client.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    const closed = new Promise((resolve) => client.once('close', resolve));
    client.write('0\r\n\r\n');
    await within('the answer', closed);
    assert.match(answer, new RegExp(`^HTTP/1.1 200 OK\\r\\n[^]*\\r\\n\\r\\n\\{"bytes":${CHUNKS}\\}$`));
  });
});
