/**
 * An OTLP/HTTP endpoint on loopback that reads every export to the end, answers 200, and counts
 * the spans of every trace export by decoding it (otlp-span-count.ts: the official protos, or
 * OTLP/JSON), so a bench can tell spans a server dropped from spans that arrived. Metric exports
 * are only counted. It runs in a process of its own, as a collector would: the decoding never
 * runs in a measured server, and inside the bench's process it would share a core's time with
 * the load generator, read exports late whenever the load peaked, and so make the servers'
 * export costs swing from round to round.
 *
 * Decoding waits until the bench asks for the counts (between runs), up to 256 MiB of bodies:
 * the sink shares a CPU with the load generator, and decoding during a run (about 4 µs a span)
 * would take that CPU from the load of the fastest servers, so their figures would depend on how
 * many spans they export. Answers do not wait for decoding, so an export that does not decode is
 * counted as rejected, not answered 400. The decoding's CPU time is reported.
 *
 * Several servers can share one sink and still be told apart: give each its own base URL,
 * `urlFor(key)` (`http://127.0.0.1:<port>/<key>`, so its exporters post to `/<key>/v1/traces`),
 * and read its counts under `byKey[key]`. (Tests that look at the spans themselves use
 * packages/fw-core/test/support/otel-receiver.ts.)
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { countTraceSpans, isJson } from './otlp-span-count.ts';

/** What reached the sink, in total or under one key. */
export interface ExportCounts {
  /** Export requests read to the end (traces and metrics). */
  readonly exports: number;
  /** Body bytes of those requests, as sent (compressed if they were). */
  readonly bytes: number;
  /** Trace export requests, decoded or not. */
  readonly traceExports: number;
  /** Of those, exports sent as OTLP/JSON (content type application/json): what `http/json` sends. */
  readonly jsonExports: number;
  /** Spans in the trace exports that decoded. */
  readonly spans: number;
  /** Of those, spans of kind SERVER. */
  readonly serverSpans: number;
  /** Trace exports that did not decode (their spans not counted). */
  readonly rejected: number;
}

/** What reached the sink so far. */
export interface SinkCounts extends ExportCounts {
  /** The same per key (the first path segment of the export's URL); '' for exports to the bare URL. */
  readonly byKey: Readonly<Record<string, ExportCounts>>;
  /** The sink process's CPU time so far (user+system, µs): reading, gunzipping, decoding. */
  readonly cpuMicros: number;
  /** Of that, the time spent gunzipping and decoding trace exports (µs). */
  readonly decodeMicros: number;
  /** The first reason an export was rejected, if one was. */
  readonly firstRejection: string | undefined;
}

/** A running sink. */
export interface OtlpSink {
  /** `http://127.0.0.1:<port>`, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly url: string;
  /** The base URL whose exports are counted under `byKey[key]`. */
  urlFor(key: string): string;
  /** The process the sink runs in, for pinning it to a CPU. */
  readonly pid: number;
  /** What reached it so far. */
  counts(): Promise<SinkCounts>;
  /** Stops the sink; resolves with what reached it. */
  close(): Promise<SinkCounts>;
}

/** Nothing received (and what a sink that already exited reports). */
export const NO_EXPORTS: ExportCounts = Object.freeze({ exports: 0, bytes: 0, traceExports: 0, jsonExports: 0, spans: 0, serverSpans: 0, rejected: 0 });

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
    urlFor: (key) => `${url}/${encodeURIComponent(key)}`,
    pid: child.pid ?? 0,
    counts,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return { ...NO_EXPORTS, byKey: {}, cpuMicros: 0, decodeMicros: 0, firstRejection: undefined };
      const last = await counts();
      child.kill();
      return last;
    },
  };
}

/** Mutable counts, one per key and one in total. */
type Tally = { -readonly [K in keyof ExportCounts]: ExportCounts[K] };

/** A trace export read but not decoded yet. */
interface PendingExport {
  readonly path: string;
  readonly contentType: string | undefined;
  readonly gzip: boolean;
  readonly body: Buffer;
  readonly tallies: readonly Tally[];
}

/** Bodies held for decoding beyond which the sink decodes at once rather than between runs. */
const PENDING_LIMIT_BYTES = 256 * 1048576;

/** The sink process: serves until killed, answers 'counts' over IPC (after decoding what it holds). */
async function serve(): Promise<void> {
  const total: Tally = { ...NO_EXPORTS };
  const byKey: Record<string, Tally> = {};
  const pending: PendingExport[] = [];
  let pendingBytes = 0;
  let decodeMicros = 0;
  let firstRejection: string | undefined;
  const decodePending = (): void => {
    const start = process.cpuUsage();
    for (const one of pending.splice(0)) {
      const problem = countTraces(one);
      if (problem !== undefined) firstRejection ??= `${one.path}: ${problem}`;
    }
    pendingBytes = 0;
    const used = process.cpuUsage(start);
    decodeMicros += used.user + used.system;
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://sink').pathname;
      const key = path.split('/').length > 3 ? decodeURIComponent(path.split('/')[1] ?? '') : '';
      const tallies = [total, (byKey[key] ??= { ...NO_EXPORTS })];
      const body = Buffer.concat(chunks);
      for (const tally of tallies) {
        tally.exports += 1;
        tally.bytes += body.length;
        if (path.endsWith('/v1/traces')) tally.traceExports += 1;
        if (path.endsWith('/v1/traces') && isJson(req.headers['content-type'])) tally.jsonExports += 1;
      }
      if (path.endsWith('/v1/traces')) {
        pending.push({ path, contentType: req.headers['content-type'], gzip: req.headers['content-encoding'] === 'gzip', body, tallies });
        pendingBytes += body.length;
        if (pendingBytes > PENDING_LIMIT_BYTES) decodePending();
      }
      res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', () => {
    decodePending();
    const cpu = process.cpuUsage();
    process.send?.({ ...total, byKey, cpuMicros: cpu.user + cpu.system, decodeMicros, firstRejection } satisfies SinkCounts);
  });
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

/** Decodes one trace export into its tallies; returns why it was rejected, if it was. */
function countTraces(one: PendingExport): string | undefined {
  try {
    const plain = one.gzip ? gunzipSync(one.body) : one.body;
    const { spans, serverSpans } = countTraceSpans(plain, one.contentType);
    for (const tally of one.tallies) {
      tally.spans += spans;
      tally.serverSpans += serverSpans;
    }
    return undefined;
  } catch (error) {
    for (const tally of one.tallies) tally.rejected += 1;
    return error instanceof Error ? error.message : String(error);
  }
}

if (process.argv.includes('--serve')) await serve();
