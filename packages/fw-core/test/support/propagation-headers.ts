/**
 * Upstream trace contexts in each header format a propagator reads, each naming its own trace,
 * for the propagation tests (issue 36, item 1): a request can carry all of them, and the trace
 * its server span continues says which propagator extracted it.
 */

/** One upstream span per format: W3C `traceparent`, B3 single header, B3 multi headers, Jaeger. */
export const UPSTREAM = {
  w3c: { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' },
  b3: { traceId: 'b3b3b3b3b3b3b3b3b3b3b3b3b3b3b301', spanId: 'b3b3b3b3b3b3b301' },
  b3multi: { traceId: 'b3bbbbbbbbbbbbbbbbbbbbbbbbbbbb02', spanId: 'bbbbbbbbbbbbbb02' },
  jaeger: { traceId: 'aeaeaeaeaeaeaeaeaeaeaeaeaeaeae03', spanId: 'aeaeaeaeaeaeae03' },
} as const;

/** The headers of each format, sampled. */
export const HEADERS = {
  w3c: { traceparent: `00-${UPSTREAM.w3c.traceId}-${UPSTREAM.w3c.spanId}-01` },
  b3: { b3: `${UPSTREAM.b3.traceId}-${UPSTREAM.b3.spanId}-1` },
  b3multi: { 'x-b3-traceid': UPSTREAM.b3multi.traceId, 'x-b3-spanid': UPSTREAM.b3multi.spanId, 'x-b3-sampled': '1' },
  jaeger: { 'uber-trace-id': `${UPSTREAM.jaeger.traceId}:${UPSTREAM.jaeger.spanId}:0:01` },
  baggage: { baggage: 'user=alice' },
} as const;

/** Every format at once, and baggage. */
export const ALL_HEADERS: Record<string, string> = { ...HEADERS.w3c, ...HEADERS.b3, ...HEADERS.b3multi, ...HEADERS.jaeger, ...HEADERS.baggage };

/** The trace ids of every format: a server span whose trace is none of them started a new trace. */
export const UPSTREAM_TRACES: readonly string[] = Object.values(UPSTREAM).map((span) => span.traceId);
