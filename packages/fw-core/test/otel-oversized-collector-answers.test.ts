/**
 * A collector whose answer never ends (issue 35, item 15: `Content-Length: 1e11` made the blog
 * read 4.5 GB): a real net server on port 0 reads each post, then writes an answer head and
 * streams body bytes as fast as the client takes them, counting the bytes the kernel accepted,
 * until its socket is closed. fw's OTLP client stops at ANSWER_BODY_LIMIT: it destroys the
 * connection, the post fails without a retry, and the collector's count stays near the limit
 * (what loopback socket buffers hold on top of it), never growing with the body it offers.
 */
import { type ExportResult, ExportResultCode } from '@opentelemetry/core';
import { emptyResource } from '@opentelemetry/resources';
import type { ResourceMetrics } from '@opentelemetry/sdk-metrics';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ANSWER_BODY_LIMIT, ANSWER_TOTAL_LIMIT, OtlpHttpSender, OtlpSocketClient } from '../src/otel/lean/otlp-socket-client.ts';
import { OtlpMetricExporter } from '../src/otel/metrics-pipeline.ts';
import { within } from './support/until.ts';

/** The most the collector offers before the test calls it a runaway read: 256 MiB. */
const OFFERED = 256 * 1024 * 1024;
/**
 * What loopback socket buffers (the collector's send, the client's receive) may hold on top of
 * what the client read: their largest sizes on Linux (tcp_wmem, tcp_rmem), 8 MiB elsewhere.
 */
const BUFFER_MARGIN = socketBufferMargin();

function socketBufferMargin(): number {
  try {
    const largest = (name: string): number => Number(readFileSync(`/proc/sys/net/ipv4/${name}`, 'latin1').trim().split(/\s+/)[2]);
    const sum = largest('tcp_wmem') + largest('tcp_rmem');
    return Number.isFinite(sum) ? sum : 8 * 1024 * 1024;
  } catch {
    return 8 * 1024 * 1024;
  }
}

type Framing = 'content-length' | 'chunked' | 'until-close' | 'chunk-extensions' | 'interim';

const HEADS: Readonly<Record<Framing, string>> = {
  'content-length': 'HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\ncontent-length: 100000000000\r\n\r\n',
  chunked: 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n',
  'until-close': 'HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\n\r\n',
  'chunk-extensions': 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n',
  interim: '',
};

/** What the collector repeats after the head: 16 KiB of body, or (a hostile collector's) a 1-byte chunk under a 16 KB extension, or a 100 Continue with an 8 KB field. */
function pieceOf(how: Framing): Buffer {
  const body = Buffer.alloc(16 * 1024, 0x61);
  if (how === 'chunked') return Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')]);
  if (how === 'chunk-extensions') return Buffer.from(`1;${'e'.repeat(16_000)}\r\nx\r\n`, 'latin1');
  if (how === 'interim') return Buffer.from(`HTTP/1.1 100 Continue\r\nx-pad: ${'p'.repeat(8_000)}\r\n\r\n`, 'latin1');
  return body;
}

/** One answer as the collector streamed it. */
interface Streamed {
  /** Body bytes the collector's socket accepted before it was closed. */
  bytes: number;
  readonly closed: Promise<void>;
}

let server: Server;
let url = '';
let framing: Framing = 'content-length';
const streams: Streamed[] = [];

before(async () => {
  server = createServer((socket) => {
    socket.on('error', () => {});
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      // fw's posts are small: the whole request has come once its body's length is there.
      const end = head.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? -1);
      if (end === -1 || head.length < end + 4 + length) return;
      socket.off('data', onData);
      // Read on (nothing more comes), so the client's destroy() shows as a close here.
      socket.resume();
      streams.push(stream(socket, framing));
    };
    socket.on('data', onData);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/metrics`;
});
after(() => server.close());

/** Writes the head, then body bytes while the socket takes them, up to OFFERED; counts what it accepted. */
function stream(socket: Socket, how: Framing): Streamed {
  // Not events.once: the reset the client's destroy() causes is an 'error' first, which would reject it.
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const streamed: Streamed = { bytes: 0, closed };
  const piece = pieceOf(how);
  socket.write(HEADS[how]);
  const pump = (): void => {
    while (!socket.destroyed && streamed.bytes < OFFERED) {
      const more = socket.write(piece, (error) => {
        if (error === undefined || error === null) streamed.bytes += piece.length;
      });
      if (!more) return void socket.once('drain', pump);
    }
  };
  pump();
  return streamed;
}

const PAYLOAD = Uint8Array.from([10, 3, 1, 2, 3]);

describe('an answer body over the limit', () => {
  for (const how of ['content-length', 'chunked', 'until-close'] as const) {
    it(`(${how}) fails the post for good, drops the connection, and the collector could write only about the limit`, async () => {
      framing = how;
      streams.length = 0;
      const client = new OtlpSocketClient({ url });
      try {
        const answer = await within('the post to fail', client.post({}, PAYLOAD, 60_000));
        const why = how === 'content-length' ? 'its Content-Length is 100000000000' : how === 'chunked' ? `a chunk of 16384 bytes follows ${ANSWER_BODY_LIMIT}` : 'it went on past them';
        assert.deepEqual(answer, { error: `the answer's body is over ${ANSWER_BODY_LIMIT} bytes: ${why}`, final: true });
        assert.equal(streams.length, 1);
        await within('the collector to see its connection closed', streams[0]!.closed);
        assert.ok(streams[0]!.bytes < ANSWER_BODY_LIMIT + BUFFER_MARGIN, `the collector wrote ${streams[0]!.bytes} bytes`);
      } finally {
        client.close();
      }
    });
  }

  // A hostile collector's framing, found by a red team: each line and section was within its limit, the answer was not (about 1 GiB read per export).
  for (const how of ['chunk-extensions', 'interim'] as const) {
    it(`(${how}) fails the post for good once the whole answer passes ANSWER_TOTAL_LIMIT, and the collector could write only about that`, async () => {
      framing = how;
      streams.length = 0;
      const client = new OtlpSocketClient({ url });
      try {
        const answer = await within('the post to fail', client.post({}, PAYLOAD, 60_000));
        assert.deepEqual(answer, { error: `the answer is over ${ANSWER_TOTAL_LIMIT} bytes with its framing (interim answers, chunk lines, trailers)`, final: true });
        await within('the collector to see its connection closed', streams[0]!.closed);
        assert.ok(streams[0]!.bytes < ANSWER_TOTAL_LIMIT + BUFFER_MARGIN, `the collector wrote ${streams[0]!.bytes} bytes`);
      } finally {
        client.close();
      }
    });
  }

  it('is not posted again by the sender: one post, a failed export', async () => {
    framing = 'content-length';
    streams.length = 0;
    const sender = new OtlpHttpSender({ url, timeoutMs: 10_000, initialBackoffMs: 1 });
    try {
      assert.deepEqual(await sender.send(PAYLOAD), { ok: false, reason: `the answer's body is over ${ANSWER_BODY_LIMIT} bytes: its Content-Length is 100000000000` });
      assert.equal(streams.length, 1);
    } finally {
      sender.stop();
    }
  });

  it('fails an OTLP metrics export, and the collector\'s socket is closed', async () => {
    framing = 'until-close';
    streams.length = 0;
    const exporter = new OtlpMetricExporter({ url, timeoutMs: 10_000 }, 'cumulative');
    try {
      const metrics: ResourceMetrics = { resource: emptyResource(), scopeMetrics: [] };
      const result = await new Promise<ExportResult>((resolve) => exporter.export(metrics, resolve));
      assert.equal(result.code, ExportResultCode.FAILED);
      assert.equal(result.error?.message, `OTLP metrics export to ${url} failed: the answer's body is over ${ANSWER_BODY_LIMIT} bytes: it went on past them`);
      assert.equal(streams.length, 1);
      await within('the collector to see its connection closed', streams[0]!.closed);
      assert.ok(streams[0]!.bytes < ANSWER_BODY_LIMIT + BUFFER_MARGIN, `the collector wrote ${streams[0]!.bytes} bytes`);
    } finally {
      await exporter.shutdown();
    }
  });
});
