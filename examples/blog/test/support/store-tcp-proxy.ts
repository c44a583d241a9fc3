/**
 * A TCP proxy in front of PostgreSQL, for simulating outages without touching the shared server:
 * cut every connection and refuse new ones, listen again on the same port, freeze traffic, or
 * let a statement through and lose its answer (the database stalls after the write was sent), or hold a statement
 * back and deliver it later (the network stalls, then comes back).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';

/** A running proxy. */
export interface TcpProxy {
  readonly port: number;
  /**
   * Stops listening and ends every open connection (the upstream side is destroyed, the client
   * side half-closed): the database looks down. Resolves once the client has closed each of those
   * connections too, that is once it has seen every one of them end, with the time (`Date.now()`)
   * the last one closed. A client that keeps one open longer than a second has it destroyed.
   */
  cut(): Promise<number>;
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
  /**
   * From the first client message holding `marker`, holds back that message and everything the client sends after it,
   * and drops every answer on that connection: the network stalled with the write on its way. `deliver()` sends what
   * was held to the server, then the client's end if it closed meanwhile, as its kernel would once the network is back.
   */
  holdAfter(marker: string): { deliver(): void };
  /** Ends freeze and stallAnswersAfter for new traffic (connections already stalled stay so). */
  resume(): void;
  /** Cuts everything for good. */
  close(): Promise<void>;
}

/** How long cut() waits for a client to close a connection it ended before destroying it. */
const CUT_GRACE_MS = 1_000;

/** One proxied connection: the client's socket and the one to the target. */
interface Link {
  readonly client: Socket;
  readonly upstream: Socket;
  /** Set by cut(): the client side is closing, whatever happens to the upstream side. */
  cut: boolean;
}

/** Starts a proxy on 127.0.0.1 (random port) forwarding to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const links = new Set<Link>();
  let frozen = false;
  let stall: { marker: Buffer; sent: () => void } | undefined;
  let hold: { marker: Buffer; held: Buffer[]; delivered: boolean; clientClosed: boolean; upstream?: Socket } | undefined;
  const server = (): Server =>
    createServer((client) => {
      const link: Link = { client, upstream: connect(target.port, target.host), cut: false };
      links.add(link);
      client.on('close', () => links.delete(link));
      let answersLost = false;
      let holding: typeof hold;
      const pipe = (from: Socket, to: Socket, drop: () => boolean): void => {
        from.on('data', (chunk: Buffer) => {
          if (from === client && stall !== undefined && chunk.includes(stall.marker)) {
            answersLost = true;
            stall.sent();
            stall = undefined;
          }
          if (from === client && hold !== undefined && hold.upstream === undefined && chunk.includes(hold.marker)) {
            answersLost = true;
            holding = hold;
            holding.upstream = link.upstream;
          }
          if (from === client && holding !== undefined && !holding.delivered) return void holding.held.push(chunk);
          if (!drop() && !to.destroyed) to.write(chunk);
        });
        // Held bytes outlive the client's close: deliver() sends them, then the end.
        if (from === client) from.on('close', () => void (holding !== undefined && !holding.delivered && (holding.clientClosed = true)));
        // Once cut, the client side closes on its own (cutLink): the upstream's end must not close it first.
        const closeOther = () => (link.cut && to === client ? undefined : holding !== undefined && !holding.delivered && to === link.upstream ? undefined : to.destroy());
        from.on('close', closeOther);
        from.on('error', closeOther);
      };
      pipe(client, link.upstream, () => frozen || link.cut);
      pipe(link.upstream, client, () => frozen || answersLost || link.cut);
    });
  let listening = server();
  listening.listen(0, '127.0.0.1');
  await once(listening, 'listening');
  const port = (listening.address() as { port: number }).port;

  const cut = async (): Promise<number> => {
    const cutAt = Date.now();
    const closed = new Promise((resolve) => listening.close(resolve));
    const clientsClosed = await Promise.all([...links].map(cutLink));
    await closed;
    return Math.max(cutAt, ...clientsClosed);
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
    holdAfter(marker) {
      const held = { marker: Buffer.from(marker), held: [] as Buffer[], delivered: false, clientClosed: false } as NonNullable<typeof hold>;
      hold = held;
      return {
        deliver() {
          held.delivered = true;
          const { upstream } = held;
          if (upstream === undefined) return;
          for (const chunk of held.held) upstream.write(chunk);
          if (held.clientClosed) upstream.end();
        },
      };
    },
    resume() {
      frozen = false;
      stall = undefined;
      hold = undefined;
    },
    close: async () => {
      if (listening.listening) await cut();
    },
  };
}

/**
 * Destroys the upstream side of `link` and ends its client side, so the client reads the end of
 * the stream whenever it next reads: what it sends before then is read and dropped, never
 * refused. Resolves with the time the client closed its side (or was destroyed after CUT_GRACE_MS).
 */
function cutLink(link: Link): Promise<number> {
  link.cut = true;
  link.upstream.destroy();
  const { client } = link;
  if (client.destroyed) return Promise.resolve(Date.now());
  client.end();
  const timer = setTimeout(() => client.destroy(), CUT_GRACE_MS);
  return once(client, 'close').then(() => {
    clearTimeout(timer);
    return Date.now();
  });
}

/** Starts a proxy in front of the PostgreSQL server of `databaseUrl`; `url` is `databaseUrl` reached through it. */
export async function proxyPostgres(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const url = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.href };
}
