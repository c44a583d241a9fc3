/** One OTLP trace request of fw's lean encoder holding `spans`, for the tests that decode what it writes. */
import { type LeanResource, type LeanSpanData, OtlpTraceEncoder } from '../../src/otel/lean/otlp-trace-encoder.ts';

/** One request holding `spans`. */
export function encodeTraceRequest(resource: LeanResource, spans: Iterable<LeanSpanData>): Uint8Array {
  const encoder = new OtlpTraceEncoder(resource);
  for (const span of spans) encoder.add(span);
  return encoder.take();
}
