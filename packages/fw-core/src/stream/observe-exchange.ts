/**
 * Watches one exchange from the outside: counts request body bytes as the parser pushes them
 * (whether or not anyone reads the body), counts response body bytes as they are written, and
 * reports once when the response finishes or the connection closes first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExchangeEnd } from './stream-handler.ts';

type Push = IncomingMessage['push'];
type Write = ServerResponse['write'];
type End = ServerResponse['end'];

/** Calls `onEnd` exactly once with the exchange's status, sizes and duration. */
export function observeExchange(req: IncomingMessage, res: ServerResponse, onEnd: (end: ExchangeEnd) => void): void {
  const started = process.hrtime.bigint();
  let requestBytes = 0;
  let responseBytes = 0;
  const bodyless = req.method === 'HEAD';

  const push: Push = req.push;
  req.push = function countedPush(this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk !== null && chunk !== undefined) requestBytes += byteLength(chunk, encoding);
    return push.call(this, chunk, encoding);
  };
  const write: Write = res.write;
  res.write = function countedWrite(this: ServerResponse, chunk: unknown, ...rest: unknown[]): boolean {
    if (!bodyless) responseBytes += byteLength(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Write;
  const end: End = res.end;
  res.end = function countedEnd(this: ServerResponse, chunk?: unknown, ...rest: unknown[]): ServerResponse {
    if (!bodyless && chunk !== undefined && typeof chunk !== 'function') {
      responseBytes += byteLength(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    }
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as End;

  let reported = false;
  const report = (aborted: boolean): void => {
    if (reported) return;
    reported = true;
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    const status = aborted && !res.headersSent ? 0 : res.statusCode;
    onEnd({ status, requestBodySize: requestBytes, responseBodySize: responseBytes, durationMs, aborted });
  };
  // Prepended, so that nested stream handlers see the end innermost first, like a call stack.
  res.prependOnceListener('finish', () => report(false));
  res.prependOnceListener('close', () => report(!res.writableFinished));
}

function byteLength(chunk: unknown, encoding: BufferEncoding | undefined): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, encoding ?? 'utf8');
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}
