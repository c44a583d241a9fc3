/**
 * The logger contract. fw writes one structured JSON line per request and per notable event;
 * an app may hand in any object with these methods (pino fits as it is).
 */

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
