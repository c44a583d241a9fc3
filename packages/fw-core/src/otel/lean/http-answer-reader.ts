/**
 * Reads one HTTP/1.1 answer off a socket as its bytes arrive, for fw's OTLP client: the status
 * line, the few fields the client needs, the body's framing (RFC 9112 §6.3), skipping interim 1xx
 * answers; the body is kept (a partial success, or why the collector refused). Heads, trailers and
 * chunk-size lines stop at 16 KiB, bodies at 64 KiB (a collector answering `Content-Length: 1e11`
 * once made a client read 4.5 GB: issue 35, item 15); anything malformed is a `failed` result.
 */

/** The most bytes a head (status line and fields), a trailer section or one chunk-size line may take. */
export const ANSWER_SECTION_LIMIT = 16 * 1024;

/**
 * The most body bytes an answer may have. An OTLP answer is empty or a small partial-success
 * message; 64 KiB holds any sane one (the SDK's own transport stops at 4 MiB).
 */
export const ANSWER_BODY_LIMIT = 64 * 1024;

/** A readable answer: its status, its Retry-After, and whether the connection may carry another request. */
export interface HttpAnswer {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly reusable: boolean;
}

/** Where reading stands: more bytes needed, the whole answer read, or why it cannot be read. */
export type AnswerProgress =
  | { readonly state: 'partial' }
  | { readonly state: 'complete'; readonly answer: HttpAnswer }
  | { readonly state: 'failed'; readonly error: string; readonly final?: true };

/** How the body of an answer is delimited (RFC 9112 §6.3). */
type Framing = { readonly body: 'none' | 'chunked' | 'until-close' } | { readonly body: 'length'; readonly length: number };

type Phase = 'status' | 'fields' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'until-close' | 'complete' | 'failed';

const PARTIAL: AnswerProgress = Object.freeze({ state: 'partial' });
/** The fields the client reads; every other one is skipped. */
const WANTED = new Set(['content-length', 'transfer-encoding', 'connection', 'retry-after']);
const STATUS_LINE = /^HTTP\/1\.([01]) ([1-5]\d\d)(?: .*)?$/;
// field-name is a token (RFC 9110 §5.1); OWS around the value is not part of it (§5.5).
const FIELD_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*(.*?)[ \t]*$/;
const CHUNK_SIZE_LINE = /^([0-9A-Fa-f]+)[ \t]*(?:;.*)?$/;
const SECTION_NAMES: Partial<Record<Phase, string>> = { 'chunk-size': 'a chunk-size line', 'chunk-end': 'the line ending a chunk', trailers: 'the trailer section' };

/** An incremental reader of one answer; a new one for each request. */
export class HttpAnswerReader {
  #phase: Phase = 'status';
  #started = false;
  /** The current line's bytes so far, and the bytes of its section (head, trailers) before it. */
  #line: Buffer[] = [];
  #lineBytes = 0;
  #sectionBytes = 0;
  #version = '';
  #status = 0;
  #fields = new Map<string, string>();
  #lastField = '';
  /** Body bytes still to come: of the Content-Length, or of the current chunk. */
  #remaining = 0;
  #reusable = false;
  #error = '';
  /** Body bytes read so far, against ANSWER_BODY_LIMIT. */
  #bodyBytes = 0;
  /** The body's pieces as they came. */
  #body: Buffer[] = [];
  /** The failure is the collector's answer itself: posting again would get the same. */
  #final = false;

  /** Whether any byte of the answer has arrived (a kept-alive connection closed before one is stale). */
  get started(): boolean {
    return this.#started;
  }

  /** The body's bytes read so far (at most ANSWER_BODY_LIMIT); empty when there is none. */
  get body(): Buffer {
    return this.#body.length === 1 ? this.#body[0]! : Buffer.concat(this.#body);
  }

  /** Reads `chunk`, the next bytes from the connection. */
  push(chunk: Buffer): AnswerProgress {
    if (chunk.length > 0) this.#started = true;
    let at = 0;
    while (at < chunk.length && this.#phase !== 'complete' && this.#phase !== 'failed') {
      const inBody = this.#phase === 'length' || this.#phase === 'chunk-data' || this.#phase === 'until-close';
      at = inBody ? this.#skipBody(chunk, at) : this.#readLine(chunk, at);
    }
    // Bytes after the answer's end were not asked for: the connection's framing is lost.
    if (at < chunk.length) this.#reusable = false;
    return this.#progress();
  }

  /** The connection's end of reading: it completes an answer read until close and fails any other. */
  end(): AnswerProgress {
    if (this.#phase === 'until-close') this.#phase = 'complete';
    else if (this.#phase !== 'complete' && this.#phase !== 'failed') {
      this.#fail(this.#started ? 'the collector closed the connection before its answer ended' : 'the collector closed the connection without answering');
    }
    return this.#progress();
  }

  #progress(): AnswerProgress {
    if (this.#phase === 'failed') return this.#final ? { state: 'failed', error: this.#error, final: true } : { state: 'failed', error: this.#error };
    if (this.#phase !== 'complete') return PARTIAL;
    return { state: 'complete', answer: { status: this.#status, retryAfter: this.#fields.get('retry-after'), reusable: this.#reusable } };
  }

  /** Takes bytes of the current line up to its LF (a CR before it is dropped, RFC 9112 §2.2); returns where reading goes on. */
  #readLine(chunk: Buffer, at: number): number {
    const lf = chunk.indexOf(0x0a, at);
    const end = lf === -1 ? chunk.length : lf + 1;
    this.#lineBytes += end - at;
    if (this.#sectionBytes + this.#lineBytes > ANSWER_SECTION_LIMIT) {
      this.#fail(`${SECTION_NAMES[this.#phase] ?? "the answer's head"} is over ${ANSWER_SECTION_LIMIT} bytes`);
      return chunk.length;
    }
    if (lf === -1) {
      this.#line.push(chunk.subarray(at));
      return end;
    }
    const bytes = this.#line.length === 0 ? chunk.subarray(at, lf) : Buffer.concat([...this.#line, chunk.subarray(at, lf)]);
    const text = bytes.toString('latin1');
    this.#sectionBytes += this.#lineBytes;
    this.#line = [];
    this.#lineBytes = 0;
    this.#onLine(text.endsWith('\r') ? text.slice(0, -1) : text);
    return end;
  }

  #onLine(line: string): void {
    switch (this.#phase) {
      case 'status':
        return this.#onStatusLine(line);
      case 'fields':
        return line === '' ? this.#onHeadEnd() : this.#onFieldLine(line);
      case 'chunk-size':
        return this.#onChunkSizeLine(line);
      case 'chunk-end':
        return line === '' ? this.#enter('chunk-size') : this.#fail('a chunk is longer than its size says');
      case 'trailers':
        // Trailer fields are read to find the answer's end and otherwise ignored (RFC 9112 §7.1.2).
        if (line === '') this.#phase = 'complete';
        return;
    }
  }

  #onStatusLine(line: string): void {
    const match = STATUS_LINE.exec(line);
    if (match === null) return this.#fail(`the answer does not begin with an HTTP/1.x status line: ${JSON.stringify(line.slice(0, 40))}`);
    this.#version = `1.${match[1]!}`;
    this.#status = Number(match[2]);
    this.#phase = 'fields';
  }

  #onFieldLine(line: string): void {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      // obs-fold: a user agent replaces it with a space (RFC 9112 §5.2).
      if (this.#lastField === '') return this.#fail('the answer\'s first header line is a continuation');
      const value = this.#fields.get(this.#lastField);
      if (value !== undefined) this.#fields.set(this.#lastField, `${value} ${line.trim()}`);
      return;
    }
    const match = FIELD_LINE.exec(line);
    if (match === null) return this.#fail(`the answer has a malformed header line: ${JSON.stringify(line.slice(0, 40))}`);
    const name = match[1]!.toLowerCase();
    this.#lastField = name;
    if (!WANTED.has(name)) return;
    const before = this.#fields.get(name);
    // Repeated fields combine into a list (RFC 9110 §5.3); Retry-After is one value, the first kept.
    if (before === undefined) this.#fields.set(name, match[2]!);
    else if (name !== 'retry-after') this.#fields.set(name, `${before}, ${match[2]!}`);
  }

  #onHeadEnd(): void {
    if (this.#status < 200) {
      // 101 would hand the connection to another protocol, which a POST of fw's never asks for.
      if (this.#status === 101) return this.#fail('the collector switched protocols (101)');
      // Interim answers (100 Continue, 103 Early Hints) come before the final one (RFC 9110 §15.2).
      this.#fields.clear();
      this.#lastField = '';
      return this.#enter('status');
    }
    const framing = answerFraming(this.#version, this.#status, this.#fields);
    if (typeof framing === 'string') return this.#fail(framing);
    const connection = (this.#fields.get('connection') ?? '').toLowerCase().split(',').map((token) => token.trim());
    // RFC 9112 §9.3: HTTP/1.1 persists unless `close`; HTTP/1.0 only with `keep-alive`.
    const persistent = this.#version === '1.1' ? !connection.includes('close') : connection.includes('keep-alive');
    this.#reusable = persistent && framing.body !== 'until-close';
    if (framing.body === 'length' && framing.length > ANSWER_BODY_LIMIT) return this.#tooLong(`its Content-Length is ${framing.length}`);
    if (framing.body === 'none' || (framing.body === 'length' && framing.length === 0)) this.#phase = 'complete';
    else if (framing.body === 'length') {
      this.#remaining = framing.length;
      this.#phase = 'length';
    } else this.#enter(framing.body === 'chunked' ? 'chunk-size' : 'until-close');
  }

  #onChunkSizeLine(line: string): void {
    // Chunk extensions (after `;`) are ignored (RFC 9112 §7.1.1).
    const match = CHUNK_SIZE_LINE.exec(line);
    if (match === null) return this.#fail(`the answer has a malformed chunk size: ${JSON.stringify(line.slice(0, 40))}`);
    const digits = match[1]!.replace(/^0+(?=.)/, '');
    if (digits.length > 12) return this.#fail('the answer has a chunk larger than 2^48 bytes');
    this.#remaining = Number.parseInt(digits, 16);
    if (this.#bodyBytes + this.#remaining > ANSWER_BODY_LIMIT) return this.#tooLong(`a chunk of ${this.#remaining} bytes follows ${this.#bodyBytes}`);
    if (this.#remaining === 0) this.#enter('trailers');
    else this.#phase = 'chunk-data';
  }

  /** Counts body bytes off `chunk`; returns where reading goes on. */
  #skipBody(chunk: Buffer, at: number): number {
    const taken = this.#phase === 'until-close' ? chunk.length - at : Math.min(chunk.length - at, this.#remaining);
    this.#bodyBytes += taken;
    if (this.#bodyBytes > ANSWER_BODY_LIMIT) {
      this.#tooLong('it went on past them');
      return chunk.length;
    }
    // Copied: the socket's chunk may be a slice of a pooled buffer.
    if (taken > 0) this.#body.push(Buffer.from(chunk.subarray(at, at + taken)));
    if (this.#phase === 'until-close') return chunk.length;
    this.#remaining -= taken;
    if (this.#remaining === 0) {
      if (this.#phase === 'length') this.#phase = 'complete';
      else this.#enter('chunk-end');
    }
    return at + taken;
  }

  /** Begins a section whose lines count against the limit afresh. */
  #enter(phase: Phase): void {
    this.#phase = phase;
    this.#sectionBytes = 0;
  }

  /** Fails for good: the connection is dropped and the post is not sent again. */
  #tooLong(why: string): void {
    this.#fail(`the answer's body is over ${ANSWER_BODY_LIMIT} bytes: ${why}`);
    this.#final = true;
  }

  #fail(error: string): void {
    this.#phase = 'failed';
    this.#error = error;
    this.#line = [];
  }
}

/** How the body of a final answer is delimited, or why that cannot be known (RFC 9112 §6.3). */
function answerFraming(version: string, status: number, fields: ReadonlyMap<string, string>): Framing | string {
  if (status === 204 || status === 304) return { body: 'none' };
  const transferEncoding = fields.get('transfer-encoding');
  const contentLength = fields.get('content-length');
  if (transferEncoding !== undefined) {
    // Both at once is how request smuggling and answer splitting look (§6.3, rule 3).
    if (contentLength !== undefined) return 'the answer has both Transfer-Encoding and Content-Length';
    if (version === '1.0') return 'the HTTP/1.0 answer has a Transfer-Encoding';
    const codings = transferEncoding.toLowerCase().split(',').map((coding) => coding.trim());
    const chunked = codings.indexOf('chunked');
    if (codings.some((coding) => coding === '')) return 'the answer has an empty transfer coding';
    if (chunked === -1) return { body: 'until-close' };
    if (chunked !== codings.length - 1) return 'the answer has chunked before another transfer coding';
    return { body: 'chunked' };
  }
  if (contentLength === undefined) return { body: 'until-close' };
  // A list of identical lengths (`42, 42`) may be taken as one (§6.3, rule 5).
  const lengths = contentLength.split(',').map((value) => value.trim());
  if (!lengths.every((value) => /^\d{1,15}$/.test(value))) return `the answer has a Content-Length that is not a number: ${JSON.stringify(contentLength.slice(0, 40))}`;
  if (new Set(lengths.map(Number)).size > 1) return 'the answer has conflicting Content-Length values';
  return { body: 'length', length: Number(lengths[0]) };
}
