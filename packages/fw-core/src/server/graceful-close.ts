/**
 * Graceful close of an http.Server: stop accepting, close idle keep-alive connections, let
 * in-flight requests finish (their responses carry `connection: close`), and after the grace
 * period cut whatever is left. The wait ends on the last in-flight request's end, told by the
 * pipeline (`traffic.onRequestEnd`), or on the grace timer: nothing polls.
 */
import type { Server } from 'node:http';
import type { Traffic } from '../pipeline/runtime.ts';

/** Closes `server`, waiting up to `graceMs` for `traffic.inflight` to reach 0. */
export async function gracefulClose(server: Server, traffic: Traffic, graceMs: number): Promise<void> {
  traffic.stopping = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  if (traffic.inflight > 0) await drained(server, traffic, graceMs);
  server.closeAllConnections();
  await closed;
}

/** Resolves when `traffic.inflight` reaches 0 or after `graceMs`, whichever comes first. */
function drained(server: Server, traffic: Traffic, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      traffic.onRequestEnd = undefined;
      resolve();
    };
    const timer = setTimeout(finish, graceMs);
    traffic.onRequestEnd = () => {
      if (traffic.inflight <= 0) return finish();
      // A keep-alive connection whose response began before the stop is idle now: close it
      // before it brings another request.
      server.closeIdleConnections();
    };
  });
}
