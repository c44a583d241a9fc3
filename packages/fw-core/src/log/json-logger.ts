/**
 * fw's default logger: one JSON object per line on stderr (or a given stream), filtered by
 * level. Cheap when a level is off: the method is a no-op, nothing is serialised.
 */
import { LOG_LEVELS, type LogLevel, type LogMethod, type Logger } from './logger.ts';

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
}

const noop: LogMethod = () => {};

/** A Logger writing JSON lines; levels below `level` are no-ops. */
export function createJsonLogger(options: JsonLoggerOptions = {}): Logger {
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  const sink = options.sink ?? process.stderr;
  const base = options.base ?? {};
  const method = (level: Exclude<LogLevel, 'silent'>): LogMethod => {
    if (LOG_LEVELS.indexOf(level) < threshold) return noop;
    return (fields, message) => {
      const line = { time: new Date().toISOString(), level, ...base, ...fields, ...(message && { msg: message }) };
      sink.write(`${safeStringify(line)}\n`);
    };
  };
  return {
    trace: method('trace'),
    debug: method('debug'),
    info: method('info'),
    warn: method('warn'),
    error: method('error'),
    fatal: method('fatal'),
  };
}

/** A logger that drops everything. */
export const silentLogger: Logger = createJsonLogger({ level: 'silent' });

/** JSON.stringify that renders Errors usefully and never throws (cycles, BigInt). */
function safeStringify(value: unknown): string {
  // An error's cause is written too (a wrapper's stack says where fw caught it, the cause's where
  // it was thrown), each error once: a cause chain that loops ends at the repeat.
  // Made at the first error: most lines (one per request) hold none.
  let seen: Set<Error> | undefined;
  try {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (v instanceof Error) {
        seen ??= new Set();
        if (seen.has(v)) return `[cause: ${v.name}]`;
        seen.add(v);
        const code = (v as { code?: unknown }).code;
        return { name: v.name, message: v.message, ...(code !== undefined && { code }), stack: v.stack, ...(v.cause !== undefined && { cause: v.cause }) };
      }
      return typeof v === 'bigint' ? v.toString() : v;
    });
  } catch {
    return JSON.stringify({ level: 'error', msg: 'unserialisable log line' });
  }
}
