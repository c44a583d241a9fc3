/**
 * The default logger's sink is process.stderr, which on a pipe or socket nobody reads (a stalled log shipper) queues every
 * line in memory: 3 s of request lines held 300 MB. The logger lets 16 MiB queue, then drops lines and counts them.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createJsonLogger } from '../src/log/logger.ts';

/** The most a sink may hold unwritten before the logger drops lines (docs/operations.md, "Logs"). */
const MAX_UNWRITTEN_LOG_BYTES = 16 * 1024 * 1024;

/** A Writable whose reader takes nothing until `resume()` (or one line at `takeOne()`), as a pipe nobody reads: its unwritten lines queue in writableLength. */
function stalledSink(): { sink: Writable; received: string[]; resume(): void; takeOne(): void } {
  const received: string[] = [];
  let reading = false;
  let held: (() => void) | undefined;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      received.push(chunk.toString());
      if (reading) done();
      else held = done;
    },
  });
  const takeOne = (): void => {
    const done = held;
    held = undefined;
    done?.();
  };
  return { sink, received, resume: () => ((reading = true), held?.()), takeOne };
}

/** A stalled sink, its logger, and the count of lines logged until the sink holds MAX_UNWRITTEN_LOG_BYTES (all kept). */
function filledLog(): ReturnType<typeof stalledSink> & { logger: ReturnType<typeof createJsonLogger>; path: string; kept: number } {
  const stalled = stalledSink();
  const logger = createJsonLogger({ sink: stalled.sink, env: { FW_LOG_REPEAT_INTERVAL_MS: '0' } });
  const path = '/posts/'.padEnd(1000, 'x');
  let kept = 0;
  while (stalled.sink.writableLength <= MAX_UNWRITTEN_LOG_BYTES) logger.info({ event: 'request', n: kept++, path });
  return { ...stalled, logger, path, kept };
}

describe('a log whose reader has stalled', () => {
  it('holds at most MAX_UNWRITTEN_LOG_BYTES, drops the rest, and writes how many it dropped once the reader catches up', { timeout: 60_000 }, async () => {
    const { sink, received, resume, logger, path, kept } = filledLog();
    let logged = kept;
    for (let i = 0; i < 5000; i++) logger.info({ event: 'request', n: logged++, path });
    assert.ok(sink.writableLength < MAX_UNWRITTEN_LOG_BYTES + 2000, `${sink.writableLength} bytes unwritten`);

    // Before resume(): the reader takes the queue at once, and 'drain' comes inside resume().
    const drained = once(sink, 'drain');
    resume();
    await drained;
    logger.info({ event: 'request', n: logged, path });
    await new Promise((resolve) => sink.end(resolve));
    const lines = received.join('').split('\n').slice(0, -1).map((text) => JSON.parse(text) as Record<string, unknown>);
    assert.deepEqual(lines.slice(0, kept).map((line) => line.n), Array.from({ length: kept }, (_, n) => n));
    const [notice, next] = lines.slice(kept);
    assert.deepEqual({ ...notice, time: 'x', 'service.instance.id': 'x' }, {
      time: 'x', level: 'warn', 'service.instance.id': 'x', event: 'log_lines_dropped', dropped: 5000,
      msg: 'log lines dropped: the reader of the log fell behind',
    });
    assert.equal(next?.n, logged);
    assert.equal(lines.length, kept + 2);
  });

  it('writes how many it dropped once the reader catches up, when no line follows', { timeout: 60_000 }, async () => {
    const { sink, received, resume, logger, path, kept } = filledLog();
    let logged = kept;
    for (let i = 0; i < 7; i++) logger.info({ event: 'request', n: logged++, path });

    const drained = once(sink, 'drain');
    resume();
    await drained;
    await new Promise((resolve) => sink.end(resolve));
    const lines = received.join('').split('\n').slice(0, -1).map((text) => JSON.parse(text) as Record<string, unknown>);
    assert.equal(lines.length, kept + 1);
    assert.deepEqual([lines[kept]?.event, lines[kept]?.dropped], ['log_lines_dropped', 7]);
  });

  it('waits for the reader with one listener, however often the queue crosses the bound before it empties', () => {
    const { sink, takeOne, logger, path } = filledLog();
    const line = { event: 'request', path };
    const baseline = sink.listenerCount('drain');
    for (let episode = 0; episode < 20; episode++) {
      logger.info(line); // dropped: the count waits for 'drain'
      // The reader takes a little, as a slow shipper does, without emptying the queue: the next line is written, with the count.
      takeOne();
      logger.info(line);
    }
    assert.equal(sink.listenerCount('drain') - baseline, 1);
  });
});

