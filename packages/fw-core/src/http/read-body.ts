/**
 * Reading a request body into one Buffer with a size limit. Error messages are written for
 * the client (every code here is 4xx, so `expose` is true): a plugin may answer with them as
 * they are. Checks follow Fastify's suite: Content-Length against the limit up front, bytes
 * against the limit while streaming, a short body or an aborted upload is a 400.
 */
import type { IncomingMessage } from 'node:http';
import { FwError } from '../errors.ts';

/** One read per request: a second `readBody` gets the same bytes (or the same failure). */
const READ = Symbol('fw.bodyRead');

type WithRead = IncomingMessage & { [READ]?: Promise<Buffer> };

/**
 * Reads `req`'s body, at most `limit` bytes. Rejects with FW_ERR_UNSUPPORTED_ENCODING (415)
 * for a Content-Encoding other than identity, FW_ERR_BODY_TOO_LARGE (413) when Content-Length
 * or the bytes received exceed `limit` (reading then stops: reply with `connection: close`),
 * FW_ERR_BODY_LENGTH_MISMATCH (400) when the body ends short or the client goes away, and
 * FW_ERR_BODY_ALREADY_CONSUMED when someone else read the body first. Settles exactly once.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const message = req as WithRead;
  const earlier = message[READ];
  if (earlier !== undefined) return earlier.then((bytes) => withinLimit(bytes, limit));
  try {
    checkEncoding(req);
    const declared = declaredLength(req);
    if (declared !== undefined && declared > limit) throw tooLarge(limit, { declared });
    if (req.readableEnded || req.readableDidRead) return Promise.resolve(consumedElsewhere(req, declared));
    if (req.destroyed) throw incomplete(declared, 0);
    const read = collect(req, limit, declared);
    message[READ] = read;
    return read;
  } catch (error) {
    return Promise.reject(error);
  }
}

function collect(req: IncomingMessage, limit: number, declared: number | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (error?: FwError): void => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      // A body that came in one chunk (most JSON bodies) is answered without a copy.
      if (error === undefined) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
      else reject(error);
    };
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) {
        // Stop pulling bytes off the wire; the reply carries `connection: close`, so Node
        // closes the socket once it is written instead of parsing the rest as a next request.
        req.unpipe();
        req.pause();
        finish(tooLarge(limit, { received }));
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = (): void => {
      finish(declared !== undefined && received !== declared ? incomplete(declared, received) : undefined);
    };
    const onError = (cause: Error): void => finish(incomplete(declared, received, cause));
    // 'close' before 'end' is how an aborted upload shows (Node also emits the doc-deprecated
    // 'aborted' first; 'close' always follows it).
    const onClose = (): void => finish(incomplete(declared, received));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

function withinLimit(bytes: Buffer, limit: number): Buffer {
  if (bytes.length > limit) throw tooLarge(limit, { received: bytes.length });
  return bytes;
}

/** The stream ended before we looked: fine for a request that never had a body. */
function consumedElsewhere(req: IncomingMessage, declared: number | undefined): Buffer {
  const hadBody = (declared !== undefined && declared > 0) || req.headers['transfer-encoding'] !== undefined;
  if (!hadBody) return Buffer.alloc(0);
  throw new FwError('FW_ERR_BODY_ALREADY_CONSUMED', 'the request body was already read by someone else');
}

function checkEncoding(req: IncomingMessage): void {
  const header = req.headers['content-encoding'];
  if (header === undefined) return;
  for (const coding of header.split(',')) {
    const name = coding.trim().toLowerCase();
    if (name !== '' && name !== 'identity') {
      throw new FwError('FW_ERR_UNSUPPORTED_ENCODING', 'unsupported content-encoding', { details: { encoding: name } });
    }
  }
}

/** Content-Length as a number; undefined when absent or when Transfer-Encoding overrides it. */
function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined || req.headers['transfer-encoding'] !== undefined) return undefined;
  // Node's parser already refuses non-numeric and conflicting values with its own 400.
  return /^\d+$/.test(header) ? Number(header) : undefined;
}

function tooLarge(limit: number, facts: Record<string, number>): FwError {
  return new FwError('FW_ERR_BODY_TOO_LARGE', 'request body too large', { details: { limit, ...facts } });
}

function incomplete(declared: number | undefined, received: number, cause?: unknown): FwError {
  return new FwError('FW_ERR_BODY_LENGTH_MISMATCH', 'request body incomplete', { cause, details: { declared, received } });
}
