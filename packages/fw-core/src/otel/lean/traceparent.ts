/**
 * The parent of a lean server span. On the W3C fast path, `traceparent` is parsed by hand to bytes
 * with the W3C's rules (https://www.w3.org/TR/trace-context/#traceparent-header): anything invalid
 * is no parent, and `tracestate` goes with it; `tracestate` is parsed once as the official
 * propagator parses it (issue 36, item 3). Otherwise the parent is what the registered propagator
 * extracted, as the SDK's tracer takes it.
 */
import { type Context, isSpanContextValid, propagation, ROOT_CONTEXT, trace, type TraceState } from '@opentelemetry/api';
import { traceStateOf } from '../propagation/trace-state.ts';
import { fromHex, nibble, toHex } from './span-ids.ts';

/** The upstream span a valid `traceparent` names. */
export interface RemoteParent {
  readonly traceId: Uint8Array;
  readonly spanId: Uint8Array;
  /** The trace flags byte (bit 0: sampled). */
  readonly flags: number;
  /** The parsed `tracestate`, when there was one; a propagator's own TraceState on the general path. */
  readonly traceState: TraceState | undefined;
}

const TRACEPARENT_LENGTH = 55;

/** The parent in `traceparent` (with `tracestate` kept), or undefined when it is not valid. */
export function parseTraceparent(traceparent: string | string[] | undefined, tracestate?: string | string[]): RemoteParent | undefined {
  if (typeof traceparent !== 'string') return undefined;
  // node:http has already stripped the whitespace around a header value.
  const header = traceparent;
  if (header.length < TRACEPARENT_LENGTH) return undefined;
  const version = hexByte(header, 0);
  if (version < 0 || version === 0xff) return undefined;
  if (version === 0 ? header.length !== TRACEPARENT_LENGTH : header.length > TRACEPARENT_LENGTH && header.charCodeAt(TRACEPARENT_LENGTH) !== 45 /* - */) return undefined;
  if (header.charCodeAt(2) !== 45 || header.charCodeAt(35) !== 45 || header.charCodeAt(52) !== 45) return undefined;
  const traceId = fromHex(header.slice(3, 35), 16);
  const spanId = fromHex(header.slice(36, 52), 8);
  const flags = hexByte(header, 53);
  if (traceId === undefined || spanId === undefined || flags < 0) return undefined;
  return { traceId, spanId, flags, traceState: traceStateOf(tracestate) };
}

/** The byte written as two lowercase hex digits at `at`, or -1. */
function hexByte(text: string, at: number): number {
  const high = nibble(text.charCodeAt(at));
  const low = nibble(text.charCodeAt(at + 1));
  return high < 0 || low < 0 ? -1 : (high << 4) | low;
}

/** The context of the upstream span fw parsed, and of the baggage when the request carried it; ROOT_CONTEXT else. */
export function w3cParentContext(remote: RemoteParent | undefined, baggage: string | string[] | undefined): Context {
  // Baggage is rare: the registered propagator handles it, only when the header is there.
  const parent = baggage === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, { baggage });
  if (remote === undefined) return parent;
  return trace.setSpanContext(parent, {
    traceId: toHex(remote.traceId),
    spanId: toHex(remote.spanId),
    traceFlags: remote.flags,
    isRemote: true,
    ...(remote.traceState === undefined ? {} : { traceState: remote.traceState }),
  });
}

/** The upstream span in a context a propagator extracted, or undefined when it holds no valid one. */
export function remoteParentOf(context: Context): RemoteParent | undefined {
  const parent = trace.getSpanContext(context);
  if (parent === undefined || !isSpanContextValid(parent)) return undefined;
  // The API accepts uppercase hex ids; OTLP carries bytes either way.
  const traceId = fromHex(parent.traceId.toLowerCase(), 16);
  const spanId = fromHex(parent.spanId.toLowerCase(), 8);
  if (traceId === undefined || spanId === undefined) return undefined;
  return { traceId, spanId, flags: parent.traceFlags, traceState: parent.traceState };
}
