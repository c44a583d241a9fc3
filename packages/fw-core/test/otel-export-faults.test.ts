/**
 * A collector that is absent, failing (500) or hanging never slows or breaks requests: every
 * request is answered, nothing rejects unhandled, exports in flight stay bounded (the exporter's
 * concurrency limit), spans beyond the batch queue are dropped, and shutdown returns in bounded
 * time.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { closedPort } from './support/closed-port.ts';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';
import type { ReceiverMode } from './support/otel-receiver.ts';
import { retainedHeap } from './support/retained-heap.ts';

const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));

let otel: OtelApp | undefined;
after(async () => {
  await otel?.close();
});

/** Fires `total` requests, `parallel` at a time; returns the statuses seen. */
async function load(total: number, parallel: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      next += 1;
      const res = await fetch(`${otel!.app.url}/api/posts/42`);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return statuses;
}

async function run(mode: ReceiverMode | 'absent'): Promise<void> {
  const env = mode === 'absent' ? { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}` } : {};
  otel = await startOtelApp({
    receiverMode: mode === 'absent' ? 'ok' : mode,
    env: { ...env, OTEL_EXPORTER_OTLP_TIMEOUT: '2000' },
    telemetry: { batch: { scheduledDelayMillis: 10, maxQueueSize: 64, maxExportBatchSize: 16 }, shutdownTimeoutMs: 1500 },
  });
  try {
    const heapBefore = retainedHeap();
    const started = performance.now();
    const statuses = await load(2000, 20);
    const elapsed = performance.now() - started;
    assert.deepEqual([...statuses], [[200, 2000]]);
    // 2000 requests on loopback take well under a second; a blocked export path would take
    // the export timeout (2 s) at least once per batch.
    assert.ok(elapsed < 10_000, `2000 requests took ${elapsed.toFixed(0)} ms`);
    if (mode === 'hang') assert.ok(otel.receiver.heldOpen() <= 30, `exports held open: ${otel.receiver.heldOpen()}`);
    // Retained memory only: garbage not yet collected is not growth (and made this check flaky).
    const heapGrowth = retainedHeap() - heapBefore;
    assert.ok(heapGrowth < 64 * 1024 * 1024, `heap grew ${(heapGrowth / 1048576).toFixed(1)} MiB`);
  } catch (error) {
    // Close before failing, so the next test can set telemetry up again.
    await otel?.close();
    otel = undefined;
    throw error;
  }
  const stopping = performance.now();
  await otel.close();
  otel = undefined;
  assert.ok(performance.now() - stopping < 5000, 'shutdown is bounded');
  assert.deepEqual(unhandled, []);
}

describe('collector faults', () => {
  it('collector absent (connection refused): requests served, shutdown bounded', async () => {
    await run('absent');
  });

  it('collector answering 500: requests served, shutdown bounded', async () => {
    await run('fail500');
  });

  it('collector accepting and never answering: requests served, exports bounded, shutdown bounded', async () => {
    await run('hang');
  });
});

describe('the final flush on shutdown', () => {
  /** Serves `requests`, then times telemetry.shutdown() with its default 5 s limit; counts the spans received. */
  async function shutdownMs(mode: ReceiverMode | 'absent', requests: number): Promise<{ elapsed: number; spans: number }> {
    const env = mode === 'absent' ? { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}` } : {};
    // A batch delay longer than the test: the spans are still queued when shutdown starts.
    otel = await startOtelApp({ receiverMode: mode === 'absent' ? 'ok' : mode, env, telemetry: { batch: { scheduledDelayMillis: 60_000 } } });
    assert.deepEqual([...(await load(requests, 5))], [[200, requests]]);
    await otel.app.close();
    const started = performance.now();
    await otel.telemetry.shutdown();
    const elapsed = performance.now() - started;
    const spans = otel.receiver.spans.length;
    await otel.close();
    otel = undefined;
    return { elapsed, spans };
  }

  it('does not wait for retries when no collector listens (connection refused)', async () => {
    // The OTLP exporter would retry a refused connection for the whole 5 s shutdown limit.
    const { elapsed } = await shutdownMs('absent', 20);
    assert.ok(elapsed < 1000, `shutdown took ${elapsed.toFixed(0)} ms`);
  });

  it('still exports the queued spans to a collector that answers', async () => {
    const { spans } = await shutdownMs('ok', 20);
    assert.equal(spans, 20);
  });

  it('gives a collector that accepts but does not answer the whole limit', async () => {
    const { elapsed } = await shutdownMs('hang', 20);
    assert.ok(elapsed >= 4500 && elapsed < 6000, `shutdown took ${elapsed.toFixed(0)} ms, not the 5 s limit`);
  });
});
