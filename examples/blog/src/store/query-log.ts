/**
 * The SQL stores' query log (spec, Activation item 5): `log: true` writes one structured line per
 * query, `log: "./module.ts#export"` hands each event to that function, `false` costs nothing
 * (the stores do not even read the clock). Resolved and validated once, at start.
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FwError } from 'fw-core';
import type { QueryLogEvent } from './store.ts';

/** Receives one event per completed query. */
export type QueryLogSink = (event: QueryLogEvent) => void;

/** The logger the stores write to. */
export interface StoreLogger {
  info(fields: Record<string, unknown>, msg?: string): void;
  warn(fields: Record<string, unknown>, msg?: string): void;
  error(fields: Record<string, unknown>, msg?: string): void;
}

/** What `resolveQueryLog` needs besides the setting. */
export interface QueryLogContext {
  /** Directory that relative module paths are resolved against. */
  readonly appDir: string;
  readonly logger: StoreLogger;
}

/** The sink for a `log` setting, or undefined when logging is off. Rejects on a bad module spec. */
export async function resolveQueryLog(
  setting: boolean | string | undefined,
  context: QueryLogContext,
): Promise<QueryLogSink | undefined> {
  if (setting === undefined || setting === false) return undefined;
  const { logger } = context;
  if (setting === true) {
    return (event) => logger.info({ event: 'query', ...event });
  }
  const hook = await loadQueryLogFunction(setting, context.appDir);
  // A user hook must not break the query it observes (the OpenTelemetry instrumentation rule).
  return (event) => {
    try {
      hook(event);
    } catch (error) {
      logger.error({ event: 'query_log_failed', hook: setting, err: error }, 'the query log function threw');
    }
  };
}

/** Imports `"<module path>#<export>"` relative to `appDir`; the export must be a function. */
export async function loadQueryLogFunction(spec: string, appDir: string): Promise<QueryLogSink> {
  const hash = spec.lastIndexOf('#');
  const modulePath = spec.slice(0, hash);
  const exportName = spec.slice(hash + 1);
  if (hash <= 0 || exportName === '' || !(modulePath.startsWith('.') || isAbsolute(modulePath))) {
    throw badLogSetting(
      spec,
      'a boolean or "<./module path>#<export name>" (for example "./src/query-log.ts#logQuery")',
    );
  }
  const file = resolve(appDir, modulePath);
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw badLogSetting(spec, `a module that loads; ${file} could not be imported`, error);
  }
  const hook = namespace[exportName];
  if (typeof hook !== 'function') {
    throw badLogSetting(spec, `a module exporting a function named ${exportName}; ${file} has none`);
  }
  return hook as QueryLogSink;
}

/** Microseconds elapsed since a `performance.now()` reading. */
export function microsecondsSince(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 1000);
}

function badLogSetting(spec: string, expected: string, cause?: unknown): FwError {
  return new FwError('FW_ERR_CONFIG_BAD_VALUE', `blog.log must be ${expected}; found "${spec}"`, {
    cause,
    details: { key: 'blog.log', expected, found: spec },
  });
}
