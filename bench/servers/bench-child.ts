/**
 * What every benchmark server child shares: a post table to serve, and an IPC protocol so the
 * bench can read the child's CPU time (`{cmd: 'cpu'}` → `{cpu: user+system µs}`) and have it
 * export what its telemetry still holds (`{cmd: 'flush'}` → `{flushed: true}`).
 */

/** The in-memory posts both contenders serve. */
export const posts = new Map<number, Record<string, unknown>>(
  Array.from({ length: 1000 }, (_, i) => [
    i + 1,
    { id: i + 1, title: `Post ${i + 1}`, body: 'Lorem ipsum dolor sit amet. '.repeat(4), status: 'published', user_id: 7, inserted_at: '2026-11-22T08:00:00' },
  ]),
);

/** Tells the parent the port, then answers CPU queries and flush requests (`flush`: the server's telemetry forceFlush, if it has telemetry). */
export function reportReady(port: number, flush: () => Promise<void> = async () => {}): void {
  process.on('message', (message: { cmd?: string }) => {
    if (message.cmd === 'cpu') {
      const usage = process.cpuUsage();
      process.send?.({ cpu: usage.user + usage.system });
    } else if (message.cmd === 'flush') {
      void flush().then(
        () => process.send?.({ flushed: true }),
        (error: unknown) => process.send?.({ flushed: false, error: String(error) }),
      );
    }
  });
  process.send?.({ port });
}
