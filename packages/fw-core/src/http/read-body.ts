/**
 * Reading a request body into one Buffer with a size limit, and decoding its Content-Type and
 * JSON (fw_request_plugin). Error messages are written for the client (every code here is 4xx,
 * so `expose` is true): a plugin may answer with them as they are. Reading follows Fastify's
 * suite: Content-Length against the limit up front, bytes against the limit while streaming, a
 * short body or an aborted upload is a 400.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FwError, isFwError } from '../errors.ts';
import { closeLingering } from './lingering-close.ts';
import { responseOnSocket } from './node-internals.ts';
import type { JsonLib } from './request.ts';

/** One read per request: a second `readBody` gets the same bytes (or the same failure). */
const READ = Symbol('fw.bodyRead');
/** The `100 Continue` a request that expects one gets when anything reads its body, or before its handler if it has none. */
const CONTINUE = Symbol('fw.continue');

/** `req`, sent `100 Continue` on `res` by sendContinue, which its first read calls too (a plugin's, a stream handler's). */
export function continueOnRead(req: IncomingMessage, res: ServerResponse): IncomingMessage {
  const read = req._read;
  req._read = function (size) {
    sendContinue(req);
    return read.call(this, size);
  };
  return Object.assign(req, { [CONTINUE]: res });
}

/** Sends the `100 Continue` `req` expects, once (`withoutBody`: only if it has no body to invite); nothing for any other request. */
export function sendContinue(req: IncomingMessage, withoutBody = false): void {
  const held = req as { [CONTINUE]?: ServerResponse };
  const res = held[CONTINUE];
  if (res === undefined || (withoutBody && carriesBody(req))) return;
  held[CONTINUE] = undefined;
  if (!res.headersSent) res.writeContinue();
}

/**
 * Reads `req`'s body, at most `limit` bytes. Rejects with FW_ERR_UNSUPPORTED_ENCODING (415)
 * for a Content-Encoding other than identity, FW_ERR_BODY_TOO_LARGE (413) when Content-Length
 * or the bytes received exceed `limit` (reading then stops; the connection closes after the answer),
 * FW_ERR_BODY_LENGTH_MISMATCH (400) when the body ends short or the client goes away, and
 * FW_ERR_BODY_ALREADY_CONSUMED when someone else read the body first (unless they left it in
 * `req.body` as a string or Buffer, as `express.text()` and `express.raw()` do). Settles exactly once.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const message = req as IncomingMessage & { [READ]?: Promise<Buffer> };
  const earlier = message[READ];
  if (earlier !== undefined) return earlier.then((bytes) => withinLimit(req, bytes, limit));
  // Not async: the read's own promise is the answer, one promise per body (bench/schemas.bench.ts, case a).
  try {
    // A parser in front of fw (express.text(), express.raw()) read it, decompressed, into `req.body`.
    const upstream = req.readableDidRead ? (req as IncomingMessage & { body?: unknown }).body : undefined;
    if (typeof upstream === 'string' || Buffer.isBuffer(upstream))
      return Promise.resolve(withinLimit(req, typeof upstream === 'string' ? Buffer.from(upstream) : upstream, limit));
    const encoding = req.headers['content-encoding']
      ?.split(',')
      .map((coding) => coding.trim().toLowerCase())
      .find((coding) => coding !== '' && coding !== 'identity');
    if (encoding !== undefined)
      throw new FwError('FW_ERR_UNSUPPORTED_ENCODING', 'unsupported content-encoding', { details: { encoding } });
    const declared = declaredLength(req);
    if (declared !== undefined && declared > limit) throw tooLarge(req, limit, { declared });
    // The stream ended before we looked: fine for a request that never had a body.
    const ended = req.readableEnded || req.readableDidRead;
    if (ended && carriesBody(req))
      throw new FwError('FW_ERR_BODY_ALREADY_CONSUMED', 'the request body was already read by someone else');
    if (ended) return Promise.resolve(Buffer.alloc(0));
    if (req.destroyed) throw incomplete(declared, 0);
    return (message[READ] = collect(req, limit, declared));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The headers of an answer refusing readBody's `error` (fw_request_plugin, fw for a handler): a 415 names the codings fw reads,
 * identity (RFC 9110 §15.5.16); a 413 says `connection: close`, which tooLarge arranged, lingering, whoever answers (a plugin too).
 */
export function refusingBody(error: unknown): Record<string, string> | undefined {
  if (isFwError(error, 'FW_ERR_UNSUPPORTED_ENCODING')) return { 'accept-encoding': 'identity' };
  return isFwError(error, 'FW_ERR_BODY_TOO_LARGE') ? { connection: 'close' } : undefined;
}

/** `bytes` read before fw looked, refused when over `limit`. */
function withinLimit(req: IncomingMessage, bytes: Buffer, limit: number): Buffer {
  if (bytes.length > limit) throw tooLarge(req, limit, { received: bytes.length });
  return bytes;
}

function collect(req: IncomingMessage, limit: number, declared: number | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    // Small chunks in a row, merged by the 1,024: node:http hands each chunk of a chunked body over as a Buffer of its own,
    // ~200 bytes of heap however small (1 MiB sent a byte per chunk held 260 MB).
    let small = 0;
    const finish = (error?: FwError): void => {
      settled = true;
      // A body that came in one chunk (most JSON bodies) is answered without a copy. After 'end' the listeners
      // stay, inert, for the request's life: removing four cost more than the read (bench/schemas.bench.ts, case a).
      if (error === undefined) return resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      reject(error);
    };
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      small = bytes.length < 1024 ? (small % 1024) + 1 : 0;
      if (received <= limit)
        return void chunks.push(small === 1024 ? Buffer.concat([...chunks.splice(-1023), bytes]) : bytes);
      // Stop pulling bytes off the wire (tooLarge closes the connection after the answer).
      req.unpipe();
      req.pause();
      finish(tooLarge(req, limit, { received }));
    };
    const onEnd = (): void =>
      finish(declared !== undefined && received !== declared ? incomplete(declared, received) : undefined);
    const onError = (cause: Error): void => void (settled || finish(incomplete(declared, received, cause)));
    // 'close' before 'end' is how an aborted upload shows (after the doc-deprecated 'aborted').
    const onClose = (): void => void (settled || finish(incomplete(declared, received)));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** Default `max_body_size` of fw_request_plugin, 1 MiB as Fastify's `bodyLimit`: also the most of a body left unread that node:http may drain. */
export const DEFAULT_MAX_BODY_SIZE = 1_048_576;

/**
 * Whether an answer written now leaves more of `req`'s body unread than DEFAULT_MAX_BODY_SIZE, or a chunked one (docs/pipeline.md,
 * "Unread bodies"): node:http would read it all to keep the connection (a client decides how much), so the answer closes it instead.
 */
export function leavesBodyUnread(req: IncomingMessage): boolean {
  return (
    !req.complete &&
    req.readableFlowing === null &&
    (req.headers['transfer-encoding'] !== undefined || (declaredLength(req) ?? 0) > DEFAULT_MAX_BODY_SIZE)
  );
}

/** Whether `req` says it carries a body: Transfer-Encoding, or a Content-Length above 0. */
export function carriesBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || (declaredLength(req) ?? 0) > 0;
}

/** Content-Length as a number; undefined when absent or when Transfer-Encoding overrides it. */
function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined || req.headers['transfer-encoding'] !== undefined) return undefined;
  // Node's parser already refuses non-numeric and conflicting values with its own 400.
  return /^\d+$/.test(header) ? Number(header) : undefined;
}

function tooLarge(req: IncomingMessage, limit: number, facts: Record<string, number>): FwError {
  const res = req.socket && responseOnSocket(req.socket);
  if (res?.req === req) closeLingering(res);
  return new FwError('FW_ERR_BODY_TOO_LARGE', 'request body too large', { details: { limit, ...facts } });
}

function incomplete(declared: number | undefined, received: number, cause?: unknown): FwError {
  return new FwError('FW_ERR_BODY_LENGTH_MISMATCH', 'request body incomplete', {
    cause,
    details: { declared, received },
  });
}

/** A parsed Content-Type: `type/subtype` and the `charset` parameter (undefined when absent), lowercased. */
export type ContentType = { readonly mediaType: string; readonly charset: string | undefined };

const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;
const PARAMETER = /[ \t]*;[ \t]*([!#$%&'*+.^_`|~0-9A-Za-z-]+)=("(?:[^"\\]|\\.)*"|[!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*/y;

/**
 * Parses a Content-Type header (RFC 9110 §8.3.1); undefined when absent or not `type/subtype`.
 * Only the part before the first `;` is the media type, so a parameter that merely mentions one
 * (`text/plain; content-type="application/json"`) never changes what the body is.
 */
export function parseContentType(header: string | undefined): ContentType | undefined {
  if (header === undefined) return undefined;
  // Clients of one API send one Content-Type: the last parse is kept (bench/schemas.bench.ts, case a; Fastify caches them too).
  if (header === last.header) return last.parsed;
  const semicolon = header.indexOf(';');
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  const parsed = MEDIA_TYPE.test(mediaType)
    ? { mediaType, charset: semicolon === -1 ? undefined : charsetOf(header, semicolon) }
    : undefined;
  last = { header, parsed };
  return parsed;
}

let last: { readonly header: string; readonly parsed: ContentType | undefined } = { header: '', parsed: undefined };

/** True for `application/json` and every `+json` structured-syntax type (RFC 6839 §3.1). */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** UTF-8's WHATWG Encoding labels: the charsets a body may declare. */
export const UTF8_LABELS: ReadonlySet<string> = new Set([
  'utf-8',
  'utf8',
  'unicode-1-1-utf-8',
  'unicode11utf8',
  'unicode20utf8',
  'x-unicode20utf8',
]);

/** The first `charset` parameter; parsing stops quietly at the first malformed parameter. */
function charsetOf(header: string, from: number): string | undefined {
  PARAMETER.lastIndex = from;
  for (let match = PARAMETER.exec(header); match !== null; match = PARAMETER.exec(header)) {
    if (match[1]?.toLowerCase() !== 'charset') continue;
    const value = match[2] ?? '';
    return (value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value).toLowerCase();
  }
  return undefined;
}

/** Deepest JSON nesting accepted: V8's JSON.stringify overflows at about 4,000 levels, so a deeper body could be decoded yet never echoed or logged. */
export const MAX_JSON_DEPTH = 1000;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const JSON_WHITESPACE_ONLY = /^[ \t\n\r]*$/;

/**
 * Decodes a JSON body with `json` (the app's json_lib): strict UTF-8, no prototype-poisoning keys,
 * bounded depth. Undefined for an empty or whitespace-only body. Throws FW_ERR_BODY_MALFORMED_JSON,
 * FW_ERR_BODY_FORBIDDEN_KEY (`__proto__` anywhere, or `constructor` holding an object with a
 * `prototype` key) or FW_ERR_BODY_TOO_DEEP.
 */
export function parseJsonBody(bytes: Uint8Array, json: JsonLib): unknown {
  let text: string;
  let value: unknown;
  try {
    text = utf8.decode(bytes); // also drops a leading BOM, which RFC 8259 §8.1 lets us ignore
    if (JSON_WHITESPACE_ONLY.test(text)) return undefined;
    value = json.parse(text);
  } catch (cause) {
    // V8's parser throws RangeError on nesting deeper than its stack allows.
    if (cause instanceof RangeError) throw tooDeep(cause);
    throw new FwError('FW_ERR_BODY_MALFORMED_JSON', 'malformed JSON body', { cause });
  }
  // The walk only when the text could nest past MAX_JSON_DEPTH (each level takes two brackets)
  // or hold a forbidden key: `proto` is in `__proto__` and `prototype`, a `\u` escape could spell them.
  if (text.length > 2 * MAX_JSON_DEPTH || text.includes('proto') || text.includes('\\u')) checkJsonValue(value);
  return value;
}

/**
 * Walks a parsed value with its own stack, not a JSON.parse reviver (V8 runs revivers recursively
 * and overflows on deep input), and throws on a forbidden key or excessive depth; else returns it
 * (a body another server's parser decoded goes through it too).
 */
export function checkJsonValue<T>(value: T): T {
  const stack: [unknown, number][] = [[value, 1]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, depth] = entry;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_JSON_DEPTH) throw tooDeep();
    if (Array.isArray(node)) {
      for (const item of node) stack.push([item, depth + 1]);
      continue;
    }
    // JSON.parse defines `__proto__` as an own data property; merging such an object later
    // (Object.assign, spread into a target with setters, lodash.merge) would poison prototypes.
    if (Object.hasOwn(node, '__proto__')) throw forbidden('__proto__');
    const record = node as Record<string, unknown>;
    const ctor = Object.hasOwn(node, 'constructor') ? record['constructor'] : undefined;
    if (typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype'))
      throw forbidden('constructor.prototype');
    for (const key in record) stack.push([record[key], depth + 1]);
  }
  return value;
}

function forbidden(key: string): FwError {
  return new FwError('FW_ERR_BODY_FORBIDDEN_KEY', `forbidden key in JSON body: ${key}`, { details: { key } });
}

function tooDeep(cause?: unknown): FwError {
  return new FwError('FW_ERR_BODY_TOO_DEEP', 'JSON body nested too deeply', {
    cause,
    details: { maxDepth: MAX_JSON_DEPTH },
  });
}
