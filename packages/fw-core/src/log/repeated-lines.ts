/**
 * Holds back repeated log lines (issue 35, item 6: a 10 s database cut wrote 2,135 identical lines per
 * instance). A key's first line opens a window; repeats in it are counted, and its end writes one summary
 * and opens the next, until a window passes with none. A key's stack is written once; `exit` flushes.
 */

/** A line as the logger was given it. */
export interface HeldLine {
  readonly level: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly message: string | undefined;
}

/** The repeat windows of one logger. */
export interface RepeatedLines {
  /** Counts `line` if its key's window is open ('held'), else opens one and says whether to write its stacks. */
  decide(key: string, line: HeldLine): 'with-stack' | 'without-stack' | 'held';
  /** Writes every pending summary now and closes every window. */
  flush(): void;
}

// Beyond this many keys at once, a flood of distinct keys is written as it comes.
const MAX_KEYS = 1000;

// The flush of every logger with a window open, run by one `exit` listener for all loggers.
const pending = new Set<() => void>();
let exitHooked = false;

/** Repeat windows of `intervalMs`; `summarise(first, count)` writes the summary of `count` lines like `first`. */
export function repeatedLines(intervalMs: number, summarise: (first: HeldLine, count: number) => void): RepeatedLines {
  const windows = new Map<string, { readonly first: HeldLine; count: number; timer: ReturnType<typeof setTimeout> }>();
  const stacked = new Set<string>();
  const timer = (key: string): ReturnType<typeof setTimeout> => {
    const handle = setTimeout(() => close(key), intervalMs);
    handle.unref();
    return handle;
  };
  // A window's end: its summary and another window, or, with nothing held back, the key forgotten.
  const close = (key: string): void => {
    const window = windows.get(key);
    if (window === undefined) return;
    if (window.count > 0) {
      summarise(window.first, window.count);
      window.count = 0;
      window.timer = timer(key);
      return;
    }
    windows.delete(key);
    if (windows.size === 0) pending.delete(flush);
  };
  const flush = (): void => {
    for (const window of windows.values()) {
      clearTimeout(window.timer);
      if (window.count > 0) summarise(window.first, window.count);
    }
    windows.clear();
    pending.delete(flush);
  };
  const decide = (key: string, line: HeldLine): 'with-stack' | 'without-stack' | 'held' => {
    const open = windows.get(key);
    if (open !== undefined) {
      open.count += 1;
      return 'held';
    }
    if (windows.size < MAX_KEYS) {
      windows.set(key, { first: line, count: 0, timer: timer(key) });
      pending.add(flush);
      // Writes at exit are synchronous for files and pipes (node's process I/O), so the counts land.
      if (!exitHooked) process.on('exit', () => [...pending].forEach((pendingFlush) => pendingFlush()));
      exitHooked = true;
    }
    if (stacked.has(key)) return 'without-stack';
    if (stacked.size >= MAX_KEYS) stacked.delete(stacked.values().next().value!);
    stacked.add(key);
    return 'with-stack';
  };
  return { decide, flush };
}
