/**
 * Raw HTTP/1.1 over a socket: send exactly the bytes a test wants (duplicate headers, wrong
 * content-length, a head sent byte by byte) and read back exactly what the server wrote, then
 * check that it is a well-formed response.
 */
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** What came back on one connection. */
export interface RawExchange {
  /** Every byte the server wrote. */
  readonly bytes: Buffer;
  /** How the connection ended: the server closed it, a socket error, our time bound, or `quietMs` without a byte. */
  readonly ended: 'closed' | 'error' | 'timeout' | 'quiet';
  /** ms from the connection to the end. */
  readonly elapsedMs: number;
}

/** Options of exchangeRaw. */
export interface RawOptions {
  /** Give up (and destroy the socket) after this many ms. */
  readonly timeoutMs: number;
  /** Half-close our side after writing bytes (a client that stops sending). */
  readonly endAfterWrite?: boolean;
  /** Give up once the server has written something and then nothing for this many ms (it keeps the connection open). */
  readonly quietMs?: number;
}

/**
 * Opens a connection, sends `request` (the bytes, or a function that writes them as slowly as it
 * likes), reads until the server closes it (or the bound).
 */
export function exchangeRaw(port: number, request: Buffer | string | ((socket: Socket) => Promise<void>), options: RawOptions): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let started = Date.now();
    let done = false;
    const finish = (ended: RawExchange['ended']): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(quiet);
      socket.destroy();
      resolve({ bytes: Buffer.concat(chunks), ended, elapsedMs: Date.now() - started });
    };
    const timer = setTimeout(() => finish('timeout'), options.timeoutMs);
    let quiet: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (options.quietMs === undefined) return;
      clearTimeout(quiet);
      quiet = setTimeout(() => finish('quiet'), options.quietMs);
    });
    socket.on('close', () => finish('closed'));
    socket.on('error', () => finish('error'));
    socket.on('connect', () => {
      started = Date.now();
      if (typeof request === 'function') {
        void request(socket);
        return;
      }
      socket.write(request);
      if (options.endAfterWrite) socket.end();
    });
  });
}

/** A parsed response. */
export interface ParsedResponse {
  readonly status: number;
  /** Header names lower-cased, in order, values as sent. */
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** Bytes left after the first response (a second response, or garbage). */
  readonly rest: Buffer;
}

const STATUS_LINE = /^HTTP\/1\.1 ([1-5]\d\d) [\t -~]*$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[\t ]*([\t -~\x80-\xff]*?)[\t ]*$/;
const NO_BODY_STATUS = new Set([204, 304]);

/**
 * Parses the first response in `bytes`, all the server wrote before closing (so the close
 * delimits a body without framing); throws an Error naming what is malformed. `head`: the
 * request was HEAD, so no body follows.
 */
export function parseResponse(bytes: Buffer, options: { readonly head: boolean }): ParsedResponse {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) throw new Error(`no complete response head in ${bytes.length} bytes: ${JSON.stringify(bytes.subarray(0, 200).toString('latin1'))}`);
  const lines = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const statusMatch = STATUS_LINE.exec(lines[0]!);
  if (!statusMatch) throw new Error(`bad status line ${JSON.stringify(lines[0])}`);
  const status = Number(statusMatch[1]);
  const headers: [string, string][] = [];
  for (const line of lines.slice(1)) {
    const match = HEADER_LINE.exec(line);
    if (!match) throw new Error(`bad header line ${JSON.stringify(line)}`);
    headers.push([match[1]!.toLowerCase(), match[2]!]);
  }
  const all = (name: string): string[] => headers.filter(([n]) => n === name).map(([, v]) => v);
  const lengths = all('content-length');
  const encodings = all('transfer-encoding');
  if (lengths.length > 1) throw new Error(`${lengths.length} content-length headers`);
  if (lengths.length === 1 && encodings.length > 0) throw new Error('both content-length and transfer-encoding');
  const after = bytes.subarray(headEnd + 4);
  if (options.head || NO_BODY_STATUS.has(status) || status < 200) {
    if (NO_BODY_STATUS.has(status) && lengths.length === 1 && lengths[0] !== '0' && !options.head) throw new Error(`${status} with content-length ${lengths[0]}`);
    return { status, headers, body: Buffer.alloc(0), rest: after };
  }
  if (encodings.length > 0) {
    if (encodings.join(',').trim().toLowerCase() !== 'chunked') throw new Error(`transfer-encoding ${encodings.join(',')}`);
    const { body, rest } = parseChunked(after);
    return { status, headers, body, rest };
  }
  if (lengths.length === 1) {
    if (!/^\d+$/.test(lengths[0]!)) throw new Error(`content-length ${JSON.stringify(lengths[0])}`);
    const length = Number(lengths[0]);
    if (after.length < length) throw new Error(`content-length ${length} but only ${after.length} body bytes before the close`);
    return { status, headers, body: after.subarray(0, length), rest: after.subarray(length) };
  }
  // No framing: the body runs to the close (RFC 9112 §6.3, rule 8).
  return { status, headers, body: after, rest: Buffer.alloc(0) };
}

function parseChunked(bytes: Buffer): { body: Buffer; rest: Buffer } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('chunked body cut inside a chunk size line');
    const sizeText = bytes.subarray(at, lineEnd).toString('latin1').split(';')[0]!.trim();
    if (!/^[0-9a-fA-F]+$/.test(sizeText)) throw new Error(`bad chunk size ${JSON.stringify(sizeText)}`);
    const size = parseInt(sizeText, 16);
    at = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = bytes.indexOf('\r\n', at);
      if (trailerEnd !== at) throw new Error('chunked body without its final CRLF');
      return { body: Buffer.concat(parts), rest: bytes.subarray(at + 2) };
    }
    if (bytes.length < at + size + 2) throw new Error('chunked body cut inside a chunk');
    parts.push(bytes.subarray(at, at + size));
    if (bytes.subarray(at + size, at + size + 2).toString('latin1') !== '\r\n') throw new Error('chunk not followed by CRLF');
    at += size + 2;
  }
}

/** The value of header `name` (the first one), or undefined. */
export function headerOf(response: ParsedResponse, name: string): string | undefined {
  return response.headers.find(([n]) => n === name)?.[1];
}

/** Throws when the response says JSON but its body does not parse. Returns the parsed value. */
export function checkJsonBody(response: ParsedResponse): unknown {
  const type = headerOf(response, 'content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type) || response.body.length === 0) return undefined;
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch (error) {
    throw new Error(`content-type ${type} but the body is not JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** Writes `bytes` one at a time, `gapMs` apart; stops when the socket is gone. */
export async function dribble(socket: Socket, bytes: Buffer, gapMs: number): Promise<void> {
  for (const byte of bytes) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(Buffer.from([byte]));
    await sleep(gapMs);
  }
}
