/**
 * fw's request handling as a plain Node `(req, res)` listener: load and validate the app, init
 * plugins, run the start hook, compose the stream handlers around the pipeline. startServer
 * listens with it; another server (node:http, Express) can mount it, inject() drives it.
 */
import type { ServerOptions } from 'node:http';
import type { FwApp, Lifecycle } from '../app/app.ts';
import { loadApplication, resolveJsonLib, type LoadedApplication } from '../app/load-application.ts';
import { warnedWithoutStreamHandler } from '../app/startup-warnings.ts';
import { nodeServerTimeouts } from '../config/config.ts';
import type { InCodeConfig } from '../config/resolve-config.ts';
import { injectFetch } from '../inject/inject.ts';
import { createJsonLogger, LOG_LEVELS, type Logger } from '../log/logger.ts';
import { createPipelineListener } from '../pipeline/handle-request.ts';
import type { Runtime, Traffic } from '../pipeline/stages.ts';
import { initPlugins, stopPlugins } from '../plugins/plugin-registry.ts';
import { namedStreamHandlers, type Listener } from '../stream/stream-handler.ts';

/** Options of createListener (and of startServer, which adds its own). */
export interface CreateListenerOptions {
  /** The app directory (fw.config.json, package.json, static files, json_lib); default the current directory. */
  readonly appDir?: string;
  /** The app, instead of importing it from the app directory. */
  readonly app?: FwApp;
  /** fw's configuration in code, checked by the file's rules (its `fw` section; `bootstrap_application`: the app's name), else `<appDir>/fw.config.json`. */
  readonly config?: InCodeConfig;
  /** The app's own section, as fw.config.json would hold it under the app's name; beside the file, in place of its section. */
  readonly appConfig?: Readonly<Record<string, unknown>>;
  /** Environment variables to read (PORT, FW_ENV, LOG_LEVEL, and the default logger's FW_LOG_REPEAT_INTERVAL_MS); default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** A logger (pino fits); default JSON lines on stderr at log_level. */
  readonly logger?: Logger;
}

/** fw's request handling, ready to mount. */
export interface FwListener {
  /** A Node request listener: `createServer(listener)`, `expressApp.use(listener)`, inject(). */
  readonly listener: Listener;
  readonly application: LoadedApplication;
  readonly logger: Logger;
  /** fw's node:http timeouts and header size from `server_configuration`, as startServer sets them: `createServer(fw.serverOptions, fw.listener)`. */
  readonly serverOptions: ServerOptions;
  /** The lifecycle the app's routes and start hook got; draining once close() (or the server's stop) begins. */
  readonly lifecycle: Lifecycle;
  /** A WHATWG fetch answered in process through inject, as Hono's `app.fetch`: `createClient<paths>({baseUrl: 'http://localhost', fetch: fw.fetch})`. */
  readonly fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** Turns `lifecycle.draining` true, runs every plugin's stop(state), then the app's stop hook; idempotent. Stop the server that mounts it first. */
  close(): Promise<void>;
}

/** An FwListener, its writable lifecycle and the traffic counters startServer's graceful stop reads. */
export interface OpenedListener extends FwListener {
  readonly lifecycle: { draining: boolean };
  readonly traffic: Traffic;
}

/** Builds fw's listener; rejects with a coded FwError when anything is misconfigured. */
export async function createListener(options: CreateListenerOptions = {}): Promise<FwListener> {
  const { traffic, ...listener } = await openListener(options);
  return listener;
}

/** createListener's one code path, shared with startServer; a failure once the logger exists is logged (`start_failed`) too. */
export async function openListener(options: CreateListenerOptions): Promise<OpenedListener> {
  const env = options.env ?? process.env;
  const lifecycle = { draining: false };
  let logger = options.logger;
  try {
    const application = await loadApplication({
      ...options,
      appDir: options.appDir ?? process.cwd(),
      serveStatic: true,
      env,
      lifecycle,
    });
    logger ??= createJsonLogger({ level: application.config.fw.log_level, base: { app: application.app.name }, env });
    return await open(application, logger, env, lifecycle);
  } catch (error) {
    logger?.error({ event: 'start_failed', err: error }, `start failed: ${(error as Error).message}`);
    throw error;
  }
}

async function open(
  application: LoadedApplication,
  logger: Logger,
  env: NodeJS.ProcessEnv,
  lifecycle: { draining: boolean },
): Promise<OpenedListener> {
  const { appDir, config, app, registry } = application;
  const fw = config.fw;
  for (const warning of application.startupWarnings) {
    logger.warn({ ...warning.fields }, warning.message);
    // Read by setupTelemetry (otel/setup-telemetry.ts, through startup-warnings.ts): it then does not say this warning again.
    if (warning.fields['event'] === 'telemetry_without_stream_handler')
      warnedWithoutStreamHandler.add(fw.server_configuration);
  }
  const json = await resolveJsonLib(fw.json_lib, appDir);
  const instances = registry.instances();
  await initPlugins(instances, { app: app.name, environment: fw.environment, env, logger });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    lifecycle.draining = true;
    closing ??= stopPlugins(instances, logger).then(() => app.stop?.());
    return closing;
  };
  const traffic: Traffic = { inflight: 0, stopping: false, cut: false, onRequestEnd: undefined };
  try {
    await app.start?.({ config, logger, appDir, env, lifecycle });
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
      routes: application.routes,
    };
    // fw's pipeline wrapped in the named stream handlers, the first outermost.
    const listener = namedStreamHandlers(sc.stream_handlers, app.streamHandlers ?? []).reduceRight(
      (next, handler) => handler.wrap(next),
      createPipelineListener(runtime),
    );
    const serverOptions: ServerOptions = { ...nodeServerTimeouts(sc), maxHeaderSize: sc.max_header_size };
    return { listener, application, logger, serverOptions, lifecycle, fetch: injectFetch(listener), close, traffic };
  } catch (error) {
    await close();
    throw error;
  }
}
