/**
 * The parent of a lean server span (issue 36, item 1), from the request's headers: on the fast
 * path (w3c-fast-path.ts) from fw's own `traceparent` parse, otherwise from the context the
 * registered propagator extracted, as the SDK's tracer takes it (a valid span context in the
 * context is the parent; its trace state comes along as the propagator made it).
 */
import { isSpanContextValid, propagation, ROOT_CONTEXT, trace, type Context } from '@opentelemetry/api';
import { fromHex, toHex } from '../lean/span-ids.ts';
import type { RemoteParent } from '../lean/traceparent.ts';

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
