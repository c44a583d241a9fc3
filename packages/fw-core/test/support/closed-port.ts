/**
 * A loopback port that nothing listens on: bound on 127.0.0.1 port 0, then closed. A connection
 * to it is refused (an absent collector, Redis or database), and a child process may bind it.
 */
import { createServer } from 'node:net';

/** A port on 127.0.0.1 with no listener. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
