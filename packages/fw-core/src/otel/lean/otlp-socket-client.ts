/**
 * How fw posts OTLP batches (lean traces, metrics, the full path's OTLP/JSON spans). OtlpHttpSender
 * applies the OTLP exporter specification's settings and retry rule (429, 502, 503, 504 and network
 * errors retried with the SDK's backoff, or after `Retry-After`, until the export's timeout).
 * OtlpSocketClient is fw's own HTTP/1.1 client over node:net and node:tls: a client of node's http
 * module makes node's shared socket and http code megamorphic and slows every request the server
 * answers (bench/telemetry-instructions.bench.ts). At most one kept-alive connection waits, unref'd.
 * HttpAnswerReader reads its answers as bytes arrive, within limits (issue 35, item 15).
 */
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { setTimeout as setTimer } from 'node:timers';
import { connect as tlsConnect } from 'node:tls';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { diag } from '@opentelemetry/api';
import { isHeaderName, isHeaderValue } from '../../http/header-fields.ts';
import type { OtlpProtocol, TlsAgentOptions } from '../env-config.ts';
import { exportResponseToJson, httpRefusal, oneLine } from '../otlp-json.ts';
import { SCOPE_VERSION } from '../telemetry.ts';

/** The host and port to connect to for `url`: an IPv6 literal without URL's brackets, the scheme's default port. */
export function endpointAddress(url: URL): { readonly host: string; readonly port: number } {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { host, port: url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port) };
}

/** What one post came to: an answer's status and Retry-After, or (status undefined) the error that kept it from one. */
export interface PostAnswer {
  readonly status?: number;
  readonly retryAfter?: string;
  /** The answer's body (an OTLP response message, or why the collector refused). */
  readonly body?: Buffer;
  readonly error: string;
  /** Posting again would not help, as the SDK's exporter decides: an answer that could not be read or taken (a body over ANSWER_BODY_LIMIT), an error it does not retry. */
  readonly final?: true;
}

/** The collector to post to, and how. */
export interface SocketClientOptions {
  /** An http: or https: URL (env-config.ts refuses any other at start), e.g. `http://127.0.0.1:4318/v1/traces`. */
  readonly url: URL | string;
  /** Trusted roots and client certificate of an https: URL; the certificate is always verified. */
  readonly tls?: TlsAgentOptions;
  /** Sent as `content-encoding`: the payloads posted are already encoded so. */
  readonly contentEncoding?: 'gzip';
  /** The payloads' media type: `application/x-protobuf` (default) or, for OTLP/JSON, `application/json`. */
  readonly contentType?: 'application/x-protobuf' | 'application/json';
}

/**
 * The `User-Agent` of fw's OTLP exports (issue 36, item 7; the OTLP exporter specification): fw's own
 * exporter name and version, so a collector tells it from the SDK's `OTel-OTLP-Exporter-JavaScript`.
 */
const OTLP_USER_AGENT = `OTel-OTLP-Exporter-fw/${SCOPE_VERSION}`;

/** The error of a post the collector did not answer within its time limit. */
export const ANSWER_TIMEOUT_ERROR = 'the collector did not answer in time';
/** The error of a post ended by `close()`. */
export const CLIENT_CLOSED_ERROR = 'the OTLP client was closed';

/** Headers the client writes itself; the same names among the caller's headers are left out. */
const OWN_HEADERS = new Set([
  'host',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'user-agent',
]);
/** Errors that, before any byte of the answer, mean the collector had closed a kept-alive connection. */
const STALE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);
/** The connection errors the SDK's exporter retries (otlp-exporter-base's http transport); any other (a certificate refused, say) fails the export at once. */
const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

/** How one exchange on one connection ended; `stale`: the connection was closed or reset before any byte of an answer. */
interface Outcome {
  readonly answer: PostAnswer;
  readonly stale: boolean;
}

/** A client for one collector URL. */
export class OtlpSocketClient {
  readonly #host: string;
  readonly #port: number;
  readonly #secure: boolean;
  readonly #tls: TlsAgentOptions;
  /** The head up to content-length's value; the rest is per post. */
  readonly #headStart: string;
  readonly #encodingLine: string;
  #idle: Socket | undefined;
  readonly #aborts = new Set<(error: string) => void>();
  #closed = false;

  constructor(options: SocketClientOptions) {
    const url = new URL(options.url);
    this.#secure = url.protocol === 'https:';
    ({ host: this.#host, port: this.#port } = endpointAddress(url));
    this.#tls = options.tls ?? {};
    this.#headStart = `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nuser-agent: ${OTLP_USER_AGENT}\r\ncontent-type: ${options.contentType ?? 'application/x-protobuf'}\r\ncontent-length: `;
    this.#encodingLine =
      options.contentEncoding === undefined ? '' : `content-encoding: ${options.contentEncoding}\r\n`;
  }

  /** Posts `payload` with `headers`, waiting at most `timeoutMs` for the answer; never rejects. */
  async post(headers: Readonly<Record<string, string>>, payload: Uint8Array, timeoutMs: number): Promise<PostAnswer> {
    if (this.#closed) return { error: CLIENT_CLOSED_ERROR };
    let lines = '';
    for (const [name, value] of Object.entries(headers)) {
      if (OWN_HEADERS.has(name.toLowerCase())) continue;
      // env-config refuses such headers at start; this keeps any other caller from splitting the request.
      if (!isHeaderName(name) || !isHeaderValue(value))
        return {
          error: `the header ${JSON.stringify(name)} cannot be sent: its name is not a token or its value holds a control character`,
          final: true,
        };
      lines += `${name}: ${value}\r\n`;
    }
    const head = `${this.#headStart}${payload.byteLength}\r\n${this.#encodingLine}${lines}\r\n`;
    const deadline = performance.now() + timeoutMs;
    const idle = this.#takeIdle();
    let outcome = await this.#exchange(idle ?? this.#connect(), head, payload, timeoutMs);
    const left = deadline - performance.now();
    if (idle !== undefined && outcome.stale && !this.#closed && left > 0)
      outcome = await this.#exchange(this.#connect(), head, payload, left);
    return outcome.answer;
  }

  /** Ends every connection, waiting and in flight (their posts resolve with an error at once), for good. */
  close(): void {
    this.#closed = true;
    this.#unpark()?.destroy();
    for (const abort of [...this.#aborts]) abort(CLIENT_CLOSED_ERROR);
  }

  #connect(): Socket {
    const { ca, cert, key } = this.#tls;
    // SNI carries host names only (RFC 6066 §3); the certificate is checked against `host` either way.
    const socket = this.#secure
      ? tlsConnect({
          host: this.#host,
          port: this.#port,
          ca,
          cert,
          key,
          ...(isIP(this.#host) === 0 ? { servername: this.#host } : {}),
        })
      : netConnect({ host: this.#host, port: this.#port });
    socket.setNoDelay(true);
    // An exchange reports errors while it runs; this one keeps a later error from crashing the process.
    socket.on('error', () => {});
    return socket;
  }

  /**
   * Writes head and payload on `socket` (corked: one write) and reads the answer within `timeoutMs`;
   * then keeps the connection waiting or ends it. Destroyed, not drained: a collector streaming an
   * endless body gets no more reads (issue 35, item 15).
   */
  #exchange(socket: Socket, head: string, payload: Uint8Array, timeoutMs: number): Promise<Outcome> {
    return new Promise((resolve) => {
      const reader = new HttpAnswerReader();
      const finish = (answer: PostAnswer, stale: boolean, reusable = false): void => {
        clearTimeout(timer);
        this.#aborts.delete(abort);
        socket.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onError);
        // An answer that came before the whole request was written leaves the connection's state unknown.
        if (reusable && socket.writableLength === 0 && !this.#closed && this.#idle === undefined) {
          socket.unref();
          socket.on('data', this.#dropIdle).on('end', this.#dropIdle).on('close', this.#dropIdle);
          this.#idle = socket;
        } else socket.destroy();
        resolve({ answer, stale });
      };
      const settle = (progress: AnswerProgress): void => {
        if (progress.state === 'partial') return;
        if (progress.state === 'failed')
          return finish(
            progress.final ? { error: progress.error, final: true } : { error: progress.error },
            !progress.final && !reader.started,
          );
        const { status, retryAfter, reusable } = progress.answer;
        const body = reader.body;
        finish({ status, retryAfter, ...(body.length > 0 && { body }), error: '' }, false, reusable);
      };
      const abort = (error: string): void => finish({ error }, false);
      const onData = (chunk: Buffer): void => settle(reader.push(chunk));
      const onEnd = (): void => settle(reader.end());
      const onError = (error: NodeJS.ErrnoException): void =>
        finish(
          { error: error.message, ...(!RETRYABLE_CODES.has(error.code ?? '') && { final: true }) },
          !reader.started && STALE_CODES.has(error.code ?? ''),
        );
      const timer = setTimer(() => abort(ANSWER_TIMEOUT_ERROR), timeoutMs).unref();
      this.#aborts.add(abort);
      socket.on('data', onData).on('end', onEnd).on('close', onEnd).on('error', onError);
      socket.cork();
      // latin1, as node's http client writes a head: one byte per character.
      socket.write(head, 'latin1');
      socket.write(payload);
      socket.uncork();
    });
  }

  /** The waiting connection, no longer waiting. */
  #unpark(): Socket | undefined {
    const socket = this.#idle;
    this.#idle = undefined;
    return socket?.off('data', this.#dropIdle).off('end', this.#dropIdle).off('close', this.#dropIdle);
  }

  /** The waiting connection, if it is still open; the collector may close it at any time. */
  #takeIdle(): Socket | undefined {
    const socket = this.#unpark();
    if (socket?.destroyed === false && socket.writable && !socket.readableEnded) return socket.ref();
    socket?.destroy();
    return undefined;
  }

  /** The waiting connection closed, or sent bytes nobody asked for: it cannot carry a post. */
  readonly #dropIdle = (): void => void this.#unpark()?.destroy();
}

const gzipAsync = promisify(gzip);

/** What the collector did not accept, and why. */
export interface PartialSuccess {
  readonly rejected: number;
  readonly message: string;
}

/** How one endpoint is reached. */
export interface OtlpSenderOptions {
  /** The full URL, e.g. `http://127.0.0.1:4318/v1/traces`. */
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The whole export's time limit, retries included (OTEL_EXPORTER_OTLP_TIMEOUT). */
  readonly timeoutMs: number;
  readonly compression?: 'gzip' | 'none';
  readonly tls?: TlsAgentOptions;
  /** `http/json` posts `application/json` (the caller encodes the body so); default `http/protobuf`. */
  readonly protocol?: 'http/protobuf' | 'http/json';
  /** The backoff's first wait (default 1000 ms); tests shorten it. */
  readonly initialBackoffMs?: number;
}

/** How an export ended: the partial success its answer carried, if any, or why it failed (`HTTP <status>` for a refusing answer). */
export type SendResult =
  { readonly ok: true; readonly partial?: PartialSuccess } | { readonly ok: false; readonly reason: string };

const RETRYABLE = new Set([429, 502, 503, 504]);
/** Posts of one export at most, as the SDK's exporter (its first and five retries): a collector answering `Retry-After: 0` gets six, not a storm. */
const MAX_ATTEMPTS = 6;
const MAX_BACKOFF_MS = 5000;
const BACKOFF_MULTIPLIER = 1.5;

/** A sender for one endpoint. */
export class OtlpHttpSender {
  readonly #options: OtlpSenderOptions;
  readonly #client: OtlpSocketClient;
  readonly #waits = new Set<() => void>();
  #stopped = false;

  constructor(options: OtlpSenderOptions) {
    this.#options = options;
    this.#client = new OtlpSocketClient({
      url: options.url,
      tls: options.tls,
      contentEncoding: options.compression === 'gzip' ? 'gzip' : undefined,
      contentType: options.protocol === 'http/json' ? 'application/json' : 'application/x-protobuf',
    });
  }

  /** Sends `body` (an encoded export request), retrying as the specification says. */
  async send(body: Uint8Array): Promise<SendResult> {
    const deadline = performance.now() + this.#options.timeoutMs;
    const payload = this.#options.compression === 'gzip' ? await gzipAsync(body) : body;
    let backoffMs = this.#options.initialBackoffMs ?? 1000;
    // The last post's failure (a refused connection, a 503): what a stop was retrying after; what a retry timer firing past the deadline ends with, as the SDK's exporter's does.
    let failed = '';
    for (let attempt = 1; ; attempt += 1) {
      const left = deadline - performance.now();
      if (left <= 0) return { ok: false, reason: failed || 'timed out' };
      const answer = await this.#client.post(this.#options.headers ?? {}, payload, left);
      // stop() before or during the post (the closed client answers at once), or in a retry's wait, ends the export: no wait begins after it.
      if (this.#stopped) return { ok: false, reason: `stopped${failed && ` while retrying after ${failed}`}` };
      if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) {
        diag.verbose(`Export succeeded after ${attempt - 1} retry attempts.`);
        const partial = partialSuccessOf(answer.body, this.#options.protocol ?? 'http/protobuf');
        return partial === undefined ? { ok: true } : { ok: true, partial };
      }
      const reason = answer.status === undefined ? answer.error : httpRefusal(answer.status, answer.body);
      // An answer too long to read is not retried (the collector would send it again), nor a status the specification does not retry.
      if (answer.final || (answer.status !== undefined && !RETRYABLE.has(answer.status)))
        return notRetried(`Export failed with non-retryable error: ${reason}`, reason);
      failed = reason;
      // As the SDK's retrying transport, its diag lines included: the jittered wait is capped, the backoff grows on.
      const wait = retryAfterMs(answer.retryAfter) ?? Math.min(backoffMs * (0.8 + Math.random() * 0.4), MAX_BACKOFF_MS);
      const remaining = deadline - performance.now();
      if (attempt >= MAX_ATTEMPTS)
        return notRetried(`Export failed after maximum retry attempts (${MAX_ATTEMPTS - 1}).`, reason);
      if (wait >= remaining)
        return notRetried(
          `Export retry time ${Math.round(wait)}ms exceeds remaining timeout ${Math.round(remaining)}ms, not retrying further.`,
          reason,
        );
      diag.verbose(`Scheduling export retry in ${Math.round(wait)}ms`);
      await this.#sleep(wait);
      backoffMs *= BACKOFF_MULTIPLIER;
    }
  }

  /** Ends waiting retries (their exports fail) and closes the connections, for good. */
  stop(): void {
    this.#stopped = true;
    for (const wake of this.#waits) wake();
    this.#waits.clear();
    this.#client.close();
  }

  async #sleep(ms: number): Promise<void> {
    const { promise, resolve } = Promise.withResolvers<void>();
    // Unref'd and left to fire after stop() ends the wait: resolving twice is nothing.
    setTimeout(resolve, ms).unref();
    this.#waits.add(resolve);
    await promise;
    this.#waits.delete(resolve);
  }
}

/** How an export ends that is not posted again, said to diag (info) as the SDK's retrying transport says it. */
function notRetried(line: string, reason: string): SendResult {
  diag.info(line);
  return { ok: false, reason };
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3), which starts with a day name (Date.parse alone takes `-1` or `5.5` for dates in 2001). */
function retryAfterMs(header: string | undefined): number | undefined {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = /^[A-Za-z]{3}\b/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * The partial success of a 2xx OTLP answer (https://opentelemetry.io/docs/specs/otlp/#partial-success),
 * in protobuf or OTLP/JSON as the request was sent; undefined for a full success or a body that cannot be read (warned of, as the SDK's exporter does).
 */
function partialSuccessOf(body: Uint8Array | undefined, protocol: OtlpProtocol): PartialSuccess | undefined {
  if (body === undefined || body.length === 0) return undefined;
  try {
    return partialSuccessIn(
      protocol === 'http/json' ? JSON.parse(Buffer.from(body).toString('utf8')) : exportResponseToJson(body),
    );
  } catch (error) {
    diag.warn(
      'OTLPExportDelegate Export succeeded but could not deserialize response - is the response specification compliant?',
      error,
      Buffer.from(body).toString('utf8', 0, 200),
    );
    return undefined;
  }
}

/**
 * The partial success of an export response as OTLP/JSON (and the SDK's deserializer) has it: rejectedSpans or
 * rejectedDataPoints, 64-bit integers as strings or numbers, the message as oneLine() has it; undefined when it rejects nothing and says nothing.
 */
export function partialSuccessIn(
  response: {
    partialSuccess?: { rejectedSpans?: unknown; rejectedDataPoints?: unknown; errorMessage?: unknown };
  } | null,
): PartialSuccess | undefined {
  const partial = response?.partialSuccess;
  const count = Number(partial?.rejectedSpans ?? partial?.rejectedDataPoints ?? 0);
  const rejected = Number.isFinite(count) ? count : 0;
  const message = typeof partial?.errorMessage === 'string' ? oneLine(partial.errorMessage) : '';
  return rejected === 0 && message === '' ? undefined : { rejected, message };
}

/** The most bytes a head (status line and fields), a trailer section or one chunk-size line may take. */
export const ANSWER_SECTION_LIMIT = 16 * 1024;

/**
 * The most body bytes an answer may have, the SDK's transport's limit (4 MiB): beyond it the export fails whatever the
 * status, as there, and a collector answering `Content-Length: 1e11` must not make fw read it (issue 35, item 15).
 */
export const ANSWER_BODY_LIMIT = 4 * 1024 * 1024;
/** The body bytes kept (an OTLP answer is empty or a small partial success): the rest is read and dropped, its status standing, so memory stays bounded. */
export const ANSWER_BODY_KEPT = 64 * 1024;

/** The most bytes a whole answer may take, framing included: 1-byte chunks with 16 KiB extensions, or endless 100 Continues, stop here. */
export const ANSWER_TOTAL_LIMIT = ANSWER_BODY_LIMIT + 4 * ANSWER_SECTION_LIMIT;

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

type Phase =
  | 'status'
  | 'fields'
  | 'length'
  | 'chunk-size'
  | 'chunk-data'
  | 'chunk-end'
  | 'trailers'
  | 'until-close'
  | 'complete'
  | 'failed';

/** How the body of an answer is delimited (RFC 9112 §6.3). */
type Framing = { body: 'chunked' } | { body: 'until-close' } | { body: 'length'; length: number };

const PARTIAL: AnswerProgress = Object.freeze({ state: 'partial' });
/** The fields the client reads; every other one is skipped. */
const WANTED = new Set(['content-length', 'transfer-encoding', 'connection', 'retry-after']);
const STATUS_LINE = /^HTTP\/1\.([01]) ([1-5]\d\d)(?: .*)?$/;
// field-name is a token (RFC 9110 §5.1); OWS around the value is not part of it (§5.5).
const FIELD_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*(.*?)[ \t]*$/;
const CHUNK_SIZE_LINE = /^([0-9A-Fa-f]+)[ \t]*(?:;.*)?$/;
const SECTION_NAMES: Partial<Record<Phase, string>> = {
  'chunk-size': 'a chunk-size line',
  'chunk-end': 'the line ending a chunk',
  trailers: 'the trailer section',
};

/**
 * An incremental reader of one HTTP/1.1 answer (a new one for each request): status line, the fields
 * the client needs, the body's framing, interim 1xx answers skipped; anything malformed fails it.
 */
export class HttpAnswerReader {
  #phase: Phase = 'status';
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
  /** Why reading failed: `final` (node's parse errors, which the SDK's exporter does not retry) unless the connection closed before an answer, which it retries. */
  #failure: AnswerProgress = PARTIAL;
  #bodyBytes = 0;
  #totalBytes = 0;
  #body: Buffer[] = [];

  /** Whether any byte of the answer has arrived (a kept-alive connection closed before one is stale): push() counts at least one of each chunk until the answer ends. */
  get started(): boolean {
    return this.#totalBytes > 0;
  }

  /** The body's first bytes read so far (at most ANSWER_BODY_KEPT); empty when there is none. */
  get body(): Buffer {
    return this.#body.length === 1 ? this.#body[0]! : Buffer.concat(this.#body);
  }

  /** Reads `chunk`, the next bytes from the connection. */
  push(chunk: Buffer): AnswerProgress {
    let at = 0;
    while (at < chunk.length && this.#phase !== 'complete' && this.#phase !== 'failed') {
      at =
        this.#phase === 'length' || this.#phase === 'chunk-data' || this.#phase === 'until-close'
          ? this.#skipBody(chunk, at)
          : this.#readLine(chunk, at);
    }
    // Bytes after the answer's end were not asked for: the connection's framing is lost.
    if (at < chunk.length) this.#reusable = false;
    if ((this.#totalBytes += at) > ANSWER_TOTAL_LIMIT && this.#phase !== 'complete' && this.#phase !== 'failed')
      this.#fail(
        `the answer is over ${ANSWER_TOTAL_LIMIT} bytes with its framing (interim answers, chunk lines, trailers)`,
      );
    return this.#progress();
  }

  /** The connection's end of reading: it completes an answer whose head was read (its body read until close, or cut short) and fails any other. */
  end(): AnswerProgress {
    if (this.#phase === 'status' || this.#phase === 'fields') {
      this.#fail(
        this.started
          ? 'the collector closed the connection before its answer ended'
          : 'the collector closed the connection without answering',
        false,
      );
    } else if (this.#phase !== 'complete' && this.#phase !== 'failed') {
      // A body cut short leaves the status standing, as the SDK's exporter reads it: a 2xx posted again would be a duplicate.
      this.#reusable = false;
      this.#phase = 'complete';
    }
    return this.#progress();
  }

  #progress(): AnswerProgress {
    if (this.#phase === 'failed') return this.#failure;
    if (this.#phase !== 'complete') return PARTIAL;
    return {
      state: 'complete',
      answer: { status: this.#status, retryAfter: this.#fields.get('retry-after'), reusable: this.#reusable },
    };
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
    const bytes =
      this.#line.length === 0 ? chunk.subarray(at, lf) : Buffer.concat([...this.#line, chunk.subarray(at, lf)]);
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
    if (match === null)
      return this.#fail(`the answer does not begin with an HTTP/1.x status line: ${JSON.stringify(line.slice(0, 40))}`);
    this.#version = `1.${match[1]!}`;
    this.#status = Number(match[2]);
    this.#phase = 'fields';
  }

  #onFieldLine(line: string): void {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      // obs-fold: a user agent replaces it with a space (RFC 9112 §5.2).
      if (this.#lastField === '') return this.#fail("the answer's first header line is a continuation");
      const value = this.#fields.get(this.#lastField);
      if (value !== undefined) this.#fields.set(this.#lastField, `${value} ${line.trim()}`);
      return;
    }
    const match = FIELD_LINE.exec(line);
    if (match === null)
      return this.#fail(`the answer has a malformed header line: ${JSON.stringify(line.slice(0, 40))}`);
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
    const connection = (this.#fields.get('connection') ?? '')
      .toLowerCase()
      .split(',')
      .map((token) => token.trim());
    // RFC 9112 §9.3: HTTP/1.1 persists unless `close`; HTTP/1.0 only with `keep-alive`.
    this.#reusable =
      (this.#version === '1.1' ? !connection.includes('close') : connection.includes('keep-alive')) &&
      framing.body !== 'until-close';
    if (framing.body !== 'length') return this.#enter(framing.body === 'chunked' ? 'chunk-size' : 'until-close');
    if (framing.length > ANSWER_BODY_LIMIT) return this.#tooLong(`its Content-Length is ${framing.length}`);
    this.#remaining = framing.length;
    this.#phase = framing.length === 0 ? 'complete' : 'length';
  }

  #onChunkSizeLine(line: string): void {
    // Chunk extensions (after `;`) are ignored (RFC 9112 §7.1.1).
    const match = CHUNK_SIZE_LINE.exec(line);
    if (match === null)
      return this.#fail(`the answer has a malformed chunk size: ${JSON.stringify(line.slice(0, 40))}`);
    const digits = match[1]!.replace(/^0+(?=.)/, '');
    if (digits.length > 12) return this.#fail('the answer has a chunk larger than 2^48 bytes');
    this.#remaining = Number.parseInt(digits, 16);
    if (this.#bodyBytes + this.#remaining > ANSWER_BODY_LIMIT)
      return this.#tooLong(`a chunk of ${this.#remaining} bytes follows ${this.#bodyBytes}`);
    if (this.#remaining === 0) this.#enter('trailers');
    else this.#phase = 'chunk-data';
  }

  /** Takes body bytes off `chunk`; returns where reading goes on. */
  #skipBody(chunk: Buffer, at: number): number {
    const taken = this.#phase === 'until-close' ? chunk.length - at : Math.min(chunk.length - at, this.#remaining);
    const room = ANSWER_BODY_KEPT - this.#bodyBytes;
    this.#bodyBytes += taken;
    if (this.#bodyBytes > ANSWER_BODY_LIMIT) {
      this.#tooLong('it went on past them');
      return chunk.length;
    }
    // Copied: the socket's chunk may be a slice of a pooled buffer. Past ANSWER_BODY_KEPT, bytes are read and dropped.
    if (taken > 0 && room > 0) this.#body.push(Buffer.from(chunk.subarray(at, at + Math.min(taken, room))));
    if (this.#phase === 'until-close') return chunk.length;
    this.#remaining -= taken;
    if (this.#remaining === 0) this.#enter(this.#phase === 'length' ? 'complete' : 'chunk-end');
    return at + taken;
  }

  /** Begins a section whose lines count against the limit afresh. */
  #enter(phase: Phase): void {
    this.#phase = phase;
    this.#sectionBytes = 0;
  }

  #tooLong(why: string): void {
    this.#fail(`the answer's body is over ${ANSWER_BODY_LIMIT} bytes: ${why}`);
  }

  #fail(error: string, final = true): void {
    this.#phase = 'failed';
    this.#failure = final ? { state: 'failed', error, final } : { state: 'failed', error };
    this.#line = [];
  }
}

/** How the body of a final answer is delimited, or why that cannot be known (RFC 9112 §6.3). */
function answerFraming(version: string, status: number, fields: ReadonlyMap<string, string>): Framing | string {
  if (status === 204 || status === 304) return { body: 'length', length: 0 };
  const transferEncoding = fields.get('transfer-encoding');
  const contentLength = fields.get('content-length');
  if (transferEncoding !== undefined) {
    // Both at once is how request smuggling and answer splitting look (§6.3, rule 3).
    if (contentLength !== undefined) return 'the answer has both Transfer-Encoding and Content-Length';
    if (version === '1.0') return 'the HTTP/1.0 answer has a Transfer-Encoding';
    const codings = transferEncoding
      .toLowerCase()
      .split(',')
      .map((coding) => coding.trim());
    const chunked = codings.indexOf('chunked');
    if (codings.includes('')) return 'the answer has an empty transfer coding';
    if (chunked === -1) return { body: 'until-close' };
    if (chunked !== codings.length - 1) return 'the answer has chunked before another transfer coding';
    return { body: 'chunked' };
  }
  if (contentLength === undefined) return { body: 'until-close' };
  // A list of identical lengths (`42, 42`) may be taken as one (§6.3, rule 5).
  const lengths = contentLength.split(',').map((value) => value.trim());
  if (!lengths.every((value) => /^\d{1,15}$/.test(value)))
    return `the answer has a Content-Length that is not a number: ${JSON.stringify(contentLength.slice(0, 40))}`;
  if (new Set(lengths.map(Number)).size > 1) return 'the answer has conflicting Content-Length values';
  return { body: 'length', length: Number(lengths[0]) };
}
