/**
 * Posts encoded OTLP/HTTP batches with the exporter settings the OTLP specification defines
 * (endpoint, headers, timeout, gzip) and its retry rule: 429, 502, 503, 504 and network errors are
 * retried with the SDK's backoff (1 s, x1.5, at most 5 s, +-20 % jitter) or after `Retry-After`
 * until the export's timeout is spent. Timers are unref'd and `stop()` ends waits and sockets at
 * once. The posts go through fw's own client (otlp-socket-client.ts says why).
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { OtlpProtocol, TlsAgentOptions } from '../env-config.ts';
import { readFields } from '../otlp-json.ts';
import { OtlpSocketClient } from './otlp-socket-client.ts';

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
