/** The configuration module's public API: reading fw.config.json and its contract types. */
export type { ConfigEntry, ConfigKey, ConfigReport, FwConfig, LoadedConfig, ServerConfiguration } from './config.ts';
export { CONFIG_FILE_NAME, CONFIG_KEYS, configDefaults } from './defaults.ts';
export { loadConfig } from './load-config.ts';
export { resolveConfig } from './resolve-config.ts';
export { validatePluginEntries } from './validate-plugin-entries.ts';
