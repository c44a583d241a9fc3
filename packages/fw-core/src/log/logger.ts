/**
 * The logger contract (pino fits as it is) and fw's default: one JSON object per line on stderr, each with
 * `service.instance.id`; repeated warn and error lines with an `event` are summarised (docs/configuration.md, "Logging").
 */
import { FwError } from '../errors.ts';
import { repeatedLines, type HeldLine } from './repeated-lines.ts';
import { SERVICE_INSTANCE_ID, serviceInstanceIdFromEnv } from './service-instance-id.ts';

/** Log levels, most verbose first. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** A level name. `silent` logs nothing. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A level method: structured fields first, then a short message (pino's argument order). */
export type LogMethod = (fields: Record<string, unknown>, message?: string) => void;

/** What fw calls to log. */
export interface Logger {
  trace: LogMethod;
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  fatal: LogMethod;
}

/** Options of `createJsonLogger`. */
export interface JsonLoggerOptions {
  readonly level?: LogLevel;
  /** Where lines go, like process.stderr (the default). */
  readonly sink?: { write(line: string): unknown };
  /** Fields added to every line, e.g. `{app: 'blog'}`. */
  readonly base?: Readonly<Record<string, unknown>>;
  /** The window repeated warn/error lines are summarised over, ms; 0 writes every line. Default FW_LOG_REPEAT_INTERVAL_MS, else 10000. */
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
// The noisy levels in an outage; fatal lines are rare and always whole.
const SUMMARISED: ReadonlySet<string> = new Set(['warn', 'error']);

/** A Logger writing JSON lines; levels below `level` are no-ops. */
export function createJsonLogger(options: JsonLoggerOptions = {}): JsonLogger {
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  // Nothing read from the environment: silentLogger is made when fw-core is imported.
  if (threshold >= LOG_LEVELS.indexOf('silent')) return SILENT;
  const sink = options.sink ?? process.stderr;
  const env = options.env ?? process.env;
  const fixed = { [SERVICE_INSTANCE_ID]: serviceInstanceIdFromEnv(env), ...options.base };
  const write = (level: string, fields: Readonly<Record<string, unknown>>, message: string | undefined, stacks: boolean): void => {
    const line = { time: new Date().toISOString(), level, ...fixed, ...fields, ...(message && { msg: message }) };
    sink.write(`${stringifyLine(line, stacks)}\n`);
  };
  const intervalMs = repeatInterval(options.repeatIntervalMs, env);
  const summarise = (first: HeldLine, count: number): void => {
    write(first.level, summaryFields(first, count, intervalMs), first.message, false);
  };
  const repeats = intervalMs === 0 ? undefined : repeatedLines(intervalMs, summarise);
  const method = (level: Exclude<LogLevel, 'silent'>): LogMethod => {
    if (LOG_LEVELS.indexOf(level) < threshold) return noop;
    if (repeats === undefined || !SUMMARISED.has(level)) return (fields, message) => write(level, fields, message, true);
    return (fields, message) => {
      const key = repeatKey(level, fields, message);
      const decision = key === undefined ? 'with-stack' : repeats.decide(key, { level, fields, message });
      if (decision !== 'held') write(level, fields, message, decision === 'with-stack');
    };
  };
  const flush = (): void => repeats?.flush();
  return {
    trace: method('trace'), debug: method('debug'), info: method('info'),
    warn: method('warn'), error: method('error'), fatal: method('fatal'), flush,
  };
}

const SILENT: JsonLogger = Object.freeze({ trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop, flush: () => {} });

/** A logger that drops everything. */
export const silentLogger: Logger = createJsonLogger({ level: 'silent' });

// Trace correlation: request lines carry the ids of the recording span active when the request started.
// fw-core/otel installs the reader (this entry does not load @opentelemetry/api); a reader, not a field
// on the exchange, because the active context holds the request's span whoever started it.

/** What a log line needs of a span. An `@opentelemetry/api` Span fits as it is. */
export interface CorrelatedSpan {
  spanContext(): { readonly traceId: string; readonly spanId: string };
}

let spanReader: (() => CorrelatedSpan | undefined) | undefined;

/** Installs `next`, which returns the active span when it is recording; the returned function uninstalls it (if still installed). */
export function useRecordingSpanReader(next: () => CorrelatedSpan | undefined): () => void {
  spanReader = next;
  return () => {
    if (spanReader === next) spanReader = undefined;
  };
}

/** The active span when one is recording; undefined when none is or no telemetry is set up. */
export function recordingSpan(): CorrelatedSpan | undefined {
  return spanReader?.();
}

/** The log fields of `span`, read when the line is written: a span may make its hex ids only when asked. */
export function traceFieldsOf(span: CorrelatedSpan): { readonly trace_id: string; readonly span_id: string } {
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** The option, else FW_LOG_REPEAT_INTERVAL_MS, else the default; a bad value stops start-up. */
function repeatInterval(option: number | undefined, env: NodeJS.ProcessEnv): number {
  const raw = env['FW_LOG_REPEAT_INTERVAL_MS']?.trim();
  const value = option ?? (raw === undefined || raw === '' ? DEFAULT_REPEAT_INTERVAL_MS : Number(raw));
  if (Number.isSafeInteger(value) && value >= 0) return value;
  const given = option === undefined ? `FW_LOG_REPEAT_INTERVAL_MS=${JSON.stringify(raw)}` : `repeatIntervalMs ${String(option)}`;
  const fix = 'is not a whole number of milliseconds >= 0; give e.g. 10000, or 0 to log every repeated line';
  throw new FwError('FW_ERR_CONFIG_BAD_VALUE', `${given} ${fix}`, { details: { key: 'FW_LOG_REPEAT_INTERVAL_MS', value: option ?? raw } });
}

// Fields that name the request a line came from: two lines differing only in them are repeats.
const PER_REQUEST: ReadonlySet<string> = new Set(['request_id', 'trace_id', 'span_id']);

/** What makes two lines "the same": level, message and fields but the per-request ones; undefined without an event. */
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

/** The summary of `count` lines like `first`: its fields but the per-request ones, the count and the interval. */
function summaryFields(first: HeldLine, count: number, intervalMs: number): Record<string, unknown> {
  const shared = Object.entries(first.fields).filter(([name]) => !PER_REQUEST.has(name));
  return { ...Object.fromEntries(shared), repeated: count, interval_ms: intervalMs };
}

/** A line's JSON, never a throw (cycles, BigInt); an error as name, message, code, stack (with `stacks`) and cause, each error once. */
function stringifyLine(value: unknown, stacks: boolean): string {
  // Made at the first error: most lines (one per request) hold none.
  let seen: Set<Error> | undefined;
  try {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'bigint') return v.toString();
      if (!(v instanceof Error)) return v;
      seen ??= new Set();
      if (seen.has(v)) return `[cause: ${v.name}]`;
      seen.add(v);
      const code = (v as { code?: unknown }).code;
      const cause = v.cause !== undefined && { cause: v.cause };
      return { name: v.name, message: v.message, ...(code !== undefined && { code }), ...(stacks && { stack: v.stack }), ...cause };
    });
  } catch {
    return JSON.stringify({ level: 'error', msg: 'unserialisable log line' });
  }
}
