/**
 * A TCP proxy in front of PostgreSQL, for simulating outages without touching the shared server:
 * cut every connection and refuse new ones, listen again on the same port, or freeze traffic.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';

/** A running proxy. */
export interface TcpProxy {
  readonly port: number;
  /** Stops listening and destroys every open connection: the database looks down. */
  cut(): Promise<void>;
  /** Listens again on the same port: the database is back. */
  restore(): Promise<void>;
  /** Keeps connections open but drops every byte from now on: the database hangs. */
  freeze(): void;
  /** Cuts everything for good. */
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (random port) forwarding to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = (): Server =>
    createServer((client) => {
      const upstream = connect(target.port, target.host);
      track(client);
      track(upstream);
      const pipe = (from: Socket, to: Socket): void => {
        from.on('data', (chunk) => {
          if (!frozen) to.write(chunk);
        });
        from.on('close', () => to.destroy());
        from.on('error', () => to.destroy());
      };
      pipe(client, upstream);
      pipe(upstream, client);
    });
  let listening = server();
  listening.listen(0, '127.0.0.1');
  await once(listening, 'listening');
  const port = (listening.address() as { port: number }).port;

  const cut = async (): Promise<void> => {
    const closed = new Promise((resolve) => listening.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    port,
    cut,
    async restore() {
      frozen = false;
      listening = server();
      listening.listen(port, '127.0.0.1');
      await once(listening, 'listening');
    },
    freeze() {
      frozen = true;
    },
    close: async () => {
      if (listening.listening) await cut();
    },
  };
}
