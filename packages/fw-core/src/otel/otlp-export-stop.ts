/**
 * Lets shutdown() end fw's OTLP exports for good, so nothing of fw's telemetry keeps the process
 * alive after it returned. The SDK exporter's retry wait is a plain timer it offers no way to cancel:
 * it is found by shape (`_delegate._transport.retry`, otlp-exporter-base 0.301; otel-shutdown-exit.test.ts
 * fails if it moves) and made cancellable; the agents' sockets are destroyed. fw's own exporters stop themselves.
 */
import type { Agent } from 'node:http';
import type { TlsAgentOptions } from './env-config.ts';
import { OtlpHttpSender, type OtlpSenderOptions, type SendResult } from './lean/otlp-socket-client.ts';

/** The exporter transport's answer, as far as fw needs it. */
type ExportResponse = { readonly status: 'success' | 'failure' | 'retryable'; readonly error?: Error };

/** The retrying transport's wait-then-send step. */
type Retry = (data: Uint8Array, timeoutMillis: number, inMillis: number) => Promise<ExportResponse>;

/** The `code` of the error a retry ends with once telemetry has stopped (export-reporting.ts: `error.type` `stopped`). */
export const EXPORT_STOPPED_CODE = 'FW_OTEL_EXPORT_STOPPED';

/** What a retry answers once telemetry has stopped: a failure, which ends the export. */
const STOPPED: ExportResponse = Object.freeze({
  status: 'failure',
  error: Object.assign(new Error('telemetry was shut down: the export is given up'), { code: EXPORT_STOPPED_CODE }),
});

/** The stop switch of the OTLP exporters of one setupTelemetry call. */
export class OtlpExportStop {
  #stopped = false;
  /** What stop() does: end a retry's wait, destroy an agent, stop one of fw's exporters. */
  readonly #ends = new Set<() => void>();

  /** Stops `exporter` (one of fw's own, which can end its exports itself) with the rest; returns it. */
  stops<T extends { stop(): void }>(exporter: T): T {
    this.#onStop(() => exporter.stop());
    return exporter;
  }

  /** An exporter's `httpAgentOptions`: a keep-alive agent (with `tls` for https), destroyed by stop(). */
  agentFactory(tls: TlsAgentOptions | undefined): (protocol: string) => Agent {
    return (protocol) => {
      // Not imports of node:http(s): they load undici on import (see server/start-server.ts).
      const agent =
        protocol === 'https:'
          ? new (process.getBuiltinModule('node:https').Agent)({ keepAlive: true, ...tls })
          : new (process.getBuiltinModule('node:http').Agent)({ keepAlive: true });
      this.#onStop(() => agent.destroy());
      return agent;
    };
  }

  /** Makes `exporter`'s retry waits end when stop() is called (one below 0, the SDK's for `Retry-After: 0`, is 0: no TimeoutNegativeWarning); returns the exporter. */
  stoppable<T extends object>(exporter: T): T {
    const transport = (exporter as { _delegate?: { _transport?: { retry?: unknown } } })._delegate?._transport;
    if (transport === undefined || typeof transport.retry !== 'function') return exporter;
    const retry = (transport.retry as Retry).bind(transport);
    transport.retry = ((data, timeoutMillis, inMillis) =>
      this.#retryUnlessStopped(retry, data, timeoutMillis, Math.max(0, inMillis))) satisfies Retry;
    return exporter;
  }

  /** Ends waiting retries, refuses new ones and destroys the exporters' sockets; idempotent. */
  stop(): void {
    this.#stopped = true;
    for (const end of this.#ends) end();
    this.#ends.clear();
  }

  /** Runs `end` at stop(), or now when stopped already. */
  #onStop(end: () => void): void {
    if (this.#stopped) end();
    else this.#ends.add(end);
  }

  #retryUnlessStopped(
    retry: Retry,
    data: Uint8Array,
    timeoutMillis: number,
    inMillis: number,
  ): Promise<ExportResponse> {
    if (this.#stopped) return Promise.resolve(STOPPED);
    return new Promise((resolve, reject) => {
      const end = (): void => {
        clearTimeout(timer);
        resolve(STOPPED);
      };
      // The wait is ours, so stop() can cancel it; the transport then sends at once.
      const timer = setTimeout(() => {
        this.#ends.delete(end);
        retry(data, timeoutMillis, 0).then(resolve, reject);
      }, inMillis);
      this.#ends.add(end);
    });
  }
}

/** An exporter posting through fw's OtlpHttpSender: forceFlush waits for the posts in flight, shutdown then closes, stop ends them at once. */
export abstract class SenderExporter {
  protected readonly sender: OtlpHttpSender;
  /** Whether shutdown or stop was called. */
  protected closed = false;
  readonly #pending = new Set<Promise<void>>();

  constructor(options: OtlpSenderOptions) {
    this.sender = new OtlpHttpSender(options);
  }

  /** Posts `body`, unless 30 posts are in flight (the SDK's exporters' concurrencyLimit: a stalled collector holds no more connections); `then` reads how it ended. */
  protected post(body: Uint8Array, then: (result: SendResult) => void): void {
    if (this.#pending.size >= 30) return then({ ok: false, reason: 'Concurrent export limit reached' });
    const sent = this.sender.send(body).then(then);
    this.#pending.add(sent);
    void sent.finally(() => this.#pending.delete(sent));
  }

  /** Waits for the exports in flight (each ends within the export timeout). */
  async forceFlush(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  /** Refuses further exports, waits for those in flight, then closes the connection. */
  async shutdown(): Promise<void> {
    this.closed = true;
    await this.forceFlush();
    this.sender.stop();
  }

  /** Ends the exports in flight and their retries at once (OtlpExportStop, after shutdown's time limit). */
  stop(): void {
    this.closed = true;
    this.sender.stop();
  }
}
