/**
 * fw's default logger: one JSON object per line on stderr (or a given stream), filtered by
 * level. Cheap when a level is off: the method is a no-op, nothing is serialised. Every line
 * carries `service.instance.id`, the id telemetry's resource reports (service-instance-id.ts).
 *
 * Repeated warn and error lines (with an `event`, and the same level, message and fields but for
 * the request's own ids; an error counts by name, code and message down its cause chain, not by
 * its stack) are written once, then summarised once per interval as `{"event": …, "repeated": N,
 * "interval_ms": …}` (repeated-lines.ts); a stack trace is written once per such key. Lines
 * without an `event` field are always written whole. docs/configuration.md, "Logging", says how
 * to tune it.
 */
import { FwError } from '../errors.ts';
import { SERVICE_INSTANCE_ID, serviceInstanceIdFromEnv } from './service-instance-id.ts';
import { LOG_LEVELS, type LogLevel, type LogMethod, type Logger } from './logger.ts';
import { RepeatedLines, type HeldLine } from './repeated-lines.ts';
import { stringifyLine } from './stringify-line.ts';

/** Something with a `write(line)` method, like process.stderr. */
export interface LineSink {
  write(line: string): unknown;
}

/** Options of `createJsonLogger`. */
export interface JsonLoggerOptions {
  readonly level?: LogLevel;
  readonly sink?: LineSink;
  /** Fields added to every line, e.g. `{app: 'blog'}`. */
  readonly base?: Readonly<Record<string, unknown>>;
  /** How long repeated warn/error lines are summarised over, in ms; 0 writes every line. Default FW_LOG_REPEAT_INTERVAL_MS, else 10000. */
  readonly repeatIntervalMs?: number;
  /** Where FW_LOG_REPEAT_INTERVAL_MS and OTEL_RESOURCE_ATTRIBUTES are read; default process.env. */
  readonly env?: NodeJS.ProcessEnv;
}

/** fw's JSON logger: a Logger that can write its pending summaries at once. */
export interface JsonLogger extends Logger {
  /** Writes the summaries of repeated lines held back so far (also done when the process exits). */
  flush(): void;
}

/** The summary interval when neither the option nor FW_LOG_REPEAT_INTERVAL_MS gives one. */
export const DEFAULT_REPEAT_INTERVAL_MS = 10_000;

const noop: LogMethod = () => {};
/** Levels whose repeats are summarised: the noisy ones in an outage. Fatal lines are rare and always whole. */
const SUMMARISED: ReadonlySet<string> = new Set(['warn', 'error']);

/** A Logger writing JSON lines; levels below `level` are no-ops. */
export function createJsonLogger(options: JsonLoggerOptions = {}): JsonLogger {
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  // Nothing read from the environment: silentLogger is made when fw-core is imported.
  if (threshold >= LOG_LEVELS.indexOf('silent')) return SILENT;
  const sink = options.sink ?? process.stderr;
  const env = options.env ?? process.env;
  // Made once: only what varies per line is added to it.
  const fixed = { [SERVICE_INSTANCE_ID]: serviceInstanceIdFromEnv(env), ...options.base };
  const write = (level: string, fields: Readonly<Record<string, unknown>>, message: string | undefined, stacks: boolean): void => {
    const line = { time: new Date().toISOString(), level, ...fixed, ...fields, ...(message && { msg: message }) };
    sink.write(`${stringifyLine(line, stacks)}\n`);
  };
  const intervalMs = repeatInterval(options.repeatIntervalMs, env);
  const repeats = intervalMs === 0 ? undefined : new RepeatedLines(intervalMs, (first, count) => write(first.level, summaryFields(first, count, intervalMs), first.message, false));
  const method = (level: Exclude<LogLevel, 'silent'>): LogMethod => {
    if (LOG_LEVELS.indexOf(level) < threshold) return noop;
    if (repeats === undefined || !SUMMARISED.has(level)) return (fields, message) => write(level, fields, message, true);
    return (fields, message) => {
      const key = repeatKey(level, fields, message);
      const decision = key === undefined ? 'with-stack' : repeats.decide(key, { level, fields, message });
      if (decision !== 'held') write(level, fields, message, decision === 'with-stack');
    };
  };
  return {
    trace: method('trace'),
    debug: method('debug'),
    info: method('info'),
    warn: method('warn'),
    error: method('error'),
    fatal: method('fatal'),
    flush: () => repeats?.flush(),
  };
}

const SILENT: JsonLogger = Object.freeze({ trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop, flush: () => {} });

/** A logger that drops everything. */
export const silentLogger: Logger = createJsonLogger({ level: 'silent' });

/** The option, else FW_LOG_REPEAT_INTERVAL_MS, else the default; a bad value stops start-up. */
function repeatInterval(option: number | undefined, env: NodeJS.ProcessEnv): number {
  const raw = env['FW_LOG_REPEAT_INTERVAL_MS']?.trim();
  const value = option ?? (raw === undefined || raw === '' ? DEFAULT_REPEAT_INTERVAL_MS : Number(raw));
  if (Number.isSafeInteger(value) && value >= 0) return value;
  const given = option === undefined ? `FW_LOG_REPEAT_INTERVAL_MS=${JSON.stringify(raw)}` : `repeatIntervalMs ${String(option)}`;
  throw new FwError('FW_ERR_CONFIG_BAD_VALUE', `${given} is not a whole number of milliseconds >= 0; give e.g. 10000, or 0 to log every repeated line`, { details: { key: 'FW_LOG_REPEAT_INTERVAL_MS', value: option ?? raw } });
}

/** Fields that name the request a line came from: two lines differing only in them are repeats. */
const PER_REQUEST: ReadonlySet<string> = new Set(['request_id', 'trace_id', 'span_id']);

/** What makes two lines "the same": level, message and fields but the per-request ones; undefined for a line without an event. */
function repeatKey(level: string, fields: Readonly<Record<string, unknown>>, message: string | undefined): string | undefined {
  if (typeof fields['event'] !== 'string') return undefined;
  let key = `${level}\n${message ?? ''}`;
  for (const name of Object.keys(fields)) {
    if (!PER_REQUEST.has(name)) key += `\n${name}=${identityOf(fields[name])}`;
  }
  return key;
}

/** A field's value as a key part: an error by name, code and message down its cause chain (a few deep), never its stack. */
function identityOf(value: unknown): string {
  let identity = '';
  let current = value;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    identity += `${current.name}\t${String((current as { code?: unknown }).code ?? '')}\t${current.message}\t`;
    current = current.cause;
  }
  if (current === undefined || current === null || current instanceof Error) return identity;
  return identity + (typeof current === 'object' ? stringifyLine(current, false) : String(current));
}

/** The summary of `count` lines like `first`: its fields but the per-request ones (errors without stacks), the count and the interval. */
function summaryFields(first: HeldLine, count: number, intervalMs: number): Record<string, unknown> {
  const shared: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(first.fields)) if (!PER_REQUEST.has(name)) shared[name] = value;
  return { ...shared, repeated: count, interval_ms: intervalMs };
}
