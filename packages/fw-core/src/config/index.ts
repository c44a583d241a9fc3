/** The configuration module's public API: reading fw.config.json and its contract types. */
export type { ConfigEntry, ConfigKey, ConfigReport, FwConfig, LoadedConfig, ServerConfiguration } from './config.ts';
export { loadConfig, resolveConfig, resolveConfigDocument, type InCodeConfig } from './resolve-config.ts';
