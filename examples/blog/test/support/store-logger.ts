/** A logger that keeps what the store layer logs, for assertions. */
import type { StoreLogger } from '../../src/store/query-log.ts';

/** One recorded log call. */
export interface LoggedLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly fields: Record<string, unknown>;
  readonly msg: string | undefined;
}

/** A StoreLogger and the lines it received. */
export function recordingLogger(): { logger: StoreLogger; lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  return {
    lines,
    logger: {
      info: (fields, msg) => lines.push({ level: 'info', fields, msg }),
      warn: (fields, msg) => lines.push({ level: 'warn', fields, msg }),
      error: (fields, msg) => lines.push({ level: 'error', fields, msg }),
    },
  };
}

/** The fields of the `event: 'query'` lines. */
export function queryLines(lines: readonly LoggedLine[]): Record<string, unknown>[] {
  return lines.filter((line) => line.fields.event === 'query').map((line) => line.fields);
}
