/**
 * `fw config` in two pure steps: the plain model of a ConfigReport and the configuration the app
 * runs with (also the `--json` shape), then its text: a header and one `  <key padded to 25> <value>`
 * line per key, in CONFIG_KEYS order, with ` (default)` or `*** MISSING (required) ***`, and what the
 * app added at start (withTelemetry's handler and plugin) named with what added it; then the app's own
 * section, overlay merged, one line per key (none when the section is empty).
 */
import type { ConfigReport, LoadedApplication } from 'fw-core/inspect';

/** The `fw` section as the server runs it. */
type FwConfig = LoadedApplication['config']['fw'];

/** Something the app added to a key's value at start: a stream handler's or a plugin's name, and what added it. */
export interface ConfigAddition {
  readonly name: string;
  readonly by: string;
}

/** One key of `fw config`. `value` is null when the key is missing. */
export interface ConfigEntryModel {
  readonly key: string;
  readonly value: unknown;
  readonly default: boolean;
  readonly missing: boolean;
  /** What the app added to the file's value; empty when nothing. */
  readonly added: readonly ConfigAddition[];
}

/** What `fw config --json` prints. */
export interface ConfigModel {
  /** Absolute path of the fw.config.json read. */
  readonly file: string;
  readonly environment: string;
  readonly entries: readonly ConfigEntryModel[];
  /** The app's own section (named by bootstrap_application; null when missing), the environment's overlay merged over it: `config.app`. */
  readonly section: { readonly name: string | null; readonly values: Readonly<Record<string, unknown>> };
  /** Whether the app module was loaded (the values are then the server's), else why not (they are the file's alone). */
  readonly app: { readonly loaded: true } | { readonly loaded: false; readonly reason: string };
}

/** The configuration the server runs with, as loadApplication gives it, and what changes it: `withTelemetry`, else the app. */
export interface RunConfig {
  readonly fw: FwConfig;
  readonly by: string;
}

/** What a loaded app runs with, and what added to fw.config.json's values at start: `withTelemetry`, else the app. */
export function runConfigOf({ app, config }: LoadedApplication): RunConfig {
  return { fw: config.fw, by: app.telemetry === true ? 'withTelemetry' : 'the app' };
}

/** The model of a resolved configuration (entries come in CONFIG_KEYS order) and of what the app `runs` with, or why it was not loaded. */
export function buildConfigModel(report: ConfigReport, runs: RunConfig | { readonly reason: string }): ConfigModel {
  return {
    file: report.file,
    environment: report.environment,
    entries: report.entries.map((entry) => {
      const value = 'fw' in runs && !entry.missing ? runs.fw[entry.key] : entry.value;
      const added = 'fw' in runs ? additions(entry.key, entry.value, value).map((name) => ({ name, by: runs.by })) : [];
      return {
        key: entry.key,
        value: entry.missing ? null : value,
        default: entry.isDefault && added.length === 0,
        missing: entry.missing,
        added,
      };
    }),
    section: {
      name:
        (report.entries.find((entry) => entry.key === 'bootstrap_application' && !entry.missing)?.value as
          string | undefined) ?? null,
      values: report.app,
    },
    app: 'fw' in runs ? { loaded: true } : { loaded: false, reason: runs.reason },
  };
}

/** The stream handlers and plugins in what the server runs with (`runs`) that the file's value (`file`) does not list. */
export function additions(key: string, file: unknown, runs: unknown): string[] {
  if (key === 'server_configuration') {
    const listed = (file as FwConfig['server_configuration']).stream_handlers;
    return (runs as FwConfig['server_configuration']).stream_handlers.filter((name) => !listed.includes(name));
  }
  if (key !== 'plugins') return [];
  const listed = (file as FwConfig['plugins']).map((entry) => `${entry.phase} ${entry.module}`);
  return (runs as FwConfig['plugins'])
    .filter((entry) => !listed.includes(`${entry.phase} ${entry.module}`))
    .map((entry) => entry.module);
}

/** True when a required key is missing (`fw config` then exits 1). */
export function hasMissingKey(report: ConfigReport): boolean {
  return report.entries.some((entry) => entry.missing);
}

const KEY_WIDTH = 25;

/** The text of `fw config`, without a trailing newline. */
export function renderConfig(model: ConfigModel): string {
  const lines = ['=== fw Configuration ==='];
  for (const entry of model.entries) {
    const value = entry.missing ? '*** MISSING (required) ***' : renderValue(entry.value);
    const added =
      entry.added.length === 0 ? '' : ` (${entry.added.map(({ name, by }) => `${name} added by ${by}`).join(', ')})`;
    lines.push(`  ${entry.key.padEnd(KEY_WIDTH)} ${value}${entry.default ? ' (default)' : ''}${added}`);
  }
  // What the app reads as config.app, which fw checks none of: the keys of its section as this environment sees them.
  const keys = Object.entries(model.section.values);
  if (keys.length > 0)
    lines.push(
      `=== ${model.section.name} (the app's section, config.app) ===`,
      ...keys.map(([key, value]) => `  ${key.padEnd(KEY_WIDTH)} ${renderValue(value)}`),
    );
  return lines.join('\n');
}

/** Strings bare, everything else as compact JSON; a string with a control character (a newline, an ANSI escape) as JSON too, so each key keeps one line and the terminal gets no escape. */
function renderValue(value: unknown): string {
  return typeof value === 'string' && !/[\u0000-\u001f\u007f-\u009f]/.test(value) ? value : JSON.stringify(value);
}
