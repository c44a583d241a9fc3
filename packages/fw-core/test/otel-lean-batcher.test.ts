/**
 * The lean batch processor: full batches leave at once and in order, a partial one after the
 * scheduled delay, forceFlush exports what waits, a full queue drops and counts, a failed export
 * is counted and not retried by the batcher (the sender retries), and shutdown stops the sink
 * after a bounded flush.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SendResult } from '../src/otel/lean/otlp-socket-client.ts';
import { SpanBatcher, type BatchSink } from '../src/otel/lean/lean-trace-export.ts';
import { nextTurn } from './support/until.ts';

/** A sink that records each batch (its items, as the encoder saw them, at take) and answers `results` in turn. */
function recordingSink(results: SendResult[] = [], hold?: Promise<void>): BatchSink<number> & { batches: number[][]; pending: number[]; stopped: boolean } {
  const sink = {
    batches: [] as number[][],
    pending: [] as number[],
    stopped: false,
    encode: (item: number) => {
      sink.pending.push(item);
    },
    take: () => {
      sink.batches.push(sink.pending);
      const body = Uint8Array.from(sink.pending);
      sink.pending = [];
      return body;
    },
    send: async () => {
      await hold;
      return results.shift() ?? { ok: true as const };
    },
    stop: () => {
      sink.stopped = true;
    },
  };
  return sink;
}

const settings = { maxQueueSize: 10, maxExportBatchSize: 4, scheduledDelayMs: 50 };

describe('SpanBatcher', () => {
  it('sends full batches at once and the rest after the scheduled delay, in order', async (t) => {
    // The scheduled delay runs on mocked timers the test moves; exports are promise reactions, settled by a turn of the loop.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const sink = recordingSink();
    const batcher = new SpanBatcher(sink, settings);
    for (let i = 1; i <= 9; i += 1) batcher.add(i);
    await nextTurn();
    assert.deepEqual(sink.batches, [[1, 2, 3, 4], [5, 6, 7, 8]]);
    t.mock.timers.tick(settings.scheduledDelayMs - 1);
    await nextTurn();
    assert.deepEqual(sink.batches, [[1, 2, 3, 4], [5, 6, 7, 8]], 'the partial batch waits for the whole delay');
    t.mock.timers.tick(1);
    await nextTurn();
    assert.deepEqual(sink.batches, [[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    assert.deepEqual(batcher.counts, { exported: 9, failed: 0, dropped: 0 });
    await batcher.shutdown(100);
  });

  it('exports what waits on forceFlush', async () => {
    const sink = recordingSink();
    const batcher = new SpanBatcher(sink, { ...settings, scheduledDelayMs: 60_000 });
    batcher.add(1);
    batcher.add(2);
    await batcher.forceFlush();
    assert.deepEqual(sink.batches, [[1, 2]]);
    await batcher.shutdown(100);
  });

  it('drops and counts spans beyond a full queue while an export hangs, and never blocks add()', async () => {
    let release: () => void = () => {};
    const sink = recordingSink([], new Promise<void>((resolve) => (release = resolve)));
    const batcher = new SpanBatcher(sink, settings);
    for (let i = 1; i <= 30; i += 1) batcher.add(i);
    assert.equal(batcher.counts.dropped, 16, '4 in flight, 10 queued, 16 dropped');
    release();
    await batcher.forceFlush();
    assert.equal(batcher.counts.exported, 14);
    await batcher.shutdown(100);
  });

  it('counts a failed export, goes on with the next batch, and the flush rejects as the SDK batch processor\'s does', async () => {
    const sink = recordingSink([{ ok: false, reason: 'HTTP 400' }]);
    const batcher = new SpanBatcher(sink, settings);
    for (let i = 1; i <= 8; i += 1) batcher.add(i);
    await assert.rejects(batcher.forceFlush(), { message: 'BatchSpanProcessor: span export failed' });
    assert.deepEqual(batcher.counts, { exported: 4, failed: 4, dropped: 0 });
    // A flush whose exports succeed resolves: the failure before it is not its own.
    batcher.add(9);
    await batcher.forceFlush();
    await batcher.shutdown(100);
  });

  it('counts a span the encoder cannot write as failed and still exports the rest of its batch', async () => {
    const sink = recordingSink();
    const encode = sink.encode;
    sink.encode = (item: number) => {
      if (item === 2) throw new TypeError('cannot encode');
      encode(item);
    };
    const batcher = new SpanBatcher(sink, settings);
    for (let i = 1; i <= 5; i += 1) batcher.add(i);
    await batcher.forceFlush();
    assert.deepEqual(sink.batches, [[1, 3, 4, 5]]);
    assert.deepEqual(batcher.counts, { exported: 4, failed: 1, dropped: 0 });
    await batcher.shutdown(100);
  });

  it('shuts down within its time limit even when the export hangs, stops the sink and refuses new spans', async () => {
    const sink = recordingSink([], new Promise<void>(() => {}));
    const batcher = new SpanBatcher(sink, settings);
    batcher.add(1);
    const started = performance.now();
    await batcher.shutdown(100);
    assert.ok(performance.now() - started < 500);
    assert.equal(sink.stopped, true);
    batcher.add(2);
    assert.equal(batcher.counts.dropped, 1);
  });
});
