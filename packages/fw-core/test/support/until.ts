/**
 * Waiting in tests on the condition itself, never on a guessed delay: a test that sleeps passes
 * on a slow machine without the thing having happened, and wastes the time on a fast one.
 * Prefer an event (a promise, a log line: test-app.ts's `waitForLog`); `until` is for a
 * condition nothing announces, checked often, failing loudly when its deadline passes.
 */
import { setImmediate as immediate, setTimeout as delay } from 'node:timers/promises';

/** Default longest wait: generous, since reaching it fails the test. */
export const UNTIL_TIMEOUT_MS = 10_000;

/** Resolves with the first truthy answer of `check`, tried every `everyMs`; rejects naming `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => T | Promise<T>, { timeoutMs = UNTIL_TIMEOUT_MS, everyMs = 5 } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer as NonNullable<T>;
    if (Date.now() >= deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await delay(everyMs);
  }
}

/** `promise`, or a rejection naming `what` after `timeoutMs`. */
export async function within<T>(what: string, promise: Promise<T>, timeoutMs = UNTIL_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The next turn of the event loop: promise reactions and synchronous work set off by an event
 * already emitted (a request's close, a plugin's result) are done by then. For waiting on
 * what such an event starts, not on time.
 */
export async function nextTurn(): Promise<void> {
  await immediate();
}
