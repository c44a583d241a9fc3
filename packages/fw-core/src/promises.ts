/**
 * Waits for `promise` at most `ms` (telemetry's start and stop, readiness checks); never rejects, so start-up or shut-down
 * cannot hang on a stuck dependency (a collector, a database) or fail because of it. The timer is kept
 * referenced: an unref'd one lets a process with nothing else pending exit mid-wait, before the `await` ends.
 */
export async function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  // Neither side rejects.
  await Promise.race([promise.catch(() => undefined), elapsed]);
  clearTimeout(timer);
}
