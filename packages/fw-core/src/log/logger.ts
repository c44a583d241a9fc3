/**
 * The logger contract (pino fits as it is) and fw's default: one JSON object per line on stderr, each with
 * `service.instance.id`; repeated warn and error lines with an `event` are summarised (docs/configuration.md, "Logging").
 */
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { FwError } from '../errors.ts';

/** Log levels, most verbose first. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** A level name. `silent` logs nothing. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A level method: structured fields first, then a short message (pino's argument order). */
export type LogMethod = (fields: Record<string, unknown>, message?: string) => void;

/** What fw calls to log: a method per level but `silent`. */
export interface Logger extends Record<Exclude<LogLevel, 'silent'>, LogMethod> {}

/** Options of `createJsonLogger`. */
export interface JsonLoggerOptions {
  readonly level?: LogLevel;
  /** Where lines go, like process.stderr (the default). */
  readonly sink?: { write(line: string): unknown };
  /** Fields added to every line, e.g. `{app: 'blog'}`. */
  readonly base?: Readonly<Record<string, unknown>>;
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
const DROPPED_MESSAGE = 'log lines dropped: the reader of the log fell behind';
// Fields that name the request a line came from: two lines differing only in them are repeats.
const PER_REQUEST: ReadonlySet<string> = new Set(['request_id', 'trace_id', 'span_id']);

/** A logger that drops everything. */
export const silentLogger: JsonLogger = Object.freeze({ ...levelMethods(() => noop), flush: () => {} });

/** A Logger writing JSON lines; levels below `level` are no-ops. */
export function createJsonLogger(options: JsonLoggerOptions = {}): JsonLogger {
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  // Before the environment is read: a silent logger cannot fail on it.
  if (threshold >= LOG_LEVELS.indexOf('silent')) return silentLogger;
  const sink = options.sink ?? process.stderr;
  // Unheard, EPIPE from a reader that went away (a restarted log shipper) is an uncaught error that ends the process; lines then drop.
  if (sink === process.stderr && process.stderr.listenerCount('error') === 0) process.stderr.on('error', () => {});
  const env = options.env ?? process.env;
  const fixed = { [SERVICE_INSTANCE_ID]: serviceInstanceIdFromEnv(env), ...options.base };
  const emit = (
    level: string,
    fields: Readonly<Record<string, unknown>>,
    message: string | undefined,
    stacks: boolean,
  ): unknown =>
    sink.write(
      `${stringifyLine({ time: new Date().toISOString(), level, ...fixed, ...fields, ...(message && { msg: message }) }, stacks)}\n`,
    );
  const stream = sink as Partial<Pick<Writable, 'writableLength' | 'once' | 'listeners'>>;
  let dropped = 0;
  const writeDropped = (): void => {
    if (dropped > 0) emit('warn', { event: 'log_lines_dropped', dropped }, DROPPED_MESSAGE, false);
    dropped = 0;
  };
  // process.stderr on a pipe nobody reads (a stalled log shipper) queues every line in memory: past 16 MiB queued, lines are dropped and counted.
  // The count is written before the next line, or once the reader has caught up if no line follows ('drain': the queue is empty).
  const write: typeof emit = (...line) => {
    if ((stream.writableLength ?? 0) <= 16 * 1024 * 1024) return (writeDropped(), emit(...line));
    if (dropped++ === 0 && !stream.listeners?.('drain').includes(writeDropped)) stream.once?.('drain', writeDropped);
  };
  const intervalMs = repeatInterval(env);
  // The summary of `count` lines like `first`: its shared fields, the count and the interval.
  const repeats =
    intervalMs === 0
      ? undefined
      : repeatedLines(intervalMs, (first, count) =>
          write(
            first.level,
            { ...sharedFields(first.fields), repeated: count, interval_ms: intervalMs },
            first.message,
            false,
          ),
        );
  const method = (level: keyof Logger): LogMethod => {
    if (LOG_LEVELS.indexOf(level) < threshold) return noop;
    // Only warn and error, the noisy levels in an outage, are summarised; fatal lines are rare and always whole.
    if (repeats === undefined || (level !== 'warn' && level !== 'error'))
      return (fields, message) => write(level, fields, message, true);
    return (fields, message) => {
      const key = repeatKey(level, fields, message);
      const decision = key === undefined ? 'with-stack' : repeats.decide(key, { level, fields, message });
      if (decision !== 'held') write(level, fields, message, decision === 'with-stack');
    };
  };
  return { ...levelMethods(method), flush: () => repeats?.flush() };
}

/** A Logger whose each level's method is `method(level)`: a literal, so every logger has one shape. */
function levelMethods(method: (level: keyof Logger) => LogMethod): Logger {
  return {
    trace: method('trace'),
    debug: method('debug'),
    info: method('info'),
    warn: method('warn'),
    error: method('error'),
    fatal: method('fatal'),
  };
}

// Trace correlation: request lines carry the ids of the recording span active when the request started.
// fw-core/otel installs the reader (this entry does not load @opentelemetry/api); a reader, not a field
// on the exchange, because the active context holds the request's span whoever started it.

/** What a log line needs of a span. An `@opentelemetry/api` Span fits as it is. */
export interface CorrelatedSpan {
  spanContext(): { readonly traceId: string; readonly spanId: string };
  /** The same ids, asked for a log line only (fw's lean span then keeps no clock for it). */
  logContext?(): { readonly traceId: string; readonly spanId: string };
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
  const { traceId, spanId } = span.logContext?.() ?? span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/**
 * `req.log`: lines through `logger` with the request's `request_id` and, while a span records, the
 * `trace_id` and `span_id` of the span active at that line (a handler's child span, else the request's).
 */
export function requestLogger(logger: Logger, requestId: string): Logger {
  if (logger === silentLogger) return logger;
  const method =
    (level: keyof Logger): LogMethod =>
    (fields, message) => {
      const span = recordingSpan();
      logger[level]({ request_id: requestId, ...(span && traceFieldsOf(span)), ...fields }, message);
    };
  return levelMethods(method);
}

/** The window repeated warn/error lines are summarised over, ms (0 writes every line): FW_LOG_REPEAT_INTERVAL_MS, else the default. */
export function repeatInterval(env: NodeJS.ProcessEnv): number {
  // The variable's one check: config's (resolve-config.ts) calls it, so fw's commands refuse what the logger does.
  const raw = env['FW_LOG_REPEAT_INTERVAL_MS'];
  if (raw === undefined || raw === '') return DEFAULT_REPEAT_INTERVAL_MS;
  // Decimal digits up to Node's timer limit, past which a timer fires after 1 ms.
  if (/^\d+$/.test(raw) && Number(raw) <= 2_147_483_647) return Number(raw);
  throw new FwError(
    'FW_ERR_CONFIG_BAD_VALUE',
    `FW_LOG_REPEAT_INTERVAL_MS must be an integer from 0 to 2147483647 (milliseconds); found ${JSON.stringify(raw)} (a string)`,
    { details: { key: 'FW_LOG_REPEAT_INTERVAL_MS', value: raw } },
  );
}

/** A line's repeat key: level, message and shared fields, errors without stacks; none without an event. */
function repeatKey(
  level: string,
  fields: Readonly<Record<string, unknown>>,
  message: string | undefined,
): string | undefined {
  if (typeof fields['event'] !== 'string') return undefined;
  return `${level}\n${message ?? ''}\n${stringifyLine(sharedFields(fields), false)}`;
}

/** A line's fields but the per-request ones. */
function sharedFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !PER_REQUEST.has(name)));
}

/** A line's JSON, never a throw (cycles, BigInt) nor lost; an error as name, message, code, stack (with `stacks`) and cause, each error once. */
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
      return {
        name: v.name,
        message: v.message,
        ...(code !== undefined && { code }),
        ...(stacks && { stack: v.stack }),
        ...cause,
      };
    });
  } catch {
    // A field JSON cannot write (a cycle, a throwing toJSON): the line keeps its text, number and boolean fields and names the others.
    const fields = Object.entries(value as Record<string, unknown>);
    const written = fields.filter(([, field]) => ['string', 'number', 'boolean'].includes(typeof field));
    return JSON.stringify({
      ...Object.fromEntries(written),
      unserialisable: fields.filter((field) => !written.includes(field)).map(([name]) => name),
    });
  }
}

// Repeat windows (issue 35, item 6: a database cut wrote thousands of identical lines per instance).
// A key's first line opens a window; repeats in it are counted, and its end writes one summary and
// opens the next, until a window passes with none. A key's stack is written once; `exit` flushes.

/** A line as the logger was given it. */
type HeldLine = {
  readonly level: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly message: string | undefined;
};

// Beyond this many keys at once, a flood of distinct keys is written as it comes.
const MAX_KEYS = 1000;

// The flush of every logger with a window open, run by one `exit` listener for all loggers.
const pending = new Set<() => void>();
const flushPending = (): void => [...pending].forEach((pendingFlush) => pendingFlush());

/** Repeat windows of `intervalMs`; `summarise(first, count)` writes the summary of `count` lines like `first`. */
function repeatedLines(intervalMs: number, summarise: (first: HeldLine, count: number) => void) {
  const windows = new Map<string, { readonly first: HeldLine; count: number; timer: NodeJS.Timeout }>();
  const stacked = new Set<string>();
  const timer = (key: string): NodeJS.Timeout => setTimeout(() => close(key), intervalMs).unref();
  // A window's end (its timer's, which flush clears with it): its summary and another window, or, with nothing held back, the key forgotten.
  const close = (key: string): void => {
    const window = windows.get(key)!;
    if (window.count > 0) {
      summarise(window.first, window.count);
      window.count = 0;
      window.timer = timer(key);
      return;
    }
    windows.delete(key);
    if (windows.size === 0) pending.delete(flush);
  };
  const flush = (): void => {
    for (const window of windows.values()) {
      clearTimeout(window.timer);
      if (window.count > 0) summarise(window.first, window.count);
    }
    windows.clear();
    pending.delete(flush);
  };
  // Counts `line` if its key's window is open ('held'), else opens one and says whether to write its stacks.
  const decide = (key: string, line: HeldLine): 'with-stack' | 'without-stack' | 'held' => {
    const open = windows.get(key);
    if (open !== undefined) {
      open.count += 1;
      return 'held';
    }
    if (windows.size < MAX_KEYS) {
      windows.set(key, { first: line, count: 0, timer: timer(key) });
      pending.add(flush);
      // Writes at exit are synchronous for files and pipes (node's process I/O), so the counts land.
      if (!process.listeners('exit').includes(flushPending)) process.on('exit', flushPending);
    }
    if (stacked.has(key)) return 'without-stack';
    if (stacked.size >= MAX_KEYS) stacked.delete(stacked.values().next().value!);
    stacked.add(key);
    return 'with-stack';
  };
  return { decide, flush };
}

// In log/, not otel/: the main entry must not load otel/.
/** The key of this process's id, on telemetry's resource and every log line. */
export const SERVICE_INSTANCE_ID = 'service.instance.id';

let processInstanceId: string | undefined;

/** The id given the resource attributes as configured, else a UUID made once (semconv: resource/#service). */
export function serviceInstanceId(resourceAttributes: Readonly<Record<string, string>>): string {
  return resourceAttributes[SERVICE_INSTANCE_ID] || (processInstanceId ??= randomUUID());
}

/** The instance id from `env`'s OTEL_RESOURCE_ATTRIBUTES, taking only well-formed pairs: env-config.ts refuses the rest. */
function serviceInstanceIdFromEnv(env: NodeJS.ProcessEnv): string {
  const attributes: Record<string, string> = {};
  for (const pair of (env['OTEL_RESOURCE_ATTRIBUTES'] ?? '').split(',')) {
    const eq = pair.indexOf('=');
    try {
      if (eq > 0)
        attributes[decodeURIComponent(pair.slice(0, eq).trim())] = decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      // Not percent-encoded UTF-8.
    }
  }
  return serviceInstanceId(attributes);
}
