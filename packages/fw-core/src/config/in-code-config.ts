/**
 * Configuration given in code instead of fw.config.json (createListener, startServer): the `fw`
 * section as an object, turned into the document the file would parse to, so the same
 * validation applies key by key.
 */
import type { FwSection } from './config.ts';

/** The `fw` section of fw.config.json, as an object; `bootstrap_application` defaults to the app's name. */
export type InCodeConfig = FwSection;

/** What messages and `LoadedConfig.file` say instead of a file path. */
export const IN_CODE_CONFIG_ORIGIN = 'the configuration given in code';

/** The fw.config.json document equivalent to `config` for the app `appName` (with its own section `appSection`). */
export function inCodeDocument(config: InCodeConfig, appName: string, appSection?: Readonly<Record<string, unknown>>): Record<string, unknown> {
  // `fw` first, so a stray key in `config` (an app section, `environments`) is reported by the
  // fw section's validation as an unknown fw key rather than accepted silently.
  return { fw: { bootstrap_application: appName, ...config }, ...(appSection !== undefined && { [appName]: appSection }) };
}
