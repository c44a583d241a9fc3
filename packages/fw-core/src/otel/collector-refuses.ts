/**
 * Whether nothing listens where an OTLP endpoint points. shutdown() asks before its final
 * flush: the OTLP exporter retries a refused connection with backoff (1 s, 1.5 s, ...) until its
 * export timeout, so with no collector running every stop would wait the whole shutdown
 * timeout (5 s) for exports that cannot succeed. A refused connection right now is a firm
 * answer; anything else (connected, slow, a name that does not resolve) is not, and the flush
 * gets its full time.
 */
import { connect } from 'node:net';

/** Longest wait for the probe's answer. */
const PROBE_TIMEOUT_MS = 250;

/** True when a TCP connection to the endpoint's host and port is refused. */
export function collectorRefuses(endpoint: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return Promise.resolve(false);
  }
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (refused: boolean): void => {
      socket.destroy();
      resolve(refused);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(false));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}
