/**
 * Watching one exchange from the outside: request body bytes as the parser pushes them (read or
 * not), response body bytes as written, one report when the response finishes or the connection
 * closes first. fw's server and inject() count with exchange.ts's Counted classes; wrapping the
 * methods per exchange (wrapToCount: closures per request, megamorphic node:http accesses) is
 * only for servers fw did not make.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { byteLength, CountedIncomingMessage, CountedServerResponse, COUNTS, encodingOf, type Counted, type ExchangeCounts } from './exchange.ts';
import { monotonicMs } from './clock.ts';
import type { ExchangeEnd } from './stream-handler.ts';

/** Calls `onEnd` once with the exchange's status, sizes and duration; `startedMs`: on monotonicMs(). */
export function observeExchange(req: IncomingMessage, res: ServerResponse, onEnd: (end: ExchangeEnd) => void, startedMs?: number): void {
  const observer = { started: startedMs ?? monotonicMs(), onEnd };
  const existing = (res as Counted)[COUNTS];
  // Observers of one exchange (nested stream handlers) share its counts and its two listeners.
  if (existing !== undefined) return void existing.observers.push(observer);
  const counts: ExchangeCounts = { requestBytes: 0, responseBytes: 0, headHeaders: undefined, bodyless: req.method === 'HEAD', observers: [observer], reported: false };
  if (!(req instanceof CountedIncomingMessage && res instanceof CountedServerResponse)) wrapToCount(req, res, counts);
  (req as Counted)[COUNTS] = counts;
  (res as Counted)[COUNTS] = counts;
  // Prepended: reported before the observed code hears of the end. Plain functions: no closures per exchange.
  res.prependListener('finish', onFinish);
  res.prependListener('close', onClose);
}

function onFinish(this: ServerResponse): void {
  report(this, false);
}

/**
 * 'close' can come before 'finish' for a complete answer (the client read every byte and hung up
 * while the last write's callback was pending): one that ended, or wrote its declared
 * content-length, is not aborted.
 */
function onClose(this: ServerResponse): void {
  const res = this;
  if (res.writableEnded || !res.headersSent) return report(res, !res.writableEnded);
  const counts = (res as Counted)[COUNTS]!;
  const declared = contentLengthOf(counts.headHeaders) ?? contentLengthOf({ 'content-length': res.getHeader('content-length') });
  report(res, declared === undefined || counts.responseBytes < declared);
}

/** The end, once, to every observer: the innermost (the last installed) first, like a call stack. */
function report(res: ServerResponse, aborted: boolean): void {
  const counts = (res as Counted)[COUNTS]!;
  if (counts.reported) return;
  counts.reported = true;
  const now = monotonicMs();
  const status = aborted && !res.headersSent ? 0 : res.statusCode;
  const { observers } = counts;
  for (let i = observers.length - 1; i >= 0; i -= 1) {
    const { started, onEnd } = observers[i]!;
    onEnd({ status, requestBodySize: counts.requestBytes, responseBodySize: counts.responseBytes, durationMs: now - started, endedMs: now, aborted });
  }
}

/** Counting for node:http's plain request and response: their methods wrapped, per exchange. */
function wrapToCount(req: IncomingMessage, res: ServerResponse, counts: ExchangeCounts): void {
  const { push } = req;
  req.push = function countedPush(this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk !== null && chunk !== undefined) counts.requestBytes += byteLength(chunk, encoding);
    return push.call(this, chunk, encoding);
  };
  const write = res.write as (...args: unknown[]) => boolean;
  res.write = function countedWrite(this: ServerResponse, chunk: unknown, ...rest: unknown[]): boolean {
    if (!counts.bodyless) counts.responseBytes += byteLength(chunk, encodingOf(rest[0]));
    return write.call(this, chunk, ...rest);
  } as ServerResponse['write'];
  const end = res.end as (...args: unknown[]) => ServerResponse;
  res.end = function countedEnd(this: ServerResponse, chunk?: unknown, ...rest: unknown[]): ServerResponse {
    if (!counts.bodyless && chunk !== undefined && typeof chunk !== 'function') counts.responseBytes += byteLength(chunk, encodingOf(rest[0]));
    return end.call(this, chunk, ...rest);
  } as ServerResponse['end'];
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function observedWriteHead(this: ServerResponse, statusCode: number, ...rest: unknown[]): ServerResponse {
    counts.headHeaders = rest[rest.length - 1];
    return writeHead.call(this, statusCode, ...rest);
  } as ServerResponse['writeHead'];
}

/** The content-length among writeHead's headers (an object or a flat name/value array), if any. */
function contentLengthOf(headers: unknown): number | undefined {
  let value: unknown;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === 'content-length') value = headers[i + 1];
  } else if (typeof headers === 'object' && headers !== null) {
    for (const name in headers) if (name.toLowerCase() === 'content-length') value = (headers as Record<string, unknown>)[name];
  }
  const length = Number(value);
  return value !== undefined && value !== '' && Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}
