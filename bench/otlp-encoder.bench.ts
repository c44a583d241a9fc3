/**
 * OTLP/HTTP protobuf trace encoding, µs per span: fw's lean encoder against otlp-transformer's
 * ProtobufTraceSerializer (what @opentelemetry/exporter-trace-otlp-proto sends), on the same
 * server spans in batches of 512 (the batch processor's default): 15 attributes as fw's
 * server span carries them, every fourth span with an exception event. fw is measured with all
 * attributes given per span, and with the route's and the socket's attributes pre-encoded as
 * blocks. Both outputs are decoded with the official definitions and compared first. Rounds
 * alternate the contenders; medians are reported. Also times the two ways to split a time into
 * fixed64 halves (the reason LeanSpanData takes HrTime). Run: `npx node bench/otlp-encoder.bench.ts`.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { type ReadableSpan, type SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import assert from 'node:assert/strict';
import { encodeAttributeBlock, type LeanAttributeBlock, type LeanResource, type LeanScope, type LeanSpanData, OtlpTraceEncoder } from '../packages/fw-core/src/otel/lean/otlp-trace-encoder.ts';
import { withHexBytes } from '../packages/fw-core/test/support/otel-lean-expected.ts';
import { decodeTraceRequest } from '../packages/fw-core/test/support/otlp-official-trace.ts';

const BATCH = 512;
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const ROUND_MS = Number(process.env.ROUND_MS ?? 400);

const RESOURCE_ATTRIBUTES = { 'service.name': 'blog', 'service.version': '1.4.2', 'telemetry.sdk.language': 'nodejs', 'telemetry.sdk.name': 'opentelemetry', 'telemetry.sdk.version': '3.1.0', 'host.name': 'bench-host', 'process.pid': 4242 };
const ROUTE = { 'http.route': '/posts/:id', 'url.scheme': 'http', 'server.address': 'localhost', 'server.port': 3000 };
const SOCKET = { 'network.peer.address': '127.0.0.1', 'network.peer.port': 52314, 'client.address': '127.0.0.1', 'network.protocol.version': '1.1' };

function requestAttributes(i: number): Record<string, string | number> {
  return { 'http.request.method': 'GET', 'url.path': `/posts/${i}`, 'user_agent.original': 'autocannon/8.0.0', 'http.response.status_code': i % 4 === 0 ? 500 : 200, 'http.response.body.size': 1000 + i, 'fw.request.id': `req-${i}`, 'url.query': 'page=2' };
}

/** 512 ended SDK spans, as the batch processor hands them to the exporter. */
function sdkSpans(): ReadableSpan[] {
  const ended: ReadableSpan[] = [];
  const collect: SpanProcessor = { onStart: () => {}, onEnd: (span) => void ended.push(span), forceFlush: async () => {}, shutdown: async () => {} };
  const provider = new TracerProvider({ resource: resourceFromAttributes(RESOURCE_ATTRIBUTES), spanProcessors: [collect] });
  const tracer = provider.getTracer('fw-core', '0.1.0');
  for (let i = 0; i < BATCH; i++) {
    const span = tracer.startSpan('GET /posts/:id', { kind: SpanKind.SERVER, attributes: { ...ROUTE, ...SOCKET, ...requestAttributes(i) } });
    if (i % 4 === 0) {
      span.recordException(new Error(`boom ${i}`));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  }
  return ended;
}

const SCOPE: LeanScope = { name: 'fw-core', version: '0.1.0' };

/** The same spans as fw's lean span would hand them over. */
function leanSpans(spans: readonly ReadableSpan[], blocks: readonly LeanAttributeBlock[] | undefined): LeanSpanData[] {
  return spans.map((span, i) => {
    const context = span.spanContext();
    return {
      scope: SCOPE,
      traceId: Buffer.from(context.traceId, 'hex'),
      spanId: Buffer.from(context.spanId, 'hex'),
      parentIsRemote: false,
      traceFlags: context.traceFlags,
      name: span.name,
      kind: span.kind,
      startTime: span.startTime,
      endTime: span.endTime,
      attributeBlocks: blocks,
      attributes: blocks === undefined ? (span.attributes as Record<string, string | number>) : requestAttributes(i),
      events: span.events.map((event) => ({ name: event.name, time: event.time, attributes: event.attributes as Record<string, string> })),
      status: span.status,
    };
  });
}

interface Contender {
  readonly name: string;
  /** Encodes the batch once; returns the byte count so the work is not optimised away. */
  run(): number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** µs per span over one round of `ROUND_MS`. */
function round(contender: Contender): number {
  let batches = 0;
  let sink = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    sink += contender.run();
    batches++;
    elapsed = performance.now() - started;
  }
  if (sink === 0) throw new Error('nothing encoded');
  return (elapsed * 1000) / (batches * BATCH);
}

function splitTimes(): void {
  const N = 2_000_000;
  const hr: [number, number][] = Array.from({ length: 1024 }, (_, i) => [1_700_000_000 + i, i * 977_000]);
  const big = hr.map(([s, n]) => BigInt(s) * 1_000_000_000n + BigInt(n));
  let sink = 0;
  let t = performance.now();
  for (let i = 0; i < N; i++) {
    const [seconds, nanos] = hr[i & 1023]!;
    const upper = Math.floor(seconds / 65536) * 1e9;
    const upperHigh = Math.floor(upper / 65536);
    const low = (upper - upperHigh * 65536) * 65536 + (seconds % 65536) * 1e9 + nanos;
    const carry = Math.floor(low / 4294967296);
    sink += (low - carry * 4294967296 + ((upperHigh + carry) >>> 0)) & 1;
  }
  const hrNs = ((performance.now() - t) * 1e6) / N;
  t = performance.now();
  for (let i = 0; i < N; i++) {
    const ns = big[i & 1023]!;
    sink += (Number(ns & 0xffffffffn) + Number(ns >> 32n)) & 1;
  }
  const bigNs = ((performance.now() - t) * 1e6) / N;
  console.log(`time split into fixed64 halves: HrTime ${hrNs.toFixed(1)} ns, bigint ${bigNs.toFixed(1)} ns (sink ${sink & 1})`);
}

const spans = sdkSpans();
const resource: LeanResource = { attributes: RESOURCE_ATTRIBUTES };
const blocks = [encodeAttributeBlock(ROUTE), encodeAttributeBlock(SOCKET)];
const plain = leanSpans(spans, undefined);
const withBlocks = leanSpans(spans, blocks);
const encoder = new OtlpTraceEncoder(resource);
const encodeAll = (batch: readonly LeanSpanData[]): Uint8Array => {
  for (const span of batch) encoder.add(span);
  return encoder.take();
};

// Same request from all three, up to attribute order (blocks come first) and the SDK's
// telemetry.sdk.* defaults, which the resource above spells out.
const sdkBytes = ProtobufTraceSerializer.serializeRequest(spans)!;
const officialSpans = (bytes: Uint8Array): unknown[] => {
  const request = withHexBytes(decodeTraceRequest(bytes)) as { resourceSpans: { scopeSpans: { spans: { attributes: { key: string }[] }[] }[] }[] };
  const out = request.resourceSpans[0]!.scopeSpans[0]!.spans;
  for (const span of out) span.attributes.sort((a, b) => a.key.localeCompare(b.key));
  return out;
};
assert.deepEqual(officialSpans(encodeAll(plain)), officialSpans(sdkBytes));
assert.deepEqual(officialSpans(encodeAll(withBlocks)), officialSpans(sdkBytes));

const contenders: Contender[] = [
  { name: 'otlp-transformer ProtobufTraceSerializer', run: () => ProtobufTraceSerializer.serializeRequest(spans)!.length },
  { name: 'fw lean encoder, attributes per span', run: () => encodeAll(plain).length },
  { name: 'fw lean encoder, route+socket blocks pre-encoded', run: () => encodeAll(withBlocks).length },
];
const results = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
for (const contender of contenders) round(contender); // warm up
for (let r = 0; r < ROUNDS; r++) for (const contender of contenders) results.get(contender.name)!.push(round(contender));

console.log(`node ${process.version}, ${BATCH} spans a batch, 15 attributes a span, ${ROUNDS} rounds of ${ROUND_MS} ms, median µs per span`);
const baseline = median(results.get(contenders[0]!.name)!);
for (const contender of contenders) {
  const us = median(results.get(contender.name)!);
  console.log(`${contender.name.padEnd(50)} ${us.toFixed(3)} µs/span  ${(baseline / us).toFixed(1)}x`);
}
splitTimes();
