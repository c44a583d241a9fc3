/**
 * A TCP proxy in front of PostgreSQL, for simulating outages without touching the shared server:
 * cut every connection and refuse new ones, listen again on the same port, freeze traffic, or
 * let a statement through and lose its answer (the database stalls after the write was sent).
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
  /**
   * From the first client message holding `marker` (a statement's text or prepared name, e.g.
   * "COMMIT"), forwards it and everything the client sends after it, but drops every byte the
   * server answers on that connection: the write reached the database, its answer never comes.
   * Resolves when a message with the marker has been forwarded.
   */
  stallAnswersAfter(marker: string): Promise<void>;
  /** Ends freeze and stallAnswersAfter for new traffic (connections already stalled stay so). */
  resume(): void;
  /** Cuts everything for good. */
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (random port) forwarding to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  let stall: { marker: Buffer; sent: () => void } | undefined;
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = (): Server =>
    createServer((client) => {
      const upstream = connect(target.port, target.host);
      track(client);
      track(upstream);
      let answersLost = false;
      const pipe = (from: Socket, to: Socket, drop: () => boolean): void => {
        from.on('data', (chunk: Buffer) => {
          if (from === client && stall !== undefined && chunk.includes(stall.marker)) {
            answersLost = true;
            stall.sent();
            stall = undefined;
          }
          if (!drop()) to.write(chunk);
        });
        from.on('close', () => to.destroy());
        from.on('error', () => to.destroy());
      };
      pipe(client, upstream, () => frozen);
      pipe(upstream, client, () => frozen || answersLost);
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
    stallAnswersAfter(marker) {
      return new Promise((resolve) => {
        stall = { marker: Buffer.from(marker), sent: resolve };
      });
    },
    resume() {
      frozen = false;
      stall = undefined;
    },
    close: async () => {
      if (listening.listening) await cut();
    },
  };
}

/** Starts a proxy in front of the PostgreSQL server of `databaseUrl`; `url` is `databaseUrl` reached through it. */
export async function proxyPostgres(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const url = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.href };
}
