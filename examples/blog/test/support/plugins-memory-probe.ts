/**
 * Run with --expose-gc as a subprocess: pushes `count` distinct client keys (IPv4 addresses)
 * through a memory store with the default max_keys, then prints the heap growth after GC and the
 * number of keys kept, as one JSON line. Alone in its process so nothing else moves the heap.
 *
 *   node --expose-gc plugins-memory-probe.ts <count> [maxKeys]
 */
import { createMemoryStore } from '../../src/plugins/rate-limit/memory-store.ts';
import { RATE_LIMIT_DEFAULTS } from '../../src/plugins/rate-limit/rate-limit-options.ts';

const count = Number(process.argv[2] ?? 1_000_000);
const maxKeys = Number(process.argv[3] ?? RATE_LIMIT_DEFAULTS.max_keys);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

const settle = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const store = createMemoryStore({ maxRequests: RATE_LIMIT_DEFAULTS.max_requests, windowMs: RATE_LIMIT_DEFAULTS.window_ms, maxKeys });
const before = settle();
const now = Date.now();
for (let i = 0; i < count; i += 1) {
  // distinct addresses 10.x.y.z, each seen twice (a new window, then a counted request)
  const key = `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}${i >= 16_777_216 ? `:${i}` : ''}`;
  store.hit(key, now);
  store.hit(key, now);
}
const after = settle();
process.stdout.write(`${JSON.stringify({ keys: store.size, heapGrowthBytes: after - before })}\n`);
