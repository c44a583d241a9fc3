/**
 * How fw posts OTLP batches (the lean trace export, the metric export, the full path's OTLP/JSON
 * spans). OtlpHttpSender applies the OTLP exporter specification's settings and retry rule (429,
 * 502, 503, 504 and network errors retried with the SDK's backoff, 1 s x1.5 up to 5 s +-20 %, or
 * after `Retry-After`, until the export's timeout). OtlpSocketClient is fw's own HTTP/1.1 client
 * over node:net and node:tls, so no client of node's http module runs in the server's process: one
 * makes node's shared socket, stream and http code megamorphic and slows every request the server
 * answers (bench/telemetry-instructions.bench.ts). At most one kept-alive connection waits,
 * unref'd; `stop()` and `close()` end waits and sockets at once.
 */
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { setTimeout as setTimer } from 'node:timers';
import { connect as tlsConnect } from 'node:tls';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { isHeaderName, isHeaderValue } from '../../http/header-fields.ts';
import type { OtlpProtocol, TlsAgentOptions } from '../env-config.ts';
import { readFields } from '../otlp-json.ts';
import { SCOPE_VERSION } from '../telemetry.ts';
import { type AnswerProgress, type HttpAnswer, HttpAnswerReader } from './http-answer-reader.ts';

/** What one post came to: an answer's status and Retry-After, or (status undefined) the error that kept it from one. */
export interface PostAnswer {
  readonly status?: number;
  readonly retryAfter?: string;
  /** The answer's body (an OTLP response message, or why the collector refused). */
  readonly body?: Buffer;
  readonly error: string;
  /** The collector's answer could not be taken (a body over ANSWER_BODY_LIMIT): posting again would only repeat it. */
  readonly final?: true;
}

/** The collector to post to, and how. */
export interface SocketClientOptions {
  /** An http: or https: URL, e.g. `http://127.0.0.1:4318/v1/traces`. */
  readonly url: URL | string;
  /** Trusted roots and client certificate of an https: URL; the certificate is always verified. */
  readonly tls?: TlsAgentOptions;
  /** Sent as `content-encoding`: the payloads posted are already encoded so. */
  readonly contentEncoding?: 'gzip';
  /** The payloads' media type: `application/x-protobuf` (default) or, for OTLP/JSON, `application/json`. */
  readonly contentType?: 'application/x-protobuf' | 'application/json';
}

/**
 * The `User-Agent` fw's OTLP exports send (issue 36, item 7), as the OTLP exporter specification
 * asks of exporters; the SDK's exporters send `OTel-OTLP-Exporter-JavaScript/<version>`, fw's
 * name its own exporter and fw-core's version, so a collector can tell the two apart.
 */
export const OTLP_USER_AGENT = `OTel-OTLP-Exporter-fw/${SCOPE_VERSION}`;

/** The error of a post the collector did not answer within its time limit. */
export const ANSWER_TIMEOUT_ERROR = 'the collector did not answer in time';
/** The error of a post ended by `close()`. */
export const CLIENT_CLOSED_ERROR = 'the OTLP client was closed';

/** Headers the client writes itself; the same names among the caller's headers are left out. */
const OWN_HEADERS = new Set(['host', 'content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'user-agent']);
/** Errors that, before any byte of the answer, mean the collector had closed a kept-alive connection. */
const STALE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/** How one exchange on one connection ended. */
interface Outcome {
  readonly answer?: HttpAnswer;
  readonly body?: Buffer;
  readonly error: string;
  /** The connection was closed or reset before any byte of an answer. */
  readonly stale: boolean;
  readonly final?: true;
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
  readonly #protocolError: string;
  #headersFor: Readonly<Record<string, string>> | undefined;
  #headerLines = '';
  #idle: Socket | undefined;
  readonly #aborts = new Set<(error: string) => void>();
  #closed = false;

  constructor(options: SocketClientOptions) {
    const url = new URL(options.url);
    this.#secure = url.protocol === 'https:';
    this.#protocolError = this.#secure || url.protocol === 'http:' ? '' : `the OTLP endpoint's protocol ${url.protocol} is neither http: nor https:`;
    // URL keeps an IPv6 literal's brackets in hostname; `host` keeps them and drops a default port.
    this.#host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    this.#port = url.port === '' ? (this.#secure ? 443 : 80) : Number(url.port);
    this.#tls = options.tls ?? {};
    this.#headStart = `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nuser-agent: ${OTLP_USER_AGENT}\r\ncontent-type: ${options.contentType ?? 'application/x-protobuf'}\r\ncontent-length: `;
    this.#encodingLine = options.contentEncoding === undefined ? '' : `content-encoding: ${options.contentEncoding}\r\n`;
  }

  /** Posts `payload` with `headers`, waiting at most `timeoutMs` for the answer; never rejects. */
  async post(headers: Readonly<Record<string, string>>, payload: Uint8Array, timeoutMs: number): Promise<PostAnswer> {
    if (this.#closed) return { error: CLIENT_CLOSED_ERROR };
    if (this.#protocolError !== '') return { error: this.#protocolError };
    const lines = this.#linesOf(headers);
    if (typeof lines !== 'string') return lines;
    const head = `${this.#headStart}${payload.byteLength}\r\n${this.#encodingLine}${lines}\r\n`;
    const deadline = performance.now() + timeoutMs;
    const idle = this.#takeIdle();
    let outcome = await this.#exchange(idle ?? this.#connect(), head, payload, timeoutMs);
    const left = deadline - performance.now();
    if (idle !== undefined && outcome.stale && !this.#closed && left > 0) outcome = await this.#exchange(this.#connect(), head, payload, left);
    const { answer } = outcome;
    if (answer !== undefined) return { status: answer.status, retryAfter: answer.retryAfter, ...(outcome.body !== undefined && outcome.body.length > 0 && { body: outcome.body }), error: '' };
    return outcome.final ? { error: outcome.error, final: true } : { error: outcome.error };
  }

  /** Ends every connection, waiting and in flight (their posts resolve with an error at once), for good. */
  close(): void {
    this.#closed = true;
    this.#idle?.destroy();
    this.#idle = undefined;
    for (const abort of [...this.#aborts]) abort(CLIENT_CLOSED_ERROR);
  }

  /** The caller's header lines, rendered once per headers object (the sender passes the same one). */
  #linesOf(headers: Readonly<Record<string, string>>): string | PostAnswer {
    if (headers === this.#headersFor) return this.#headerLines;
    let lines = '';
    for (const [name, value] of Object.entries(headers)) {
      if (OWN_HEADERS.has(name.toLowerCase())) continue;
      // env-config refuses such headers at start; this keeps any other caller from splitting the request.
      if (!isHeaderName(name) || !isHeaderValue(value)) return { error: `the header ${JSON.stringify(name)} cannot be sent: its name is not a token or its value holds a control character` };
      lines += `${name}: ${value}\r\n`;
    }
    this.#headersFor = headers;
    this.#headerLines = lines;
    return lines;
  }

  #connect(): Socket {
    const { ca, cert, key } = this.#tls;
    // SNI carries host names only (RFC 6066 §3); the certificate is checked against `host` either way.
    const socket = this.#secure
      ? tlsConnect({ host: this.#host, port: this.#port, ca, cert, key, ...(isIP(this.#host) === 0 ? { servername: this.#host } : {}) })
      : netConnect({ host: this.#host, port: this.#port });
    socket.setNoDelay(true);
    // An exchange reports errors while it runs; this one keeps a later error from crashing the process.
    socket.on('error', () => {});
    return socket;
  }

  /** Writes one request on `socket` and reads its answer; then keeps the connection or ends it. */
  async #exchange(socket: Socket, head: string, payload: Uint8Array, timeoutMs: number): Promise<Outcome> {
    const outcome = await exchange(socket, head, payload, timeoutMs, this.#aborts);
    // An answer that came before the whole request was written leaves the connection's state unknown.
    if (outcome.answer?.reusable === true && socket.writableLength === 0 && !this.#closed && this.#idle === undefined) this.#park(socket);
    else socket.destroy();
    return outcome;
  }

  #park(socket: Socket): void {
    socket.unref();
    socket.on('data', this.#dropIdle).on('end', this.#dropIdle).on('close', this.#dropIdle);
    this.#idle = socket;
  }

  /** The waiting connection, if it is still open; the collector may close it at any time. */
  #takeIdle(): Socket | undefined {
    const socket = this.#idle;
    if (socket === undefined) return undefined;
    this.#idle = undefined;
    socket.off('data', this.#dropIdle).off('end', this.#dropIdle).off('close', this.#dropIdle);
    if (socket.destroyed || !socket.writable || socket.readableEnded) {
      socket.destroy();
      return undefined;
    }
    socket.ref();
    return socket;
  }

  /** The waiting connection closed, or sent bytes nobody asked for: it cannot carry a post. */
  readonly #dropIdle = (): void => {
    const socket = this.#idle;
    this.#idle = undefined;
    socket?.off('data', this.#dropIdle).off('end', this.#dropIdle).off('close', this.#dropIdle);
    socket?.destroy();
  };
}

/** Writes head and payload on `socket` (corked: one write) and reads the answer, within `timeoutMs`. */
function exchange(socket: Socket, head: string, payload: Uint8Array, timeoutMs: number, aborts: Set<(error: string) => void>): Promise<Outcome> {
  return new Promise((resolve) => {
    const reader = new HttpAnswerReader();
    const finish = (outcome: Outcome): void => {
      clearTimeout(timer);
      aborts.delete(abort);
      socket.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onError);
      resolve(outcome);
    };
    const settle = (progress: AnswerProgress): void => {
      if (progress.state === 'complete') return finish({ answer: progress.answer, body: reader.body, error: '', stale: false });
      if (progress.state === 'partial') return;
      // Destroyed, not drained: a collector streaming an endless body gets no more reads (issue 35, item 15).
      socket.destroy();
      finish(progress.final ? { error: progress.error, stale: false, final: true } : { error: progress.error, stale: !reader.started });
    };
    const abort = (error: string): void => {
      socket.destroy();
      finish({ error, stale: false });
    };
    const onData = (chunk: Buffer): void => settle(reader.push(chunk));
    const onEnd = (): void => settle(reader.end());
    const onError = (error: NodeJS.ErrnoException): void => {
      socket.destroy();
      finish({ error: error.message, stale: !reader.started && STALE_CODES.has(error.code ?? '') });
    };
    const timer = setTimer(() => abort(ANSWER_TIMEOUT_ERROR), timeoutMs);
    timer.unref();
    aborts.add(abort);
    socket.on('data', onData).on('end', onEnd).on('close', onEnd).on('error', onError);
    socket.cork();
    // latin1, as node's http client writes a head: one byte per character.
    socket.write(head, 'latin1');
    socket.write(payload);
    socket.uncork();
  });
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
export type SendResult = { readonly ok: true; readonly partial?: PartialSuccess } | { readonly ok: false; readonly reason: string };

const RETRYABLE = new Set([429, 502, 503, 504]);
const MAX_BACKOFF_MS = 5000;
const BACKOFF_MULTIPLIER = 1.5;

/** A sender for one endpoint. */
export class OtlpHttpSender {
  readonly #options: OtlpSenderOptions;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #client: OtlpSocketClient;
  readonly #waits = new Set<() => void>();
  #stopped = false;

  constructor(options: OtlpSenderOptions) {
    this.#options = options;
    this.#headers = options.headers ?? {};
    this.#client = new OtlpSocketClient({ url: options.url, tls: options.tls, contentEncoding: options.compression === 'gzip' ? 'gzip' : undefined, contentType: options.protocol === 'http/json' ? 'application/json' : 'application/x-protobuf' });
  }

  /** Sends `body` (an encoded export request), retrying as the specification says. */
  async send(body: Uint8Array): Promise<SendResult> {
    const deadline = performance.now() + this.#options.timeoutMs;
    const payload = this.#options.compression === 'gzip' ? await gzipAsync(body) : body;
    let backoffMs = this.#options.initialBackoffMs ?? 1000;
    for (;;) {
      if (this.#stopped) return { ok: false, reason: 'stopped' };
      const left = deadline - performance.now();
      if (left <= 0) return { ok: false, reason: 'timed out' };
      const answer = await this.#post(payload, left);
      // stop() during the post ends the export: no wait for a retry begins after it.
      if (this.#stopped) return { ok: false, reason: 'stopped' };
      if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) {
        const partial = partialSuccessOf(answer.body, this.#options.protocol ?? 'http/protobuf');
        return partial === undefined ? { ok: true } : { ok: true, partial };
      }
      // An answer too long to read is not retried: the collector would send it again.
      if (answer.final) return { ok: false, reason: answer.error };
      const retryable = answer.status === undefined || RETRYABLE.has(answer.status);
      if (!retryable) return { ok: false, reason: `HTTP ${answer.status}` };
      const jittered = backoffMs * (0.8 + Math.random() * 0.4);
      const wait = answer.retryAfterMs ?? jittered;
      if (performance.now() + wait >= deadline) return { ok: false, reason: answer.status === undefined ? answer.error : `HTTP ${answer.status}` };
      await this.#sleep(wait);
      backoffMs = Math.min(backoffMs * BACKOFF_MULTIPLIER, MAX_BACKOFF_MS);
    }
  }

  /** Ends waiting retries (their exports fail) and closes the connections, for good. */
  stop(): void {
    this.#stopped = true;
    for (const wake of this.#waits) wake();
    this.#waits.clear();
    this.#client.close();
  }

  async #post(payload: Uint8Array, timeoutMs: number): Promise<{ status?: number; retryAfterMs?: number; body?: Buffer; error: string; final?: true }> {
    const answer = await this.#client.post(this.#headers, payload, timeoutMs);
    return { status: answer.status, retryAfterMs: retryAfterMs(answer.retryAfter), body: answer.body, error: answer.error, ...(answer.final && { final: answer.final }) };
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.#waits.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.#waits.add(wake);
    });
  }
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * The partial success of a 2xx OTLP answer (https://opentelemetry.io/docs/specs/otlp/#partial-success),
 * in protobuf or OTLP/JSON as the request was sent; undefined for a full success or a body that cannot be read.
 */
export function partialSuccessOf(body: Uint8Array | undefined, protocol: OtlpProtocol): PartialSuccess | undefined {
  if (body === undefined || body.length === 0) return undefined;
  try {
    const found = protocol === 'http/json' ? fromJson(body) : fromProtobuf(body);
    return found === undefined || (found.rejected === 0 && found.message === '') ? undefined : found;
  } catch {
    return undefined;
  }
}

function fromProtobuf(body: Uint8Array): PartialSuccess | undefined {
  const outer = readFields(body).find((field) => field.field === 1 && field.wire === 2);
  if (outer === undefined) return undefined;
  let rejected = 0;
  let message = '';
  for (const field of readFields(outer.value as Uint8Array)) {
    // rejected_spans and rejected_data_points are both field 1 (int64), error_message field 2.
    if (field.field === 1 && field.wire === 0) rejected = Number(BigInt.asIntN(64, field.value));
    else if (field.field === 2 && field.wire === 2) message = Buffer.from(field.value).toString('utf8');
  }
  return { rejected, message };
}

function fromJson(body: Uint8Array): PartialSuccess | undefined {
  const parsed = JSON.parse(Buffer.from(body).toString('utf8')) as { partialSuccess?: { rejectedSpans?: unknown; rejectedDataPoints?: unknown; errorMessage?: unknown } } | null;
  const partial = parsed?.partialSuccess;
  if (partial === undefined || partial === null) return undefined;
  const rejected = Number(partial.rejectedSpans ?? partial.rejectedDataPoints ?? 0);
  return { rejected: Number.isFinite(rejected) ? rejected : 0, message: typeof partial.errorMessage === 'string' ? partial.errorMessage : '' };
}
