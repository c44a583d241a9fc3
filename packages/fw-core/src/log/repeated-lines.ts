/**
 * Holds back repeated log lines (issue 35, item 6: a 10 s database cut wrote 2,135 identical
 * `store_unavailable` lines per instance). The first line of a key is written and opens a window
 * of `intervalMs`; the same key within it is only counted; when the window ends, one summary says
 * how many were held back and the window goes on, until one passes with none and the key is
 * forgotten. A key's stack trace is written once. Bounded: at most MAX_WINDOWS keys held and
 * MAX_STACKED remembered. Timers are unref'd; flush() and the process's `exit` write what is pending.
 */

/** A line as the logger was given it. */
export interface HeldLine {
  readonly level: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly message: string | undefined;
}

/** What to do with a line: write it with its stacks, without them, or nothing (it was counted). */
export type RepeatDecision = 'with-stack' | 'without-stack' | 'held';

// Beyond this many keys at once, a flood of distinct keys is written as it comes.
const MAX_WINDOWS = 1000;
const MAX_STACKED = 1000;

interface Window {
  readonly first: HeldLine;
  count: number;
  timer: ReturnType<typeof setTimeout>;
}

// Every RepeatedLines with a window open, flushed by one `exit` listener for all loggers.
const pending = new Set<RepeatedLines>();
let exitHooked = false;

/** The repeat windows of one logger; `summarise(first, count)` writes the summary of `count` lines like `first`. */
export class RepeatedLines {
  readonly #intervalMs: number;
  readonly #summarise: (first: HeldLine, count: number) => void;
  readonly #windows = new Map<string, Window>();
  readonly #stacked = new Set<string>();

  constructor(intervalMs: number, summarise: (first: HeldLine, count: number) => void) {
    this.#intervalMs = intervalMs;
    this.#summarise = summarise;
  }

  /** Counts `line` if its key's window is open, else opens one; says how to write it. */
  decide(key: string, line: HeldLine): RepeatDecision {
    const open = this.#windows.get(key);
    if (open !== undefined) {
      open.count += 1;
      return 'held';
    }
    if (this.#windows.size < MAX_WINDOWS) {
      this.#windows.set(key, { first: line, count: 0, timer: this.#timer(key) });
      pending.add(this);
      // Writes at exit are synchronous for files and pipes (node's process I/O), so the counts land.
      if (!exitHooked) process.on('exit', () => [...pending].forEach((lines) => lines.flush()));
      exitHooked = true;
    }
    if (this.#stacked.has(key)) return 'without-stack';
    if (this.#stacked.size >= MAX_STACKED) this.#stacked.delete(this.#stacked.values().next().value!);
    this.#stacked.add(key);
    return 'with-stack';
  }

  /** Writes every pending summary now and closes every window. */
  flush(): void {
    for (const window of this.#windows.values()) {
      clearTimeout(window.timer);
      if (window.count > 0) this.#summarise(window.first, window.count);
    }
    this.#windows.clear();
    pending.delete(this);
  }

  #timer(key: string): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => this.#close(key), this.#intervalMs);
    timer.unref();
    return timer;
  }

  // A window's end: its summary and another window, or, with nothing held back, the key forgotten.
  #close(key: string): void {
    const window = this.#windows.get(key);
    if (window === undefined) return;
    if (window.count === 0) {
      this.#windows.delete(key);
      if (this.#windows.size === 0) pending.delete(this);
      return;
    }
    this.#summarise(window.first, window.count);
    window.count = 0;
    window.timer = this.#timer(key);
  }
}
