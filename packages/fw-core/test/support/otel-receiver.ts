/**
 * An OTLP/HTTP receiver on loopback for tests: decodes protobuf export requests to /v1/traces
 * and /v1/metrics with the definitions in otel-otlp.proto. It can also misbehave like a broken
 * collector: answer 500 to everything, or accept requests and never answer (`hang`).
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import protobuf from 'protobufjs';

const root = protobuf.parse(readFileSync(new URL('./otel-otlp.proto', import.meta.url), 'utf8')).root;
const TraceRequest = root.lookupType('otlp.ExportTraceServiceRequest');
const MetricsRequest = root.lookupType('otlp.ExportMetricsServiceRequest');
const DECODE = { longs: Number, enums: String, defaults: true, oneofs: true } as const;

/** A received span, ids in lowercase hex ('' when absent). */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly traceState: string;
  readonly name: string;
  readonly kind: string;
  readonly attributes: Record<string, unknown>;
  readonly status: { readonly code: string; readonly message: string };
  /** The span's events, each its name and attributes (times left out). */
  readonly events: readonly { readonly name: string; readonly attributes: Record<string, unknown> }[];
  readonly resource: Record<string, unknown>;
  readonly scope: string;
  /** Unix milliseconds (from the nanosecond fields; a double keeps about 0.25 µs). */
  readonly startTimeMs: number;
  readonly endTimeMs: number;
  /** End less start in nanoseconds, exact (from the fields as they were sent; below 2^53). */
  readonly durationNs: number;
  /** The start and end fields exactly: Unix nanoseconds in decimal (BigInt() them to compare). */
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
}

/** A received metric with its data points (attributes flattened). */
export interface ReceivedMetric {
  readonly name: string;
  readonly unit: string;
  readonly kind: 'gauge' | 'sum' | 'histogram';
  /** A sum's or histogram's `aggregationTemporality`; undefined for a gauge. */
  readonly temporality?: 'delta' | 'cumulative' | 'unspecified';
  /** A sum's `isMonotonic`; undefined for the others. */
  readonly monotonic?: boolean;
  readonly points: readonly { attributes: Record<string, unknown>; value?: number; count?: number; sum?: number; bucketCounts?: number[]; bounds?: number[] }[];
}

/** One export request as it arrived. */
export interface ExportRequest {
  readonly path: string;
  readonly contentType: string | undefined;
  readonly headers: IncomingMessage['headers'];
}

/** How the receiver answers. */
export type ReceiverMode = 'ok' | 'fail500' | 'hang';

/** A running receiver. */
export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>` (give it as OTEL_EXPORTER_OTLP_ENDPOINT). */
  readonly url: string;
  readonly spans: ReceivedSpan[];
  readonly metrics: ReceivedMetric[];
  /** Export requests seen, with the content types and headers they carried. */
  readonly requests: ExportRequest[];
  /** Requests being held open right now (mode `hang`). */
  heldOpen(): number;
  /** Resolves once `predicate()` holds after an export arrived, or rejects after `timeoutMs`. */
  waitFor(what: string, predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1, port 0. */
export async function startOtlpReceiver(mode: ReceiverMode = 'ok'): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const metrics: ReceivedMetric[] = [];
  const requests: ExportRequest[] = [];
  const held = new Set<ServerResponse>();
  const events = new EventEmitter();
  const server = createServer((req, res) => {
    void collect(req).then((raw) => {
      // An exporter's gzip (OTEL_EXPORTER_OTLP_*COMPRESSION), undone as a collector does.
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      requests.push({ path: req.url ?? '', contentType: req.headers['content-type'], headers: req.headers });
      if (mode === 'hang') {
        held.add(res);
        res.once('close', () => held.delete(res));
        return;
      }
      if (mode === 'fail500') return void res.writeHead(500).end();
      if (req.url === '/v1/traces') spans.push(...decodeSpans(body));
      else if (req.url === '/v1/metrics') metrics.push(...decodeMetrics(body));
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      events.emit('export');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    spans,
    metrics,
    requests,
    heldOpen: () => held.size,
    waitFor: (what, predicate, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (predicate()) return resolve();
        const timer = setTimeout(() => {
          events.off('export', check);
          reject(new Error(`${what}: not received in ${timeoutMs} ms`));
        }, timeoutMs);
        function check(): void {
          if (!predicate()) return;
          clearTimeout(timer);
          events.off('export', check);
          resolve();
        }
        events.on('export', check);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function collect(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(Buffer.alloc(0)));
  });
}

type Obj = Record<string, any>;

/** Unix milliseconds of a time in ns given as decimal text, to the microsecond: a whole ms stays whole. */
function msOf(unixNano: string): number {
  return Number(BigInt(unixNano) / 1000n) / 1000;
}

function decodeSpans(body: Buffer): ReceivedSpan[] {
  const decoded = TraceRequest.decode(body);
  const message = TraceRequest.toObject(decoded, DECODE) as Obj;
  // The times again as decimal strings: a double keeps only about 0.25 µs of a Unix time in ns.
  const exact = TraceRequest.toObject(decoded, { longs: String }) as Obj;
  const out: ReceivedSpan[] = [];
  for (const [r, rs] of (message.resourceSpans as Obj[]).entries()) {
    const resource = flatten(rs.resource?.attributes ?? []);
    for (const [s, ss] of (rs.scopeSpans as Obj[]).entries()) {
      for (const [i, span] of (ss.spans as Obj[]).entries()) {
        const times = exact.resourceSpans[r].scopeSpans[s].spans[i] as Obj;
        out.push({
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: hex(span.parentSpanId),
          traceState: span.traceState as string,
          name: span.name as string,
          kind: span.kind as string,
          attributes: flatten(span.attributes),
          status: { code: (span.status?.code as string | undefined) ?? 'STATUS_CODE_UNSET', message: (span.status?.message as string | undefined) ?? '' },
          events: ((span.events ?? []) as Obj[]).map((event) => ({ name: event.name as string, attributes: flatten(event.attributes ?? []) })),
          resource,
          scope: ss.scope?.name as string,
          startTimeMs: msOf(times.startTimeUnixNano as string),
          endTimeMs: msOf(times.endTimeUnixNano as string),
          durationNs: Number(BigInt(times.endTimeUnixNano as string) - BigInt(times.startTimeUnixNano as string)),
          startTimeUnixNano: times.startTimeUnixNano as string,
          endTimeUnixNano: times.endTimeUnixNano as string,
        });
      }
    }
  }
  return out;
}

function decodeMetrics(body: Buffer): ReceivedMetric[] {
  const message = MetricsRequest.toObject(MetricsRequest.decode(body), DECODE) as Obj;
  const out: ReceivedMetric[] = [];
  for (const rm of message.resourceMetrics as Obj[]) {
    for (const sm of rm.scopeMetrics as Obj[]) {
      for (const metric of sm.metrics as Obj[]) {
        const kind = metric.data as 'gauge' | 'sum' | 'histogram';
        const points = (metric[kind].dataPoints as Obj[]).map((p) =>
          kind === 'histogram'
            ? { attributes: flatten(p.attributes), count: p.count as number, sum: p.sum as number, bucketCounts: p.bucketCounts as number[], bounds: p.explicitBounds as number[] }
            : { attributes: flatten(p.attributes), value: (p.value === 'asInt' ? p.asInt : p.asDouble) as number },
        );
        const temporality = kind === 'gauge' ? undefined : TEMPORALITY[metric[kind].aggregationTemporality as number] ?? 'unspecified';
        const monotonic = kind === 'sum' ? metric.sum.isMonotonic === true : undefined;
        out.push({ name: metric.name as string, unit: metric.unit as string, kind, temporality, ...(monotonic !== undefined && { monotonic }), points });
      }
    }
  }
  return out;
}

/** OTLP's AggregationTemporality values (metrics.proto), as otel-otlp.proto keeps them: int32. */
const TEMPORALITY: Readonly<Record<number, 'delta' | 'cumulative'>> = { 1: 'delta', 2: 'cumulative' };

function flatten(list: Obj[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kv of list) out[kv.key as string] = kv.value === undefined ? undefined : kv.value[kv.value.value as string];
  return out;
}

function hex(bytes: Uint8Array | undefined): string {
  return bytes === undefined ? '' : Buffer.from(bytes).toString('hex');
}
