/**
 * The anchor that turns monotonic readings into Unix milliseconds for exchanges and lean spans
 * (stream/clock.ts): a pause between its two readings must not shift every span's times. A test
 * under a busy host saw a lean span start 24 ms before the `Date.now()` read ahead of it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readAnchor } from '../src/stream/clock.ts';

/** A clock that returns the given readings in turn. */
const readings = (values: number[]) => (): number => {
  const value = values.shift();
  assert.ok(value !== undefined, 'read more often than the test expects');
  return value;
};

describe('the wall-clock anchor', () => {
  it('reads the pair again when a pause came between them, so the wall time is not early by the pause', () => {
    // First try: monotonic 0, Date.now() 1000, then a 24 ms pause before the monotonic reading.
    const anchor = readAnchor(readings([0, 24, 24.4]), readings([1000, 1024]));
    assert.deepEqual(anchor, { wallMs: 1024, ms: 24.4 });
  });

  it('takes the first pair read within a millisecond', () => {
    assert.deepEqual(readAnchor(readings([10, 10.6]), readings([5000])), { wallMs: 5000, ms: 10.6 });
  });

  it('gives up after three tries and keeps the last pair, so a busy host cannot hold it in a loop', () => {
    assert.deepEqual(readAnchor(readings([0, 5, 10, 15]), readings([100, 105, 110])), { wallMs: 110, ms: 15 });
  });
});
