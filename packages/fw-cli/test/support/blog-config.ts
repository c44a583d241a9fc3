/**
 * The blog's expected `fw config` / `fw middleware` values for the keys other work changes
 * (`server_configuration`, `plugins`), built from examples/blog/fw.config.json as fw-core
 * resolves them: defaults, then the file, then the environment's overlay. Everything else in
 * the blog's expected output stays literal; the fixture apps' expected output is all literal.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BLOG_DIR } from './run-fw.ts';

/** fw-core's default server_configuration, in its key order (docs/configuration.md). */
export const DEFAULT_SERVER = {
  port: 8080,
  host: '127.0.0.1',
  stream_handlers: ['fw_stream_h'],
  request_timeout_ms: 30000,
  headers_timeout_ms: 10000,
  keep_alive_timeout_ms: 72000,
  max_header_size: 16384,
  shutdown_grace_ms: 10000,
  shutdown_delay_ms: 5000,
  max_inflight_per_connection: 1,
  send_timeout_ms: 30000,
  request_id_header: false,
} as const;

/** The default server_configuration as `fw config` prints it. */
export const DEFAULT_SERVER_TEXT = JSON.stringify(DEFAULT_SERVER);

/** A plugin entry as written in fw.config.json. */
export interface PluginEntryJson {
  readonly phase: string;
  readonly module: string;
  readonly options?: unknown;
}

interface FwSectionJson {
  readonly server_configuration?: Record<string, unknown>;
  readonly plugins?: readonly PluginEntryJson[];
}

const file = JSON.parse(readFileSync(join(BLOG_DIR, 'fw.config.json'), 'utf8')) as {
  readonly fw: FwSectionJson;
  readonly environments?: Record<string, { readonly fw?: FwSectionJson }>;
};

/** The blog's resolved server_configuration in `environment` (PORT not applied). */
export function blogServer(environment = 'dev'): Record<string, unknown> {
  return { ...DEFAULT_SERVER, ...file.fw.server_configuration, ...file.environments?.[environment]?.fw?.server_configuration };
}

/** The blog's global plugins in `environment`, as written. */
export function blogPlugins(environment = 'dev'): readonly PluginEntryJson[] {
  return file.environments?.[environment]?.fw?.plugins ?? file.fw.plugins ?? [];
}

/** `fw middleware`'s line for a plugin: `<indent><phase>: <module> <options JSON>`. */
export function pluginLine(indent: string, plugin: PluginEntryJson): string {
  return `${indent}${plugin.phase}: ${plugin.module} ${JSON.stringify(plugin.options ?? {})}`;
}
