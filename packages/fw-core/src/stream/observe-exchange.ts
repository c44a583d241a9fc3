/**
 * Watches one exchange from the outside: counts request body bytes as the parser pushes them
 * (whether or not anyone reads the body), counts response body bytes as they are written, and
 * reports once when the response finishes or the connection closes first (aborted only when
 * the response had not ended nor written its declared length).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { monotonicMs } from './clock.ts';
import { byteLength, countsInFields, EXCHANGE_COUNTS, type ExchangeCounts } from './exchange.ts';
import type { ExchangeEnd } from './stream-handler.ts';

type Push = IncomingMessage['push'];
type Write = ServerResponse['write'];
type End = ServerResponse['end'];
type WriteHead = ServerResponse['writeHead'];

/** A request or response that may carry its exchange's counts. */
type Counted = { [EXCHANGE_COUNTS]?: ExchangeCounts | undefined };

/**
 * Calls `onEnd` exactly once with the exchange's status, sizes and duration. `startedMs`: the
 * exchange's start on the monotonicMs() clock, when the caller read it already.
 */
export function observeExchange(req: IncomingMessage, res: ServerResponse, onEnd: (end: ExchangeEnd) => void, startedMs?: number): void {
  const observer = { started: startedMs ?? monotonicMs(), onEnd };
  const existing = (res as Counted)[EXCHANGE_COUNTS];
  // Observers of one exchange (nested stream handlers) share its counts and its two listeners.
  if (existing !== undefined) return void existing.observers.push(observer);
  const counts: ExchangeCounts = { requestBytes: 0, responseBytes: 0, headHeaders: undefined, bodyless: req.method === 'HEAD', observers: [observer], reported: false };
  if (!countsInFields(req, res)) wrapToCount(req, res, counts);
  (req as Counted)[EXCHANGE_COUNTS] = counts;
  (res as Counted)[EXCHANGE_COUNTS] = counts;
  // Prepended, so that the end is reported before the listeners of the code being observed.
  // Not once-listeners: a response emits each event once, and `report` runs once anyway, so the
  // once wrappers' allocations and removals would buy nothing. Plain functions reading `this`,
  // not closures: nothing is allocated for them per exchange.
  res.prependListener('finish', onFinish);
  res.prependListener('close', onClose);
}

function onFinish(this: ServerResponse): void {
  report(this, false);
}

/**
 * Aborted means the response did not end. 'close' can come before 'finish' for a complete
 * answer: the client read every byte and hung up while the last write's callback, or a piped
 * file's end(), was still pending. An answer that ended, or that wrote all the bytes its
 * content-length declared, is complete: not an error on the span or the metrics.
 */
function onClose(this: ServerResponse): void {
  const res = this;
  if (res.writableEnded || !res.headersSent) return report(res, !res.writableEnded);
  const counts = (res as Counted)[EXCHANGE_COUNTS]!;
  const declared = contentLengthOf(counts.headHeaders) ?? contentLengthOf({ 'content-length': res.getHeader('content-length') });
  report(res, declared === undefined || counts.responseBytes < declared);
}

/** The end, once, to every observer: the innermost (the last installed) first, like a call stack. */
function report(res: ServerResponse, aborted: boolean): void {
  const counts = (res as Counted)[EXCHANGE_COUNTS]!;
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
  const push: Push = req.push;
  req.push = function countedPush(this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk !== null && chunk !== undefined) counts.requestBytes += byteLength(chunk, encoding);
    return push.call(this, chunk, encoding);
  };
  const write: Write = res.write;
  res.write = function countedWrite(this: ServerResponse, chunk: unknown, ...rest: unknown[]): boolean {
    if (!counts.bodyless) counts.responseBytes += byteLength(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Write;
  const end: End = res.end;
  res.end = function countedEnd(this: ServerResponse, chunk?: unknown, ...rest: unknown[]): ServerResponse {
    if (!counts.bodyless && chunk !== undefined && typeof chunk !== 'function') {
      counts.responseBytes += byteLength(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    }
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as End;
  const writeHead: WriteHead = res.writeHead;
  res.writeHead = function observedWriteHead(this: ServerResponse, statusCode: number, ...rest: unknown[]): ServerResponse {
    counts.headHeaders = rest[rest.length - 1];
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
  } as WriteHead;
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
