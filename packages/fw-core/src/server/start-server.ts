/**
 * Starts an fw application: createListener's listener, then listen. `stop()` (SIGTERM after a
 * drain of `shutdown_delay_ms`, SIGINT at once, when asked) closes gracefully, then runs every
 * plugin's stop(state) and the app's stop hook.
 */
import { once } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { LoadedApplication } from '../app/load-application.ts';
import { FwError } from '../errors.ts';
import { closeLingering, lingeringEnd } from '../http/lingering-close.ts';
import { continueOnRead } from '../http/read-body.ts';
import { closeAfterResponse, detachHttpParser, flushedBytes, responseOnSocket } from '../http/node-internals.ts';
import type { Logger } from '../log/logger.ts';
import { CountedIncomingMessage, CountedServerResponse, exchangeOf, openExchange } from '../stream/exchange.ts';
import { hostForDisplay, reachableUrl } from './bound-address.ts';
import { openListener, type CreateListenerOptions, type OpenedListener } from './create-listener.ts';
import { gracefulClose, trackConnections } from './graceful-close.ts';
import type { Lifecycle } from '../app/app.ts';
import { gatePipelined } from './pipelining-gate.ts';

// Not an ES import of node:http: building its module namespace loads undici, which every
// `import('fw-core')` paid, fw-cli's inspection commands included (docs/performance.md).
const { createServer, STATUS_CODES } = process.getBuiltinModule('node:http');

/** Options of startServer: createListener's, and signals. */
export interface StartServerOptions extends CreateListenerOptions {
  /** Stop on SIGTERM (draining for `shutdown_delay_ms` first) and on SIGINT (at once), then exit the process. */
  readonly handleSignals?: boolean;
}

/** Options of FwServer.stop(). */
export interface StopOptions {
  /** Drain first for this long, ms (readiness fails, answers close their connection); default 0. */
  readonly delayMs?: number;
}

/** A running fw server. */
export interface FwServer {
  /** `http://host:port` to reach it. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  readonly application: LoadedApplication;
  readonly logger: Logger;
  /** The lifecycle the app's routes got: draining from the moment a stop begins. */
  readonly lifecycle: Lifecycle;
  /** Graceful stop, after a drain of `delayMs` (default 0); idempotent: a second call returns the first one's promise. */
  stop(options?: StopOptions): Promise<void>;
}

/** Starts the app (createListener, then listen); rejects with a coded FwError when anything is misconfigured. */
export async function startServer(options: StartServerOptions = {}): Promise<FwServer> {
  const opened = await openListener(options);
  const { listener, application, logger, serverOptions, lifecycle, close, traffic } = opened;
  const { fw } = application.config;
  const sc = fw.server_configuration;
  const gate = gatePipelined(listener, sc.max_inflight_per_connection, traffic);
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    // Parsed behind an answer that closed the connection (a refusal leaving its body unread): nobody would read its answer.
    if (!req.socket.writable) return;
    // llhttp parses nothing after a request asking to switch protocols (fw has no 'upgrade' listener): what follows would wait for keep_alive_timeout_ms.
    if (req.headers.upgrade !== undefined && /(?:^|,)[ \t]*upgrade[ \t]*(?:,|$)/i.test(req.headers.connection ?? ''))
      closeLingering(res);
    openExchange(req);
    // node:http gives a response its socket at once unless another response holds it: only a
    // pipelined request waits at the gate (pipelining-gate.ts).
    if (responseOnSocket(req.socket) === res) listener(req, res);
    else gate(req, res);
  };
  const server = createServer(
    { ...serverOptions, IncomingMessage: CountedIncomingMessage, ServerResponse: closingWhileStopping(traffic) },
    onRequest,
  );
  // `Expect: 100-continue`: the 100 goes once the request is past security (read-body.ts, sendContinue), so a refused
  // upload is never invited (node:http would send it at once).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => onRequest(continueOnRead(req, res), res));
  server.on('checkExpectation', onRequest);
  answerClientErrors(server, logger);
  const connections = trackConnections(server);
  try {
    server.listen(sc.port, sc.host);
    await once(server, 'listening');
  } catch (error) {
    await close();
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const failed = new FwError(
      'FW_ERR_SERVER_LISTEN',
      `cannot listen on ${sc.host}:${sc.port}: ${reason}${LISTEN_HINTS[reason] ?? ''}`,
      { cause: error },
    );
    logger.error({ event: 'start_failed', err: failed }, `start failed: ${failed.message}`);
    throw failed;
  }
  const stopWatching = closeStalledConnections(connections, sc.send_timeout_ms, logger);
  const bound = server.address() as AddressInfo;
  const url = reachableUrl(bound);
  // The address actually bound, not the one asked for: `::` says "every interface" plainly.
  const address = `${hostForDisplay(bound.address)}:${bound.port}`;
  logger.info(
    { event: 'listening', url, address, environment: fw.environment },
    `${application.app.name} listening on ${address} (${url})`,
  );
  let stopping: Promise<void> | undefined;
  const stop = ({ delayMs = 0 }: StopOptions = {}): Promise<void> =>
    (stopping ??= stopServer(opened, server, connections, stopWatching, delayMs));
  // SIGTERM is what an orchestrator sends (Kubernetes, docker stop, systemd): drain first. SIGINT
  // is Ctrl-C at a terminal: stop at once, still gracefully.
  if (options.handleSignals)
    exitOnSignals((signal) => stop({ delayMs: signal === 'SIGTERM' ? sc.shutdown_delay_ms : 0 }), logger);
  return { url, port: bound.port, server, application, logger, lifecycle, stop };
}

/** FwServer.stop's work, run once: the drain of `delayMs`, the graceful close of `server`, then the listener's close(). */
async function stopServer(
  { application, lifecycle, traffic, logger, close }: OpenedListener,
  server: Server,
  connections: ReadonlySet<Socket>,
  stopWatching: () => void,
  delayMs: number,
): Promise<void> {
  const sc = application.config.fw.server_configuration;
  // The drain: readiness fails and answers close their connection, while balancers take the instance out.
  lifecycle.draining = true;
  traffic.stopping = true;
  if (delayMs > 0) {
    logger.info({ event: 'draining', delay_ms: delayMs }, `draining for ${delayMs} ms before closing`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  // The listener stops accepting (gracefulClose's first, synchronous step) before the line
  // is written: a client that connects after reading it is refused.
  const closing = gracefulClose(server, traffic, sc.shutdown_grace_ms, connections);
  logger.info({ event: 'stopping', inflight: traffic.inflight }, 'stopping');
  const cut = await closing;
  if (cut > 0)
    logger.warn(
      { event: 'connections_cut', count: cut, grace_ms: sc.shutdown_grace_ms },
      `${cut} connections still busy after shutdown_grace_ms (${sc.shutdown_grace_ms} ms) were cut`,
    );
  // Their handlers run on (fw cannot stop them), the client gone or cut: each may still be writing when the plugins and the app stop.
  if (traffic.inflight > 0)
    logger.warn(
      { event: 'requests_unfinished', count: traffic.inflight, grace_ms: sc.shutdown_grace_ms },
      `${traffic.inflight} requests still running after shutdown_grace_ms (${sc.shutdown_grace_ms} ms): the plugins and the app stop under them`,
    );
  stopWatching();
  await close();
  logger.info({ event: 'stopped' }, 'stopped');
}

/**
 * fw's ServerResponse: once stopping began, every response goes out with `connection: close`, so keep-alive
 * clients move to another instance instead of finding their connection cut.
 */
function closingWhileStopping(traffic: { readonly stopping: boolean }) {
  return class FwServerResponse extends CountedServerResponse {
    // Either overload, passed on as it came: no rest array on every response.
    override writeHead(statusCode: number, reason?: any, headers?: any): this {
      if (traffic.stopping) closeAfterResponse(this);
      return super.writeHead(statusCode, reason, headers);
    }
  };
}

/** What node:http answers a request it refuses, by the error's code; 400 for any other; nothing (0) to a client that left mid-request (llhttp's EOF error). */
const REFUSAL_STATUS: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_INVALID_EOF_STATE: 0,
};

/**
 * node:http's own answer to a request it refuses before fw has it (malformed head 400, head over max_header_size 431, head or
 * request slower than its timeout 408), on the same condition, logged (`client_error`) and closed lingering (2 s): Node's destroy
 * reset a connection with unread bytes (a 1 MB head), losing the answer. A client that closed its side mid-request has left: it is
 * sent nothing (an answer to an incomplete request is optional, RFC 9112 §8). A reset connection closes silently, as in Node.
 * Behind pipelined requests the refusal comes after their answers: Node wrote it first, as the answer to the first of them.
 */
function answerClientErrors(server: Server, logger: Logger): void {
  const refusing = new WeakSet<Socket>();
  const onClientError = (error: NodeJS.ErrnoException, socket: Socket): void => {
    const res = responseOnSocket(socket);
    // The error is in a request after res's, which is whole: answers go in request order (RFC 9112 §9.3.2), so the
    // refusal waits for every answer ahead of it, each finish handing the socket to the next (Node's resOnFinish).
    if (res?.req.complete === true) {
      detachHttpParser(socket);
      refusing.add(socket);
      return void res.once('finish', () => {
        if (socket.writable) onClientError(error, socket);
      }); // else closing after a `connection: close` answer
    }
    if (socket.writable && res?.headersSent !== true) {
      const status = REFUSAL_STATUS[error.code ?? ''] ?? 400;
      if (status !== 0) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
      const id = res == null ? undefined : exchangeOf(res.req).id;
      const what =
        status === 0
          ? 'the client left before its request was whole: nothing sent'
          : `answered ${status}: ${error.message}`;
      logger.info(
        {
          event: 'client_error',
          status,
          code: error.code,
          ...(id !== undefined && { request_id: id }),
          'client.address': socket.remoteAddress,
        },
        what,
      );
      return lingeringEnd(socket, 2_000);
    }
    socket.destroy(error);
  };
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!refusing.has(socket)) onClientError(error, socket);
  });
  // node:http hands a CONNECT's socket to 'connect' listeners, its parser and error listener gone, and with none closes it unanswered.
  server.on('connect', (_req: IncomingMessage, socket: Socket) =>
    onClientError(
      Object.assign(new Error('CONNECT: this server is not a proxy'), { code: 'FW_CONNECT' }),
      socket.on('error', () => {}),
    ),
  );
}

/** How to fix the usual reasons a listener cannot bind: a port taken (an instance of this app may still be draining), a privileged port, an address of no interface. */
const LISTEN_HINTS: Readonly<Record<string, string>> = {
  EADDRINUSE:
    '; another process listens there (an instance of this app still draining for shutdown_delay_ms?): stop it, or give another port (PORT)',
  EACCES: '; a port below 1024 needs privileges: give one from 1024 (PORT)',
  EADDRNOTAVAIL: '; no interface of this machine has that address: give another (HOST)',
};

/**
 * nginx's `send_timeout`: closes a connection whose buffered response bytes do not move for `timeoutMs`, one sweep
 * per period and nothing per request. Returns the function that stops watching.
 */
function closeStalledConnections(connections: ReadonlySet<Socket>, timeoutMs: number, logger: Logger): () => void {
  const progress = new WeakMap<Socket, { readonly flushed: number; readonly since: number }>();
  // A quarter of the timeout, at most a second: a stall is caught within 25% of it (at most 1 s late).
  const period = Math.max(1, Math.min(1_000, Math.floor(timeoutMs / 4)));
  const timer = setInterval(() => {
    const now = performance.now();
    for (const socket of connections) {
      if (socket.writableLength === 0 || socket.destroyed) {
        progress.delete(socket);
        continue;
      }
      const flushed = flushedBytes(socket);
      const last = progress.get(socket);
      if (last === undefined || last.flushed !== flushed) progress.set(socket, { flushed, since: now });
      else if (now - last.since >= timeoutMs) {
        progress.delete(socket);
        logger.info(
          { event: 'send_timeout', timeout_ms: timeoutMs },
          'closed a connection whose client took no response bytes within send_timeout_ms',
        );
        socket.destroy();
      }
    }
  }, period).unref();
  return () => clearInterval(timer);
}

/** On SIGTERM or SIGINT: logs the signal, runs `stop(signal)`, then exits 0, or 1 when the stop failed. */
function exitOnSignals(stop: (signal: NodeJS.Signals) => Promise<void>, logger: Logger): void {
  const onSignal = (signal: NodeJS.Signals): void => {
    logger.info({ event: 'signal', signal }, `received ${signal}`);
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ event: 'stop_failed', err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
