/**
 * setupTelemetry (spec: Events → Activation): registers, through the global OpenTelemetry API, a
 * tracer provider (batch OTLP export), a meter provider (pull reader, optional OTLP push every 5 s),
 * the propagators and an AsyncLocalStorage context manager, and with a metrics port serves
 * /metrics (loopback unless a host is given). OTEL_SDK_DISABLED=true registers nothing. The SDK is
 * loaded on the first call (register-telemetry.ts), not on import.
 */
import type { FwApp } from '../app/app.ts';
import { warnedWithoutStreamHandler, withoutStreamHandler } from '../app/startup-warnings.ts';
import { BATCH_VARIABLES, readEnvConfig } from './env-config.ts';
import { badOption, checkMetricsListenerOptions, checkMilliseconds } from './metrics-listener.ts';
import { OTEL_STREAM_HANDLER_NAME, otelStreamHandler } from './otel-stream-handler.ts';
import { lastSetup, otelFwPlugin } from './server-telemetry.ts';
import type { Telemetry, TelemetryOptions } from './telemetry.ts';

/** Sets up tracing and metrics; rejects with FW_ERR_OTEL_* on bad options or environment. */
export async function setupTelemetry(options: TelemetryOptions = {}): Promise<Telemetry> {
  const unknown = Object.keys(options).find((name) => !Object.hasOwn(OPTION_NAMES, name));
  if (unknown !== undefined)
    badOption(
      unknown,
      undefined,
      `is not an option (${unknown === 'instrumentations' ? 'register instrumentations before what they patch is loaded: docs/telemetry.md, "Other instrumentations"' : Object.keys(OPTION_NAMES).join(', ')})`,
    );
  checkMetricsListenerOptions(options);
  checkRedactQueryParameters(options.redactQueryParameters);
  checkSpanNames(options.spanNames);
  checkMilliseconds('exportIntervalMs', options.exportIntervalMs, 'an export interval');
  checkMilliseconds('shutdownTimeoutMs', options.shutdownTimeoutMs, 'a timeout', 0);
  checkBatch(options.batch);
  const config = readEnvConfig(options.env ?? process.env);
  for (const warning of config.warnings) warn(options, 'telemetry_bad_env', 'FW_OTEL_BAD_ENV', warning);
  lastSetup.disabled = config.disabled;
  if (config.disabled) return disabledTelemetry;
  // The app's server_configuration, as the docs pass it: without the stream handler nothing is
  // traced. Said once: not again when the start-up warnings of that configuration said it.
  const server = options.serverConfiguration;
  const streamHandlers = server?.stream_handlers;
  if (
    Array.isArray(streamHandlers) &&
    !streamHandlers.includes(OTEL_STREAM_HANDLER_NAME) &&
    !warnedWithoutStreamHandler.has(server!)
  ) {
    warn(
      options,
      'telemetry_without_stream_handler',
      'FW_OTEL_NO_STREAM_HANDLER',
      `setupTelemetry: ${withoutStreamHandler(streamHandlers)}`,
    );
  }
  // The SDK is loaded only by a running app, not by `fw routes` or anything that merely imports one.
  const { registerTelemetry } = await import('./register-telemetry.ts');
  return registerTelemetry(config, options, (message) =>
    warn(options, 'telemetry_bad_env', 'FW_OTEL_BAD_ENV', message),
  );
}

/**
 * `app` with the Activation list in one call (docs/telemetry.md, "In one call"): it provides `otelStreamHandler` and
 * `otelFwPlugin`, lists both first when the configuration lists neither, runs setupTelemetry before the app's own start hook (`serviceName`
 * the app's name; the listener's `server_configuration`, `env` and logger; `options` win) and shuts it down after the
 * app's own stop hook, which a start that failed partway also gets.
 */
export function withTelemetry(app: FwApp, options: TelemetryOptions = {}): FwApp {
  let telemetry: Telemetry | undefined;
  return {
    ...app,
    telemetry: true,
    plugins: [...(app.plugins ?? []).filter((plugin) => plugin !== otelFwPlugin), otelFwPlugin],
    streamHandlers: [
      ...(app.streamHandlers ?? []).filter((handler) => handler !== otelStreamHandler),
      otelStreamHandler,
    ],
    async start(context) {
      telemetry = await setupTelemetry({
        serviceName: app.name,
        serverConfiguration: context.config.fw.server_configuration,
        env: context.env,
        logger: context.logger,
        ...options,
      });
      await app.start?.(context);
    },
    async stop() {
      try {
        await app.stop?.();
      } finally {
        await telemetry?.shutdown();
      }
    },
  };
}

/** What setupTelemetry would say of `env`'s OTEL_* variables (its telemetry_bad_env warnings, or the error it would throw), for a tool that starts nothing (fw audit). */
export function telemetryEnvWarnings(env: NodeJS.ProcessEnv): string[] {
  try {
    return readEnvConfig(env).warnings;
  } catch (error) {
    return [(error as Error).message];
  }
}

/** A warning on the app's logger with `event`, else a process warning with `code` (stderr). */
function warn(options: TelemetryOptions, event: string, code: string, message: string): void {
  if (options.logger?.warn !== undefined) options.logger.warn({ event }, message);
  else process.emitWarning(message, { code });
}

function checkRedactQueryParameters(names: readonly string[] | undefined): void {
  if (
    names !== undefined &&
    (!Array.isArray(names) || names.some((name) => typeof name !== 'string' || name.trim() === ''))
  ) {
    badOption(
      'redactQueryParameters',
      names,
      `${JSON.stringify(names)} is not a list of names; give non-empty strings such as ['session']`,
    );
  }
}

/** setupTelemetry's options: another name (NodeSDK's `instrumentations`) is a mistake, refused rather than ignored. */
const OPTION_NAMES: Record<keyof TelemetryOptions, true> = {
  spanExporter: true,
  spanProcessor: true,
  batch: true,
  metricExporter: true,
  exportIntervalMs: true,
  metricsPort: true,
  metricsHost: true,
  serverConfiguration: true,
  redactQueryParameters: true,
  serviceName: true,
  spanNames: true,
  env: true,
  shutdownTimeoutMs: true,
  logger: true,
};

/** `batch`: an object of the batch processor's settings, each an integer in its OTEL_BSP_* variable's range (env-config.ts BATCH_VARIABLES). */
function checkBatch(batch: unknown): void {
  const keys = Object.keys(BATCH_VARIABLES).join(', ');
  if (batch !== undefined && (typeof batch !== 'object' || batch === null || Array.isArray(batch)))
    badOption('batch', batch, `${JSON.stringify(batch)} is not an object of batch settings (${keys})`);
  for (const [key, value] of Object.entries(batch ?? {})) {
    const [, min, max] = Object.hasOwn(BATCH_VARIABLES, key)
      ? BATCH_VARIABLES[key as keyof typeof BATCH_VARIABLES]
      : badOption(`batch.${key}`, value, `is not a batch setting (${keys})`);
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min && (value as number) <= max))
      badOption(
        `batch.${key}`,
        value,
        `${typeof value === 'string' ? JSON.stringify(value) : String(value)} is not valid; give an integer from ${min}${max === Infinity ? ' up' : ` to ${max}`}`,
      );
  }
}

function checkSpanNames(names: unknown): void {
  if (names !== undefined && names !== 'fw' && names !== 'semconv')
    badOption('spanNames', names, `${JSON.stringify(names)} is not a naming style; give 'fw' or 'semconv'`);
}

const disabledTelemetry: Telemetry = Object.freeze({
  enabled: false,
  path: undefined,
  metricsUrl: undefined,
  scrape: async () => '',
  forceFlush: async () => {},
  shutdown: async () => {},
});
