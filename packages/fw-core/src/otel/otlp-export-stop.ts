/**
 * Lets shutdown() end fw's OTLP exports for good, so nothing of fw's telemetry keeps the process
 * alive after it returned (issue 15: a process stayed 8 s on two retry timers). The SDK exporter's
 * retry wait is a plain timer it offers no way to cancel: it is found by shape
 * (`_delegate._transport.retry`, otlp-exporter-base 0.301; otel-shutdown-exit.test.ts fails if it
 * moves) and made cancellable; the agents' sockets are destroyed. fw's own exporters stop themselves.
 */
import type { Agent } from 'node:http';
import type { TlsAgentOptions } from './env-config.ts';

/** The exporter transport's answer, as far as fw needs it. */
type ExportResponse = { readonly status: 'success' | 'failure' | 'retryable'; readonly error?: Error };

/** The retrying transport's wait-then-send step. */
type Retry = (data: Uint8Array, timeoutMillis: number, inMillis: number) => Promise<ExportResponse>;

/** What a retry answers once telemetry has stopped: a failure, which ends the export. */
const STOPPED: ExportResponse = Object.freeze({ status: 'failure', error: new Error('telemetry was shut down: the export is given up') });

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
  agentFactory(tls: TlsAgentOptions): (protocol: string) => Agent {
    return (protocol) => {
      // Not imports of node:http(s): they load undici on import (see server/start-server.ts).
      const agent = protocol === 'https:' ? new (process.getBuiltinModule('node:https').Agent)({ keepAlive: true, ...tls }) : new (process.getBuiltinModule('node:http').Agent)({ keepAlive: true });
      this.#onStop(() => agent.destroy());
      return agent;
    };
  }

  /** Makes `exporter`'s retry waits end when stop() is called; returns the exporter. */
  stoppable<T extends object>(exporter: T): T {
    const transport = (exporter as { _delegate?: { _transport?: { retry?: unknown } } })._delegate?._transport;
    if (transport === undefined || typeof transport.retry !== 'function') return exporter;
    const retry = (transport.retry as Retry).bind(transport);
    transport.retry = ((data, timeoutMillis, inMillis) => this.#retryUnlessStopped(retry, data, timeoutMillis, inMillis)) satisfies Retry;
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

  #retryUnlessStopped(retry: Retry, data: Uint8Array, timeoutMillis: number, inMillis: number): Promise<ExportResponse> {
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
