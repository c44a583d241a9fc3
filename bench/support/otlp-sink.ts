/**
 * An OTLP/HTTP endpoint on loopback that reads every export to the end and answers 200 without
 * decoding it, so the process running a load pays next to nothing for it; it only counts what
 * reached it. (Tests that look at the spans use packages/fw-core/test/support/otel-receiver.ts.)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running sink and what has reached it so far. */
export interface OtlpSink {
  /** `http://127.0.0.1:<port>`, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly url: string;
  /** Export requests read to the end. */
  readonly exports: number;
  /** Body bytes of those requests. */
  readonly bytes: number;
  close(): Promise<void>;
}

/** Starts a sink on a free loopback port. */
export async function startOtlpSink(): Promise<OtlpSink> {
  let exports = 0;
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      exports += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get exports() {
      return exports;
    },
    get bytes() {
      return bytes;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
