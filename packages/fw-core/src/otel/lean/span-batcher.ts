/**
 * The lean path's batch span processor (issue 16): ended spans wait in a bounded queue and leave
 * in batches, as the SDK's BatchSpanProcessor does and with its settings (OTEL_BSP_*): a batch
 * goes when `maxExportBatchSize` spans wait or `scheduledDelayMs` after the first one, one
 * export at a time; a full queue drops new spans and counts them (a collector that is down never
 * grows memory or slows a request). Encoding happens at export, off the request's path.
 */
import type { SendResult } from './otlp-http-sender.ts';

/** The OTEL_BSP_* settings, with the SDK's defaults. */
export interface BatchSettings {
  readonly maxQueueSize: number;
  readonly maxExportBatchSize: number;
  readonly scheduledDelayMs: number;
}

export const DEFAULT_BATCH_SETTINGS: BatchSettings = Object.freeze({ maxQueueSize: 2048, maxExportBatchSize: 512, scheduledDelayMs: 5000 });

/** Where batches go: encode a batch, send the bytes, stop for good. */
export interface BatchSink<T> {
  encode(items: readonly T[]): Uint8Array;
  send(body: Uint8Array): Promise<SendResult>;
  stop(): void;
}

/** Counts for diagnostics and tests. */
export interface BatchCounts {
  exported: number;
  failed: number;
  dropped: number;
}

export class SpanBatcher<T> {
  readonly counts: BatchCounts = { exported: 0, failed: 0, dropped: 0 };
  readonly #settings: BatchSettings;
  readonly #sink: BatchSink<T>;
  #queue: T[] = [];
  #timer: NodeJS.Timeout | undefined;
  #exporting: Promise<void> | undefined;
  #stopped = false;

  constructor(sink: BatchSink<T>, settings: BatchSettings = DEFAULT_BATCH_SETTINGS) {
    this.#sink = sink;
    this.#settings = { ...settings, maxExportBatchSize: Math.min(settings.maxExportBatchSize, settings.maxQueueSize) };
  }

  /** Queues an ended span; dropped (and counted) when the queue is full or after shutdown. */
  add(item: T): void {
    if (this.#stopped || this.#queue.length >= this.#settings.maxQueueSize) {
      this.counts.dropped += 1;
      return;
    }
    this.#queue.push(item);
    if (this.#queue.length >= this.#settings.maxExportBatchSize) this.#kick();
    else this.#timer ??= setTimeout(() => this.#kick(), this.#settings.scheduledDelayMs).unref();
  }

  /** Exports everything queued now; resolves when those exports have ended. */
  async forceFlush(): Promise<void> {
    while (this.#queue.length > 0 || this.#exporting !== undefined) {
      this.#kick();
      await this.#exporting;
    }
  }

  /** Flushes within `timeoutMs`, then stops the sink: nothing is left running. */
  async shutdown(timeoutMs: number): Promise<void> {
    if (this.#stopped) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs).unref()));
    await Promise.race([this.forceFlush(), limit]);
    clearTimeout(timer);
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.counts.dropped += this.#queue.length;
    this.#queue = [];
    this.#sink.stop();
  }

  /** Starts exporting batches unless an export is running (it continues with what is queued). */
  #kick(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#exporting ??= this.#drain().finally(() => {
      this.#exporting = undefined;
      if (this.#queue.length > 0 && !this.#stopped) this.#timer ??= setTimeout(() => this.#kick(), this.#settings.scheduledDelayMs).unref();
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0 && !this.#stopped) {
      const batch = this.#queue.splice(0, this.#settings.maxExportBatchSize);
      let result: SendResult;
      try {
        result = await this.#sink.send(this.#sink.encode(batch));
      } catch (error) {
        result = { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
      if (result.ok) this.counts.exported += batch.length;
      else this.counts.failed += batch.length;
      // Only a full batch goes on at once; a partial one waits for the schedule (or a flush).
      if (this.#queue.length < this.#settings.maxExportBatchSize) break;
    }
  }
}
