/**
 * `fw config` in two pure steps: the plain model of a ConfigReport (also the `--json` shape),
 * then its text: a header and one `  <key padded to 25> <value>` line per key, in CONFIG_KEYS
 * order, with ` (default)` or `*** MISSING (required) ***`.
 */
import type { ConfigReport } from 'fw-core/inspect';

/** One key of `fw config`. `value` is null when the key is missing. */
export interface ConfigEntryModel {
  readonly key: string;
  readonly value: unknown;
  readonly default: boolean;
  readonly missing: boolean;
}

/** What `fw config --json` prints. */
export interface ConfigModel {
  /** Absolute path of the fw.config.json read. */
  readonly file: string;
  readonly environment: string;
  readonly entries: readonly ConfigEntryModel[];
}

/** The model of a resolved configuration (entries come in CONFIG_KEYS order). */
export function buildConfigModel(report: ConfigReport): ConfigModel {
  return {
    file: report.file,
    environment: report.environment,
    entries: report.entries.map((entry) => ({
      key: entry.key,
      value: entry.missing ? null : entry.value,
      default: entry.isDefault,
      missing: entry.missing,
    })),
  };
}

/** True when a required key is missing (`fw config` then exits 1). */
export function hasMissingKey(model: ConfigModel): boolean {
  return model.entries.some((entry) => entry.missing);
}

const KEY_WIDTH = 25;

/** The text of `fw config`, without a trailing newline. */
export function renderConfig(model: ConfigModel): string {
  const lines = ['=== fw Configuration ==='];
  for (const entry of model.entries) {
    const value = entry.missing ? '*** MISSING (required) ***' : renderValue(entry.value);
    lines.push(`  ${entry.key.padEnd(KEY_WIDTH)} ${value}${entry.default ? ' (default)' : ''}`);
  }
  return lines.join('\n');
}

/** Strings bare, everything else as compact JSON. */
function renderValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
