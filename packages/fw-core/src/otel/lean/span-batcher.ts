/**
 * The lean path's batch span processor, with the SDK BatchSpanProcessor's settings (OTEL_BSP_*): a
 * batch leaves when `maxExportBatchSize` spans wait or `scheduledDelayMs` after the first, one
 * export at a time; a full queue drops and counts new spans. Unlike the SDK's, a span is encoded as
 * it is added: the queue holds bytes, so span objects die young.
 */
import type { SendResult } from './otlp-socket-client.ts';

/** The OTEL_BSP_* settings, with the SDK's defaults. */
export interface BatchSettings {
  readonly maxQueueSize: number;
  readonly maxExportBatchSize: number;
  readonly scheduledDelayMs: number;
}

export const DEFAULT_BATCH_SETTINGS: BatchSettings = Object.freeze({ maxQueueSize: 2048, maxExportBatchSize: 512, scheduledDelayMs: 5000 });

/** Where spans go: encode one into the pending batch, take that batch's bytes, send them (`count` spans), stop for good. */
export interface BatchSink<T> {
  encode(item: T): void;
  take(): Uint8Array;
  send(body: Uint8Array, count: number): Promise<SendResult>;
  stop(): void;
}

/** Counts for diagnostics and tests. */
export interface BatchCounts {
  exported: number;
  failed: number;
  dropped: number;
}

/** An encoded batch waiting for its export. */
interface SealedBatch {
  readonly body: Uint8Array;
  readonly count: number;
}

export class SpanBatcher<T> {
  readonly counts: BatchCounts = { exported: 0, failed: 0, dropped: 0 };
  readonly #settings: BatchSettings;
  readonly #sink: BatchSink<T>;
  /** Spans encoded into the sink's pending batch. */
  #pending = 0;
  /** Full batches waiting for the export running now. */
  #sealed: SealedBatch[] = [];
  /** Spans in `#sealed`. */
  #sealedCount = 0;
  #timer: NodeJS.Timeout | undefined;
  #exporting: Promise<void> | undefined;
  #stopped = false;

  constructor(sink: BatchSink<T>, settings: BatchSettings = DEFAULT_BATCH_SETTINGS) {
    this.#sink = sink;
    this.#settings = { ...settings, maxExportBatchSize: Math.min(settings.maxExportBatchSize, settings.maxQueueSize) };
  }

  /** Encodes an ended span into the pending batch; dropped (and counted) when the queue is full or after shutdown. */
  add(item: T): void {
    if (this.#stopped || this.#pending + this.#sealedCount >= this.#settings.maxQueueSize) {
      this.counts.dropped += 1;
      return;
    }
    try {
      this.#sink.encode(item);
    } catch {
      // A span the encoder cannot write is lost, not the response it ends with.
      this.counts.failed += 1;
      return;
    }
    this.#pending += 1;
    if (this.#pending >= this.#settings.maxExportBatchSize) {
      this.#seal();
      this.#kick();
    } else this.#timer ??= setTimeout(() => this.#kick(true), this.#settings.scheduledDelayMs).unref();
  }

  /** Exports everything queued now; resolves when those exports have ended. */
  async forceFlush(): Promise<void> {
    while (this.#pending > 0 || this.#sealed.length > 0 || this.#exporting !== undefined) {
      this.#kick(true);
      await this.#exporting;
    }
  }

  /** Spans waiting for an export now (otel.sdk.processor.span.queue.size). */
  get queued(): number {
    return this.#pending + this.#sealedCount;
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
    this.counts.dropped += this.#pending + this.#sealedCount;
    if (this.#pending > 0) this.#sink.take();
    this.#pending = 0;
    this.#sealed = [];
    this.#sealedCount = 0;
    this.#sink.stop();
  }

  /** Moves the pending batch to the export queue. */
  #seal(): void {
    if (this.#pending === 0) return;
    this.#sealed.push({ body: this.#sink.take(), count: this.#pending });
    this.#sealedCount += this.#pending;
    this.#pending = 0;
  }

  /** Starts exporting sealed batches (first sealing a partial one when `partial`) unless an export is running. */
  #kick(partial = false): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (partial && this.#exporting === undefined) this.#seal();
    this.#exporting ??= this.#drain().finally(() => {
      this.#exporting = undefined;
      if (this.#stopped) return;
      if (this.#sealed.length > 0) this.#kick();
      else if (this.#pending > 0) this.#timer ??= setTimeout(() => this.#kick(true), this.#settings.scheduledDelayMs).unref();
    });
  }

  async #drain(): Promise<void> {
    for (let batch = this.#sealed.shift(); batch !== undefined && !this.#stopped; batch = this.#sealed.shift()) {
      this.#sealedCount -= batch.count;
      let result: SendResult;
      try {
        result = await this.#sink.send(batch.body, batch.count);
      } catch (error) {
        result = { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
      if (result.ok) this.counts.exported += batch.count;
      else this.counts.failed += batch.count;
    }
  }
}
