/**
 * Starts an fw application: load and validate everything, init plugins, run the app's start
 * hook, listen. `stop()` (and SIGTERM/SIGINT when asked) closes gracefully, then calls every
 * plugin's stop(state) and the app's stop hook.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FwApp } from '../app/app.ts';
import { loadApplication, type LoadedApplication } from '../app/load-application.ts';
import { FwError } from '../errors.ts';
import { createJsonLogger } from '../log/json-logger.ts';
import { LOG_LEVELS, type Logger } from '../log/logger.ts';
import { createPipelineListener } from '../pipeline/handle-request.ts';
import type { Runtime } from '../pipeline/runtime.ts';
import { initPlugins, stopPlugins } from '../plugins/plugin-lifecycle.ts';
import { composeStreamHandlers } from '../stream/compose-stream-handlers.ts';
import { gracefulClose } from './graceful-close.ts';
import { resolveJsonLib } from './resolve-json-lib.ts';

// Not `import { createServer } from 'node:http'`: an ES import of node:http builds its module
// namespace, which reads the lazy undici getters and loads undici (about 70 ms on a 2-core VM),
// and every `import('fw-core')` paid it, fw-cli's inspection commands included (docs/performance.md).
const { createServer, ServerResponse } = process.getBuiltinModule('node:http');

/** Options of startServer. */
export interface StartServerOptions {
  /** The app directory (fw.config.json, package.json); default the current directory. */
  readonly appDir?: string;
  /** The app, instead of importing it from the app directory. */
  readonly app?: FwApp;
  /** Environment variables to read (PORT, FW_ENV, LOG_LEVEL); default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** A logger (pino fits); default JSON lines on stderr at log_level. */
  readonly logger?: Logger;
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

/** Starts the app; rejects with a coded FwError when anything is misconfigured. */
export async function startServer(options: StartServerOptions = {}): Promise<FwServer> {
  const appDir = options.appDir ?? process.cwd();
  const application = await loadApplication({ appDir, serveStatic: true, ...(options.app && { app: options.app }), ...(options.env && { env: options.env }) });
  const { config, app, registry } = application;
  const fw = config.fw;
  const logger = options.logger ?? createJsonLogger({ level: fw.log_level, base: { app: app.name } });
  for (const warning of application.startupWarnings) logger.warn({ ...warning.fields }, warning.message);
  const json = await resolveJsonLib(fw.json_lib, appDir);
  const instances = registry.instances();
  await initPlugins(instances, logger);
  const cleanup = async (): Promise<void> => {
    await stopPlugins(instances, logger);
    await app.stop?.();
  };
  let server: Server;
  const traffic = { inflight: 0, stopping: false };
  try {
    await app.start?.({ config, logger, appDir, env: options.env ?? process.env });
    const sc = fw.server_configuration;
    const runtime: Runtime = {
      app: app.name,
      environment: fw.environment,
      router: application.router,
      schemas: application.schemas,
      logger,
      json,
      useStacktrace: fw.use_stacktrace,
      requestIdHeader: sc.request_id_header === false ? undefined : sc.request_id_header,
      logRequests: LOG_LEVELS.indexOf(fw.log_level) <= LOG_LEVELS.indexOf('info'),
      traffic,
    };
    const listener = composeStreamHandlers(sc.stream_handlers, app.streamHandlers ?? [], createPipelineListener(runtime));
    server = createServer(
      {
        requestTimeout: sc.request_timeout_ms,
        headersTimeout: sc.headers_timeout_ms,
        keepAliveTimeout: sc.keep_alive_timeout_ms,
        maxHeaderSize: sc.max_header_size,
        // node:http only enforces the two timeouts above when this check runs (default every 30 s)
        connectionsCheckingInterval: Math.min(1000, sc.headers_timeout_ms),
        ServerResponse: closingWhileStopping(traffic),
      },
      listener,
    );
    await listen(server, sc.port, sc.host);
  } catch (error) {
    await cleanup();
    throw error;
  }
  const bound = server.address() as AddressInfo;
  const port = bound.port;
  const url = urlOf(bound);
  // The address actually bound, not the one asked for: `::` says "every interface" plainly.
  const address = bound.family === 'IPv6' ? `[${bound.address}]:${port}` : `${bound.address}:${port}`;
  logger.info({ event: 'listening', url, address, environment: fw.environment }, `${app.name} listening on ${address} (${url})`);
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      logger.info({ event: 'stopping', inflight: traffic.inflight }, 'stopping');
      await gracefulClose(server, traffic, fw.server_configuration.shutdown_grace_ms);
      await cleanup();
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
  return class FwServerResponse extends ServerResponse {
    // `rest` is either of writeHead's two overloads, passed on untouched.
    override writeHead(statusCode: number, ...rest: any[]): this {
      if (traffic.stopping) this.shouldKeepAlive = false;
      return Reflect.apply(super.writeHead, this, [statusCode, ...rest]) as this;
    }
  };
}

/** A URL a client on this machine can use: a wildcard address is reached through loopback. */
function urlOf(bound: AddressInfo): string {
  const { address, port } = bound;
  if (address === '0.0.0.0' || address === '::') return `http://127.0.0.1:${port}`; // dual-stack: IPv4 reaches '::' too
  return bound.family === 'IPv6' ? `http://[${address}]:${port}` : `http://${address}:${port}`;
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
