/**
 * The official OTLP trace definitions, as protobufjs code generated from opentelemetry-proto by
 * the OpenTelemetry JS project: opentelemetry-proto-protobufjs.cjs is
 * `build/src/generated/root.js` of @opentelemetry/otlp-transformer 0.216.0 (Apache-2.0), byte
 * for byte, the last release that shipped it (later ones hand-write their encoder, and no npm
 * package ships the .proto files). To check it: `npm pack @opentelemetry/otlp-transformer@0.216.0`
 * and compare; its SHA-256 is checked here on every load. It holds common, resource, trace and
 * metrics v1 and their collector requests (opentelemetry-proto with SpanFlags and EntityRef).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const FILE = new URL('./opentelemetry-proto-protobufjs.cjs', import.meta.url);
const SHA256 = '50dc55253b4e376aab115dd1b00caf8bb4837f62c633e41b4e9eccf8f05c92bf';

/** The decoder side of a generated message type. */
export interface GeneratedType {
  encode(message: object): { finish(): Uint8Array };
  decode(bytes: Uint8Array): object;
  toObject(message: object, options: Record<string, unknown>): Record<string, unknown>;
  verify(message: object): string | null;
}

const actual = createHash('sha256').update(readFileSync(FILE)).digest('hex');
if (actual !== SHA256) throw new Error(`opentelemetry-proto-protobufjs.cjs was changed (sha256 ${actual}); restore it from @opentelemetry/otlp-transformer@0.216.0`);

const root = createRequire(import.meta.url)(FILE.pathname) as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: GeneratedType } } }; trace: { v1: { SpanFlags: Record<string, number> } } } };
};

/** `opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest`. */
export const ExportTraceServiceRequest = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/** `opentelemetry.proto.trace.v1.SpanFlags`, by name. */
export const SpanFlags = root.opentelemetry.proto.trace.v1.SpanFlags;

/**
 * Decodes an export request (checked to be canonical) to plain objects: 64-bit numbers as decimal strings (exact), enums
 * as names, bytes as Uint8Array, defaults filled in, and the AnyValue oneof named in `value`.
 */
export function decodeTraceRequest(bytes: Uint8Array): Record<string, unknown> {
  const message = ExportTraceServiceRequest.decode(bytes);
  const problem = ExportTraceServiceRequest.verify(message);
  if (problem !== null) throw new Error(`decoded request does not verify: ${problem}`);
  // Re-encoded by the official code, the request must come out byte for byte: fields in order,
  // shortest varints, no field written twice or left unknown.
  const again = ExportTraceServiceRequest.encode(message).finish();
  if (Buffer.compare(again, bytes) !== 0) throw new Error('the official encoder writes this request differently: not canonical');
  return ExportTraceServiceRequest.toObject(message, { longs: String, enums: String, bytes: Uint8Array, defaults: true, oneofs: true });
}
