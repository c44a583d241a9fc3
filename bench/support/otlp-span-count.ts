/**
 * Counts the spans of one OTLP trace export as a collector reads it: protobuf decoded by the
 * official generated code (the definitions the OpenTelemetry JS project generated from
 * opentelemetry-proto, loaded and checksummed by packages/fw-core/test/support/otlp-official-trace.ts),
 * or OTLP/JSON when the request's content type says application/json. A body that does not
 * decode, or a span whose ids have the wrong size, throws: the sink answers 400 and counts it.
 */
import { ExportTraceServiceRequest } from '../../packages/fw-core/test/support/otlp-official-trace.ts';

/** The spans of one export. */
export interface SpanCount {
  readonly spans: number;
  /** Spans of kind SPAN_KIND_SERVER: one per request a traced server answered. */
  readonly serverSpans: number;
}

/** `SpanKind.SPAN_KIND_SERVER` in trace.proto; OTLP/JSON writes enums as these integers. */
const SPAN_KIND_SERVER = 2;

/** What both encodings decode to, as far as counting goes (ids as bytes, or hex in JSON). */
interface DecodedRequest {
  readonly resourceSpans?: readonly { readonly scopeSpans?: readonly { readonly spans?: readonly DecodedSpan[] }[] }[];
}
interface DecodedSpan {
  readonly traceId?: Uint8Array | string;
  readonly spanId?: Uint8Array | string;
  readonly kind?: number | string;
}

/** Decodes `body` (already gunzipped) and counts its spans. */
export function countTraceSpans(body: Uint8Array, contentType: string | undefined): SpanCount {
  const request = (isJson(contentType) ? JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')) : ExportTraceServiceRequest.decode(body)) as DecodedRequest;
  let spans = 0;
  let serverSpans = 0;
  for (const resourceSpans of request.resourceSpans ?? []) {
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        checkId(span.traceId, 16, 'traceId');
        checkId(span.spanId, 8, 'spanId');
        spans += 1;
        if (span.kind === SPAN_KIND_SERVER || span.kind === 'SPAN_KIND_SERVER') serverSpans += 1;
      }
    }
  }
  return { spans, serverSpans };
}

/** Whether an export's content type says OTLP/JSON (`application/json`, parameters allowed). */
export function isJson(contentType: string | undefined): boolean {
  return contentType?.toLowerCase().startsWith('application/json') === true;
}

/** An id is `bytes` long in protobuf and twice that many hex digits in OTLP/JSON (not base64). */
function checkId(id: Uint8Array | string | undefined, bytes: number, field: string): void {
  const ok = typeof id === 'string' ? id.length === bytes * 2 && /^[0-9a-f]+$/i.test(id) : id?.length === bytes;
  if (!ok) throw new Error(`a span's ${field} is not ${bytes} bytes${typeof id === 'string' ? ` of hex (${JSON.stringify(id)})` : ''}`);
}
