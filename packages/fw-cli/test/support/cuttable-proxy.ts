/**
 * A TCP proxy in front of a server (PostgreSQL) that a test can cut: the app starts through it
 * (the blog's PostgreSQL store migrates at start), then `cut` stops listening and drops every
 * connection, so the app's next query finds its database unreachable.
 */
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** A running proxy. */
export interface CuttableProxy {
  /** Its port on 127.0.0.1. */
  readonly port: number;
  /** Stops listening and destroys every open connection, once. */
  cut(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (random port) forwarding to `host`:`port`. */
export async function startCuttableProxy(host: string, port: number): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket, peer: () => Socket): void => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      peer().destroy();
    });
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(port, host);
    track(client, () => upstream);
    track(upstream, () => client);
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    async cut() {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
