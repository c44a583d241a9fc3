/**
 * The partial success of an OTLP answer (https://opentelemetry.io/docs/specs/otlp/#partial-success):
 * a 2xx answer whose ExportTraceServiceResponse / ExportMetricsServiceResponse carries
 * `partial_success { rejected_spans | rejected_data_points, error_message }`, in protobuf or
 * OTLP/JSON as the request was sent. The SDK's exporters warn about it through the diag logger;
 * fw reports it (export-problem-log.ts) and counts the rejected spans as failed (issue 36, item 4).
 */
import type { OtlpProtocol } from './env-config.ts';
import { readFields } from './lean/protobuf-reader.ts';

/** What the collector did not accept, and why. */
export interface PartialSuccess {
  readonly rejected: number;
  readonly message: string;
}

/** The answer's partial success; undefined for a full success (no field, or nothing rejected and no message) or a body that cannot be read. */
export function partialSuccessOf(body: Uint8Array | undefined, protocol: OtlpProtocol): PartialSuccess | undefined {
  if (body === undefined || body.length === 0) return undefined;
  try {
    const found = protocol === 'http/json' ? fromJson(body) : fromProtobuf(body);
    return found === undefined || (found.rejected === 0 && found.message === '') ? undefined : found;
  } catch {
    return undefined;
  }
}

function fromProtobuf(body: Uint8Array): PartialSuccess | undefined {
  const outer = readFields(body).find((field) => field.field === 1 && field.wire === 2);
  if (outer === undefined) return undefined;
  let rejected = 0;
  let message = '';
  for (const field of readFields(outer.value as Uint8Array)) {
    // rejected_spans and rejected_data_points are both field 1 (int64), error_message field 2.
    if (field.field === 1 && field.wire === 0) rejected = Number(BigInt.asIntN(64, field.value));
    else if (field.field === 2 && field.wire === 2) message = Buffer.from(field.value).toString('utf8');
  }
  return { rejected, message };
}

function fromJson(body: Uint8Array): PartialSuccess | undefined {
  const parsed = JSON.parse(Buffer.from(body).toString('utf8')) as { partialSuccess?: { rejectedSpans?: unknown; rejectedDataPoints?: unknown; errorMessage?: unknown } } | null;
  const partial = parsed?.partialSuccess;
  if (partial === undefined || partial === null) return undefined;
  const rejected = Number(partial.rejectedSpans ?? partial.rejectedDataPoints ?? 0);
  return { rejected: Number.isFinite(rejected) ? rejected : 0, message: typeof partial.errorMessage === 'string' ? partial.errorMessage : '' };
}
