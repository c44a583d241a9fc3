/**
 * Starts an fw application: build its listener as createListener does (load and validate
 * everything, init plugins, run the app's start hook), then listen. `stop()` (and SIGTERM/SIGINT when asked) closes gracefully, then calls every
 * plugin's stop(state) and the app's stop hook.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoadedApplication } from '../app/load-application.ts';
import { FwError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import { CountedIncomingMessage, CountedServerResponse } from '../stream/exchange.ts';
import { hostForDisplay, reachableUrl } from './bound-address.ts';
import { openListener, type CreateListenerOptions } from './create-listener.ts';
import { gracefulClose, trackConnections } from './graceful-close.ts';

// Not `import { createServer } from 'node:http'`: an ES import of node:http builds its module
// namespace, which reads the lazy undici getters and loads undici (about 70 ms on a 2-core VM),
// and every `import('fw-core')` paid it, fw-cli's inspection commands included (docs/performance.md).
const { createServer } = process.getBuiltinModule('node:http');

/** Options of startServer: createListener's (app, appDir, config in code, env, logger) and signals. */
export interface StartServerOptions extends CreateListenerOptions {
  /** Stop gracefully on SIGTERM and SIGINT, then exit the process. */
  readonly handleSignals?: boolean;
}

/** A running fw server. */
export interface FwServer {
  /** `http://host:port` to reach it. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  readonly application: LoadedApplication;
  readonly logger: Logger;
  /** Graceful stop; idempotent. */
  stop(): Promise<void>;
}

/** Starts the app (createListener, then listen); rejects with a coded FwError when anything is misconfigured. */
export async function startServer(options: StartServerOptions = {}): Promise<FwServer> {
  const { listener, application, logger, close, traffic } = await openListener(options);
  const fw = application.config.fw;
  const app = application.app;
  const sc = fw.server_configuration;
  const server = createServer(
    {
      requestTimeout: sc.request_timeout_ms,
      headersTimeout: sc.headers_timeout_ms,
      keepAliveTimeout: sc.keep_alive_timeout_ms,
      maxHeaderSize: sc.max_header_size,
      // node:http only enforces the two timeouts above when this check runs (default every 30 s)
      connectionsCheckingInterval: Math.min(1000, sc.headers_timeout_ms),
      // node:http's classes, counting body bytes for stream handlers that observe (stream/exchange.ts).
      IncomingMessage: CountedIncomingMessage,
      ServerResponse: closingWhileStopping(traffic),
    },
    listener,
  );
  const connections = trackConnections(server);
  try {
    await listen(server, sc.port, sc.host);
  } catch (error) {
    await close();
    throw error;
  }
  const bound = server.address() as AddressInfo;
  const port = bound.port;
  const url = reachableUrl(bound);
  // The address actually bound, not the one asked for: `::` says "every interface" plainly.
  const address = `${hostForDisplay(bound.address)}:${port}`;
  logger.info({ event: 'listening', url, address, environment: fw.environment }, `${app.name} listening on ${address} (${url})`);
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      logger.info({ event: 'stopping', inflight: traffic.inflight }, 'stopping');
      await gracefulClose(server, traffic, sc.shutdown_grace_ms, connections);
      await close();
      logger.info({ event: 'stopped' }, 'stopped');
    })();
    return stopping;
  };
  if (options.handleSignals) exitOnSignals(stop, logger);
  return { url, port, server, application, logger, stop };
}

/**
 * The ServerResponse class of fw's server: once stopping has begun, every response (fw's, a
 * plugin's, a stream handler's) goes out with `connection: close`, so keep-alive clients move
 * to another instance instead of finding their connection cut. Node itself does not do this on
 * `server.close()`.
 */
function closingWhileStopping(traffic: { readonly stopping: boolean }) {
  return class FwServerResponse extends CountedServerResponse {
    // Either of writeHead's overloads, passed on as they came (node:http reads an undefined
    // argument as a missing one); no rest array or Reflect.apply on every response.
    override writeHead(statusCode: number, reason?: any, headers?: any): this {
      if (traffic.stopping) this.shouldKeepAlive = false;
      return super.writeHead(statusCode, reason, headers);
    }
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(new FwError('FW_ERR_SERVER_LISTEN', `cannot listen on ${host}:${port}: ${error.code ?? error.message}`, { cause: error }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function exitOnSignals(stop: () => Promise<void>, logger: Logger): void {
  const onSignal = (signal: NodeJS.Signals): void => {
    logger.info({ event: 'signal', signal }, `received ${signal}`);
    stop().then(
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
