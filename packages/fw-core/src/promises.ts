/** Waiting on a promise with a bound, for telemetry's start and stop. */

/**
 * Waits for `promise` at most `ms`; never rejects, so shutting down or starting up cannot hang
 * on a stuck dependency (a collector, a database) or fail because of it. The timer keeps the
 * process alive while it waits, as any awaited wait does: code after the `await` runs (an
 * unreferenced timer let a process with nothing else pending exit in the middle of the wait).
 */
export async function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([promise.then(() => undefined, () => undefined), elapsed]);
  } finally {
    clearTimeout(timer);
  }
}
