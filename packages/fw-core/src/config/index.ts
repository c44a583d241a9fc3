/** The configuration module's public API: reading fw.config.json and its contract types. */
export type { ConfigEntry, ConfigKey, ConfigReport, FwConfig, LoadedConfig, ServerConfiguration } from './config.ts';
export { CONFIG_FILE_NAME, CONFIG_KEYS, configDefaults } from './config.ts';
export { loadConfig, resolveConfig, resolveConfigDocument, type InCodeConfig } from './resolve-config.ts';
export { validatePluginEntries } from './validate-config.ts';
