/**
 * W3C Trace Context traceparent forms, valid and invalid, shared by the SDK-path test
 * (otel-traceparent.test.ts) and the lean parser's differential test.
 */

export const TRACE = '0af7651916cd43dd8448eb211c80319c';
export const PARENT = 'b7ad6b7169203331';

/** Headers that must start a new trace (and drop tracestate), by what is wrong with them. */
export const INVALID_TRACEPARENTS: Readonly<Record<string, string>> = {
  'all-zero trace id': `00-${'0'.repeat(32)}-${PARENT}-01`,
  'all-zero parent id': `00-${TRACE}-${'0'.repeat(16)}-01`,
  'version ff': `ff-${TRACE}-${PARENT}-01`,
  'uppercase hex': `00-${TRACE.toUpperCase()}-${PARENT}-01`,
  'short trace id': `00-${TRACE.slice(1)}-${PARENT}-01`,
  'long parent id': `00-${TRACE}-${PARENT}0-01`,
  'one-digit flags': `00-${TRACE}-${PARENT}-1`,
  'version 00 with extra fields': `00-${TRACE}-${PARENT}-01-extra`,
  'non-hex characters': `00-${TRACE.slice(0, 31)}g-${PARENT}-01`,
  garbage: 'not a traceparent',
  empty: '',
};
