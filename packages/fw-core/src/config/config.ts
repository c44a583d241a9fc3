/** The configuration contract: the spec's global keys plus fw's server settings, and their defaults. */
import type { LogLevel } from '../log/logger.ts';
import type { PluginEntry } from '../plugins/plugin.ts';

/** HTTP listener settings (`server_configuration`); docs/configuration.md describes each. */
export interface ServerConfiguration {
  /** Listener port; `PORT` overrides. 0 picks a free port. */
  readonly port: number;
  /** Listener address; `HOST` overrides. Loopback unless opened up. */
  readonly host: string;
  /** Stream handler names, outermost first; `fw_stream_h` last. */
  readonly stream_handlers: readonly string[];
  /** Whole-request limit (node:http `requestTimeout`). */
  readonly request_timeout_ms: number;
  /** Time allowed to receive all headers (node:http `headersTimeout`). */
  readonly headers_timeout_ms: number;
  /** Idle keep-alive connection lifetime; above balancers' idle timeouts. */
  readonly keep_alive_timeout_ms: number;
  /** Largest request head accepted, bytes (over it: 431). */
  readonly max_header_size: number;
  /** How long stop() waits for in-flight requests before closing connections. */
  readonly shutdown_grace_ms: number;
  /** The drain on SIGTERM: fw answers, readiness failing, before its graceful close; `FW_SHUTDOWN_DELAY_MS` overrides. */
  readonly shutdown_delay_ms: number;
  /** Requests of one connection worked on at once (pipelining); the rest wait unstarted. */
  readonly max_inflight_per_connection: number;
  /** Longest time a connection may hold unsent response bytes the client takes none of; then it is closed. */
  readonly send_timeout_ms: number;
  /** The header whose client-sent request id is trusted (lower case), or `false` to always generate one (Fastify 5's `requestIdHeader`). */
  readonly request_id_header: string | false;
}

/** The resolved fw configuration. */
export interface FwConfig {
  readonly bootstrap_application: string;
  readonly environment: string;
  readonly server_configuration: ServerConfiguration;
  readonly plugins: readonly PluginEntry[];
  /** Module specifier of a JSON library exporting parse/stringify; `JSON` is the built-in one. */
  readonly json_lib: string;
  readonly use_stacktrace: boolean;
  /** Where route dispatch data lives: `persistent_term`, compiled once at start, immutable, in process. */
  readonly dispatch_backend: string;
  /** fw's log level; `LOG_LEVEL` overrides. */
  readonly log_level: LogLevel;
}

/** A key of the `fw` section. */
export type ConfigKey = keyof FwConfig;

/** One key as `fw config` shows it. */
export interface ConfigEntry {
  readonly key: ConfigKey;
  /** The effective value; undefined when a required key is missing. */
  readonly value: unknown;
  readonly isDefault: boolean;
  /** True when the key is required and not set. */
  readonly missing: boolean;
}

/** What reading an app's configuration yields, before required keys are enforced. */
export interface ConfigReport {
  /** Absolute path of the file read. */
  readonly file: string;
  /** The environment selected (`FW_ENV`, else the file's `fw.environment`, else `dev`). */
  readonly environment: string;
  readonly entries: readonly ConfigEntry[];
  /** The application's own section (top-level key named after the app), overlays applied. */
  readonly app: Readonly<Record<string, unknown>>;
}

/** A configuration ready to run: every required key present. */
export interface LoadedConfig extends Omit<ConfigReport, 'environment'> {
  readonly fw: FwConfig;
}

/** The `fw` section of fw.config.json as written (base or one overlay): any subset of the keys. */
export type FwSection = Partial<Omit<FwConfig, 'server_configuration'>> & {
  readonly server_configuration?: Partial<ServerConfiguration>;
};

/** The file fw reads from an application directory. */
export const CONFIG_FILE_NAME = 'fw.config.json';

/** The least a configuration file holds, as messages suggest it. */
export const MINIMAL_CONFIG = `{"fw": {"bootstrap_application": "<your app's name>"}}`;

/** The stream handler that runs the router; every handler chain must end with it. */
export const ROUTER_STREAM_HANDLER = 'fw_stream_h';

/** The built-in value of every key that has one (`bootstrap_application` has none). */
export const configDefaults: Omit<FwConfig, 'bootstrap_application'> = Object.freeze({
  environment: 'dev',
  server_configuration: Object.freeze({
    port: 8080,
    host: '127.0.0.1',
    stream_handlers: Object.freeze([ROUTER_STREAM_HANDLER]),
    request_timeout_ms: 30_000,
    headers_timeout_ms: 10_000,
    // Above the balancers' idle timeouts (ALB and nginx 60 s), so they close an idle connection first.
    keep_alive_timeout_ms: 72_000,
    max_header_size: 16_384,
    shutdown_grace_ms: 10_000,
    // Balancers see readiness fail, and drain plus graceful close fit in `docker stop`'s 10 s (docs/pipeline.md, "Shutdown").
    shutdown_delay_ms: 5_000,
    // nginx's behaviour: a pipelining client's requests are worked on one at a time.
    max_inflight_per_connection: 1,
    send_timeout_ms: 30_000,
    // A client-chosen id lands in logs and traces unchecked, so none is trusted until named.
    request_id_header: false,
  }),
  plugins: Object.freeze([]),
  json_lib: 'JSON',
  use_stacktrace: false,
  dispatch_backend: 'persistent_term',
  log_level: 'info',
});

/** Every configuration key, in the order `fw config` prints them: the required one, then configDefaults' in their order. */
export const CONFIG_KEYS = ['bootstrap_application', ...Object.keys(configDefaults)] as readonly ConfigKey[];

/** The API listener's timeouts, which telemetry's /metrics listener shares. */
export type ListenerTimeouts = Pick<
  ServerConfiguration,
  'request_timeout_ms' | 'headers_timeout_ms' | 'keep_alive_timeout_ms'
>;

/** node:http's options for a listener's timeouts, as both of fw's listeners (the API's, telemetry's /metrics) set them. */
export function nodeServerTimeouts(server: ListenerTimeouts) {
  return {
    requestTimeout: server.request_timeout_ms,
    headersTimeout: server.headers_timeout_ms,
    keepAliveTimeout: server.keep_alive_timeout_ms,
    // node:http only enforces the two timeouts above when this check runs (default every 30 s)
    connectionsCheckingInterval: Math.min(1000, server.headers_timeout_ms),
  };
}
