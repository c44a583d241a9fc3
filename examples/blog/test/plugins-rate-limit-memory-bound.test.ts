// Needs a subprocess of its own: the heap is measured after GC with nothing else in it.
/**
 * The memory store stays bounded: one million distinct client addresses leave at most max_keys
 * (default 100 000) windows, under the 24 MiB of heap docs/plugins.md promises, measured after
 * GC in a subprocess of its own. Expired windows are evicted as new keys arrive.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { createMemoryStore } from '../src/plugins/rate-limit/memory-store.ts';
import type { WindowCount } from '../src/plugins/rate-limit/rate-limit-store.ts';

const PROBE = join(import.meta.dirname, 'support', 'plugins-memory-probe.ts');
/** The documented bound (docs/plugins.md, "Memory bound"). */
const HEAP_BOUND_BYTES = 24 * 1024 * 1024;

const window = ({ count, resetAt }: WindowCount) => ({ count, resetAt });

describe('memory store bound', () => {
  test('1 000 000 distinct addresses: 100 000 keys kept, heap growth under 24 MiB', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', PROBE, '1000000'], { timeout: 60_000 });
    const { keys, heapGrowthBytes } = JSON.parse(stdout) as { keys: number; heapGrowthBytes: number };
    assert.equal(keys, 100_000);
    assert.ok(heapGrowthBytes < HEAP_BOUND_BYTES, `heap grew ${heapGrowthBytes} bytes`);
  });

  test('expired windows are evicted when new keys arrive; a full store drops its oldest window', () => {
    const store = createMemoryStore({ maxRequests: 2, windowMs: 1000, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) store.hit(key, 0);
    assert.equal(store.size, 3);
    store.hit('d', 500);
    assert.equal(store.size, 3, 'a was dropped for d');
    assert.deepEqual(window(store.hit('a', 600)), { count: 1, resetAt: 1600 });
    store.hit('e', 1500);
    assert.equal(store.size, 2, 'b, c and d had expired; a and e are left');
    assert.deepEqual(window(store.hit('e', 1501)), { count: 2, resetAt: 2500 });
    assert.deepEqual(window(store.hit('e', 1502)), { count: 3, resetAt: 2500 });
    assert.deepEqual(window(store.hit('e', 1503)), { count: 3, resetAt: 2500 }, 'counting stops one past the limit');
  });
});
