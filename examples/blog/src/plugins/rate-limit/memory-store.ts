/**
 * The per-process store: a Map from key to window for lookups, and a queue of the same windows
 * in start order. Every window lasts `windowMs`, so start order is also expiry order: whenever a
 * window starts, expired windows are evicted from the front of the queue, and at `maxKeys` the
 * oldest window goes too, so memory stays bounded whatever the number of client addresses
 * (docs/plugins.md gives the measured bound). No timer is needed.
 *
 * Why a queue beside the Map: evicting by iterating the Map from its start walks over the holes
 * its deletions leave; with one million addresses against 100 000 keys that took 95 s of CPU
 * (test/support/plugins-memory-probe.ts); with the queue it takes well under a second.
 */
import type { RateLimitStore, WindowCount } from './rate-limit-store.ts';

/** A window as stored; `hit` returns it, valid until the next `hit`. */
interface Window {
  readonly key: string;
  count: number;
  readonly resetAt: number;
}

/** Options of the memory store. */
export interface MemoryStoreOptions {
  readonly maxRequests: number;
  readonly windowMs: number;
  /** Most keys kept at once. */
  readonly maxKeys: number;
}

/** The memory store, with `size` for tests and the memory bound. */
export interface MemoryStore extends RateLimitStore {
  readonly size: number;
  /** Always synchronous. */
  hit(key: string, now: number): WindowCount;
}

/** A new, empty memory store. */
export function createMemoryStore(options: MemoryStoreOptions): MemoryStore {
  const { maxRequests, windowMs, maxKeys } = options;
  const windows = new Map<string, Window>();
  let queue: Window[] = [];
  let head = 0;
  const evict = (now: number): void => {
    while (head < queue.length) {
      const oldest = queue[head] as Window;
      if (oldest.resetAt > now && windows.size < maxKeys) break;
      if (windows.get(oldest.key) === oldest) windows.delete(oldest.key);
      head += 1;
    }
    // Drop the consumed front now and then: amortized O(1) per window.
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  };
  return {
    kind: 'memory',
    get size() {
      return windows.size;
    },
    hit(key: string, now: number): WindowCount {
      const current = windows.get(key);
      if (current !== undefined && current.resetAt > now) {
        // Counting stops one past the limit: enough to refuse, and the number never grows.
        if (current.count <= maxRequests) current.count += 1;
        return current;
      }
      evict(now);
      const window: Window = { key, count: 1, resetAt: now + windowMs };
      windows.set(key, window);
      queue.push(window);
      return window;
    },
    close: async () => {
      windows.clear();
      queue = [];
      head = 0;
    },
  };
}
