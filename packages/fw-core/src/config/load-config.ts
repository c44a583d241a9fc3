/** Loading an application's configuration to run it: every required key must be set. */
import { FwError } from '../errors.ts';
import type { FwConfig, LoadedConfig } from './config.ts';
import { REQUIRED_CONFIG_KEYS } from './defaults.ts';
import { IN_CODE_CONFIG_ORIGIN } from './in-code-config.ts';
import { resolveConfig, resolveConfigDocument } from './resolve-config.ts';

/**
 * resolveConfig (or, given `document`, the same rules over it: configuration given in code),
 * then FW_ERR_CONFIG_MISSING_KEY when a required key is not set.
 */
export async function loadConfig(appDir: string, env: NodeJS.ProcessEnv = process.env, document?: unknown): Promise<LoadedConfig> {
  const report = document === undefined ? await resolveConfig(appDir, env) : resolveConfigDocument(document, IN_CODE_CONFIG_ORIGIN, env);
  const { file, entries, app } = report;
  const missing = entries.find((entry) => entry.missing);
  if (missing !== undefined) {
    const key = `fw.${missing.key}`;
    throw new FwError(
      'FW_ERR_CONFIG_MISSING_KEY',
      `Required configuration key ${key} is not set in ${file}; set it to ${REQUIRED_CONFIG_KEYS[missing.key]}`,
      { details: { key, file } },
    );
  }
  // One entry per key, each value checked and, with no key missing, defined: an FwConfig.
  const fw = Object.freeze(Object.fromEntries(entries.map((entry) => [entry.key, entry.value]))) as unknown as FwConfig;
  return Object.freeze({ file, fw, entries, app });
}
