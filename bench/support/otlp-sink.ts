/**
 * An OTLP/HTTP endpoint on loopback that reads every export to the end and answers 200 without
 * decoding it; it only counts what reached it. It runs in a process of its own, as a collector
 * would: inside the bench's process it shared a core's time with the load generator, read
 * exports late whenever the load was at its peak, and so made the servers' export costs (and
 * their CPU per request) swing from round to round. (Tests that look at the spans use
 * packages/fw-core/test/support/otel-receiver.ts.)
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What reached the sink. */
export interface SinkCounts {
  /** Export requests read to the end. */
  readonly exports: number;
  /** Body bytes of those requests. */
  readonly bytes: number;
}

/** A running sink. */
export interface OtlpSink {
  /** `http://127.0.0.1:<port>`, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly url: string;
  /** The process the sink runs in, for pinning it to a CPU. */
  readonly pid: number;
  /** What reached it so far. */
  counts(): Promise<SinkCounts>;
  /** Stops the sink; resolves with what reached it. */
  close(): Promise<SinkCounts>;
}

/** Starts a sink process on a free loopback port. */
export async function startOtlpSink(): Promise<OtlpSink> {
  const child = fork(import.meta.filename, ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url));
    child.once('exit', (code) => reject(new Error(`the OTLP sink exited ${code}`)));
  });
  const counts = (): Promise<SinkCounts> =>
    new Promise<SinkCounts>((resolve) => {
      child.once('message', resolve);
      child.send('counts');
    });
  return {
    url,
    pid: child.pid ?? 0,
    counts,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return { exports: 0, bytes: 0 };
      const last = await counts();
      child.kill();
      return last;
    },
  };
}

/** The sink process: serves until killed, answers 'counts' over IPC. */
async function serve(): Promise<void> {
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
  process.on('message', () => process.send?.({ exports, bytes }));
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

if (process.argv.includes('--serve')) await serve();
