/**
 * setupTelemetry: the library setup an application's start function calls (spec: Events →
 * Activation). It registers, through the global OpenTelemetry API, a tracer provider (batch
 * OTLP/protobuf export), a meter provider (pull reader, optional OTLP push every 5 s), the W3C
 * trace-context and baggage propagators and an AsyncLocalStorage context manager; with a
 * metrics port it also serves /metrics (loopback unless a host is given). Spans never carry
 * credentials: see query-redaction.ts. OTEL_SDK_DISABLED=true registers nothing.
 * fw's server spans and HTTP metrics take the lean path (fw's own span, encoder and aggregation)
 * unless that would hide something the user configured (telemetry-path.ts).
 * shutdown() flushes spans and metrics within a bounded time and unregisters what it set.
 * The SDK itself is loaded on the first call (register-telemetry.ts), not on import.
 */
import { FwError } from '../errors.ts';
import { readEnvConfig } from './env-config.ts';
import { checkMetricsListenerOptions } from './metrics-listener.ts';
import { isSpanNames } from './server-telemetry.ts';
import type { Telemetry, TelemetryOptions } from './telemetry.ts';

/** Sets up tracing and metrics; rejects with FW_ERR_OTEL_* on bad options or environment. */
export async function setupTelemetry(options: TelemetryOptions = {}): Promise<Telemetry> {
  checkMetricsListenerOptions(options);
  checkRedactQueryParameters(options.redactQueryParameters);
  checkSpanNames(options.spanNames);
  const config = readEnvConfig(options.env ?? process.env);
  for (const warning of config.warnings) warn(options, warning);
  if (config.disabled) return disabledTelemetry;
  // The SDK, exporters and protobuf cost about 200 ms to load: only a running app pays it, not
  // `fw routes` or anything else that merely imports an app using fw-core/otel.
  const { registerTelemetry } = await import('./register-telemetry.ts');
  return registerTelemetry(config, options);
}

/** A `telemetry_bad_env` warning on the app's logger, else a process warning (stderr). */
function warn(options: TelemetryOptions, message: string): void {
  if (options.logger?.warn !== undefined) options.logger.warn({ event: 'telemetry_bad_env' }, message);
  else process.emitWarning(message, { code: 'FW_OTEL_BAD_ENV' });
}

function checkRedactQueryParameters(names: readonly string[] | undefined): void {
  if (names === undefined) return;
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string' || name.trim() === '')) {
    throw new FwError('FW_ERR_OTEL_BAD_OPTION', `setupTelemetry: redactQueryParameters ${JSON.stringify(names)} is not a list of names; give non-empty strings such as ['session']`, { details: { option: 'redactQueryParameters', value: names } });
  }
}

function checkSpanNames(names: unknown): void {
  if (names === undefined || isSpanNames(names)) return;
  throw new FwError('FW_ERR_OTEL_BAD_OPTION', `setupTelemetry: spanNames ${JSON.stringify(names)} is not a naming style; give 'fw' or 'semconv'`, { details: { option: 'spanNames', value: names } });
}

const disabledTelemetry: Telemetry = Object.freeze({
  enabled: false,
  path: undefined,
  metricsUrl: undefined,
  scrape: async () => '',
  forceFlush: async () => {},
  shutdown: async () => {},
});
