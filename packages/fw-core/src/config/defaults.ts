/**
 * Built-in defaults of the global configuration keys (service-spec.md, "Global configuration
 * keys") and the order `fw config` prints them in.
 */
import type { ConfigKey, FwConfig, ServerConfiguration } from './config.ts';

/** The file fw reads from an application directory. */
export const CONFIG_FILE_NAME = 'fw.config.json';

/** Every configuration key, in the order `fw config` prints them. */
export const CONFIG_KEYS = [
  'bootstrap_application',
  'environment',
  'server_configuration',
  'plugins',
  'json_lib',
  'use_stacktrace',
  'dispatch_backend',
  'log_level',
] as const satisfies readonly ConfigKey[];

/** The stream handler that runs the router; every handler chain must end with it. */
export const ROUTER_STREAM_HANDLER = 'fw_stream_h';

// Loopback: a service is reachable from other machines only when someone chose that (HOST or
// host set to '0.0.0.0' / '::', as a container needs; see docs/configuration.md).
const serverConfigurationDefaults: ServerConfiguration = Object.freeze({
  port: 8080,
  host: '127.0.0.1',
  stream_handlers: Object.freeze([ROUTER_STREAM_HANDLER]),
  request_timeout_ms: 30_000,
  headers_timeout_ms: 10_000,
  keep_alive_timeout_ms: 5_000,
  max_header_size: 16_384,
  shutdown_grace_ms: 10_000,
  // A client-chosen id lands in logs and traces unchecked, so none is trusted until named.
  request_id_header: false,
});

/** The built-in value of every key that has one (`bootstrap_application` has none). */
export const configDefaults: Omit<FwConfig, 'bootstrap_application'> = Object.freeze({
  environment: 'dev',
  server_configuration: serverConfigurationDefaults,
  plugins: Object.freeze([]),
  json_lib: 'JSON',
  use_stacktrace: false,
  dispatch_backend: 'persistent_term',
  log_level: 'info',
});

/** The keys without a default, each with what to set it to. */
export const REQUIRED_CONFIG_KEYS: Readonly<Partial<Record<ConfigKey, string>>> = Object.freeze({
  bootstrap_application: 'the name of the application to start, e.g. "blog"',
});
