/**
 * OTEL_LOG_LEVEL (issue 36, item 6), as the SDK's NodeSDK honours it: when the variable is set,
 * a diag logger is registered at that level (replacing any other, as NodeSDK's diag.setLogger
 * does); when it is unset, nothing is registered and a diag logger the application registered
 * stays. fw's logger writes the diag lines (event `otel_diag`; errors and warnings at warn, the
 * rest at info) when setupTelemetry was given one, else the API's console logger does.
 * shutdown() removes the logger fw registered.
 */
import { diag, DiagConsoleLogger, DiagLogLevel, type DiagLogger } from '@opentelemetry/api';
import type { DiagLevelName } from './env-config.ts';
import type { ProblemLogger } from './export-problem-log.ts';

/** Registers the diag logger OTEL_LOG_LEVEL asks for; returns what removes it. */
export function useDiagLogLevel(level: DiagLevelName | undefined, logger: ProblemLogger | undefined): () => void {
  if (level === undefined) return () => {};
  diag.setLogger(logger === undefined ? new DiagConsoleLogger() : throughLog(logger), { logLevel: DiagLogLevel[level], suppressOverrideMessage: true });
  return () => diag.disable();
}

function throughLog(logger: ProblemLogger): DiagLogger {
  const write = (level: string, loud: boolean) => (message: string, ...args: unknown[]): void => {
    const text = [message, ...args.map(shown)].join(' ');
    (loud ? (logger.warn ?? logger.info) : logger.info).call(logger, { event: 'otel_diag', diag_level: level }, text);
  };
  return { error: write('error', true), warn: write('warn', true), info: write('info', false), debug: write('debug', false), verbose: write('verbose', false) };
}

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
