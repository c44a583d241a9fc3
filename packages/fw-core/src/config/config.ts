/**
 * The configuration contract: the spec's global keys (see service-spec.md, "Global
 * configuration keys") plus fw's server settings, as loaded from the app's `fw.config.json`.
 */
import type { LogLevel } from '../log/logger.ts';
import type { PluginEntry } from '../plugins/plugin.ts';

/** HTTP listener settings (`server_configuration`). */
export interface ServerConfiguration {
  /** Listener port; `PORT` overrides. 0 picks a free port. */
  readonly port: number;
  /** Listener address; `HOST` overrides. Loopback unless opened up (docs/configuration.md). */
  readonly host: string;
  /** Stream handler names, outermost first; `fw_stream_h` last. */
  readonly stream_handlers: readonly string[];
  /** Whole-request limit (node:http `requestTimeout`). */
  readonly request_timeout_ms: number;
  /** Time allowed to receive all headers (node:http `headersTimeout`). */
  readonly headers_timeout_ms: number;
  /** Idle keep-alive connection lifetime. */
  readonly keep_alive_timeout_ms: number;
  /** Largest request head accepted, bytes (over it: 431). */
  readonly max_header_size: number;
  /** How long stop() waits for in-flight requests before closing connections. */
  readonly shutdown_grace_ms: number;
  /**
   * The header whose client-sent request id is trusted (lower case, e.g. `x-request-id`), or
   * `false` to always generate one, as Fastify 5's `requestIdHeader`.
   */
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
  /** Where route dispatch data lives. Node meaning: `persistent_term` = compiled once at start, immutable, in process. */
  readonly dispatch_backend: string;
  /** fw's log level; `LOG_LEVEL` overrides. */
  readonly log_level: LogLevel;
}

/** The configuration keys in the order `fw config` prints them. */
export type ConfigKey = keyof FwConfig;

/** One key as `fw config` shows it. */
export interface ConfigEntry {
  readonly key: ConfigKey;
  /** The effective value; undefined when a required key is missing. */
  readonly value: unknown;
  /** True when the built-in default is in use. */
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
export interface LoadedConfig {
  readonly file: string;
  readonly fw: FwConfig;
  readonly entries: readonly ConfigEntry[];
  readonly app: Readonly<Record<string, unknown>>;
}
