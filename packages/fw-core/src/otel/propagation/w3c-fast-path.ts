/**
 * The lean path's fast extraction (issue 36, item 1): when the propagator registered globally is
 * the W3C one fw registered itself (fw-w3c-propagator.ts: tracecontext and/or baggage, the
 * default), the lean listener reads `traceparent` and `tracestate` itself, without a regular
 * expression or a context per header, and asks the propagator for `baggage` only when the
 * header is there. Any other propagator (B3, Jaeger, yours) gets the whole request, through
 * `propagation.extract`, as on the full path. Which one is registered is known by identity: the
 * `fields()` array of fw's propagator is its own, the same array at every call, and the API hands
 * back what the registered propagator returns (one property read and a call, about 2 ns), so a
 * propagator registered later, after `propagation.disable()`, is followed from the next request.
 *
 * This file loads nothing of the SDK: setupTelemetry sets the fast path, the listener reads it.
 */

/** What fw's W3C propagator extracts, and the array that identifies it. */
export interface W3CFastPath {
  /** The `fields()` of fw's registered propagator, by identity. */
  readonly fields: readonly string[];
  /** `traceparent` and `tracestate` (OTEL_PROPAGATORS names `tracecontext`). */
  readonly traceContext: boolean;
  /** `baggage` (OTEL_PROPAGATORS names `baggage`). */
  readonly baggage: boolean;
}

let active: W3CFastPath | undefined;

/** The fast path listeners wrapped from now on may take; undefined: always the registered propagator. */
export function activeW3CFastPath(): W3CFastPath | undefined {
  return active;
}

/** Makes `path` the active fast path (setupTelemetry, when its W3C propagator was registered); returns the undo. */
export function useW3CFastPath(path: W3CFastPath): () => void {
  const previous = active;
  active = path;
  return () => {
    active = previous;
  };
}
