/**
 * Graceful close of an http.Server: stop accepting, close idle keep-alive connections, let
 * in-flight requests finish (their responses carry `connection: close`), and after the grace
 * period cut whatever is left.
 */
import type { Server } from 'node:http';

/** Closes `server`, waiting up to `graceMs` for `traffic.inflight` to reach 0. */
export async function gracefulClose(server: Server, traffic: { inflight: number; stopping: boolean }, graceMs: number): Promise<void> {
  traffic.stopping = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = Date.now() + graceMs;
  while (traffic.inflight > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    server.closeIdleConnections();
  }
  server.closeAllConnections();
  await closed;
}
