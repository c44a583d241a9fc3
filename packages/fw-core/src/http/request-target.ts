/** The request target's parsing, kept at this path for otel/ (it lives with the exchange, stream/exchange.ts). */
export { hasRepeatedHeader, parseRequestTarget, requestHost, splitPathAndQuery } from '../stream/exchange.ts';
export type { RequestHost, RequestTarget } from '../stream/exchange.ts';
