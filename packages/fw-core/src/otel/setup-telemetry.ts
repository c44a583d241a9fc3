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
import { checkMetricsListenerOptions, type ListenerTimeouts } from './metrics-listener-settings.ts';
import type { MetricsPipelineOptions } from './metrics-pipeline.ts';
import type { TracePipelineOptions } from './trace-pipeline.ts';
import type { Logger } from '../log/logger.ts';

/** Options of setupTelemetry; everything is optional. */
export interface TelemetryOptions extends TracePipelineOptions, MetricsPipelineOptions {
  /** Serve GET /metrics on this port (0 picks one); without it no listener is started. */
  readonly metricsPort?: number;
  /**
   * Address the metrics listener binds; default 127.0.0.1 (loopback only). OTEL_EXPORTER_PROMETHEUS_HOST
   * wins over it. `0.0.0.0` or `::` opens it to the network (a container whose scraper is outside it).
   */
  readonly metricsHost?: string;
  /**
   * The API listener's timeouts for the metrics listener too: pass the start hook's
   * `app.config.fw.server_configuration`. Missing keys take fw's defaults (30 s, 10 s, 5 s).
   */
  readonly serverConfiguration?: Partial<ListenerTimeouts>;
  /** `url.query` parameter names redacted on top of fw's list (case-insensitive); FW_OTEL_REDACT_QUERY_PARAMETERS adds more. */
  readonly redactQueryParameters?: readonly string[];
  /** `service.name` unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES set one. */
  readonly serviceName?: string;
  /** Where OTEL_* variables are read; default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Longest shutdown() waits for the last exports; default 5000 ms. */
  readonly shutdownTimeoutMs?: number;
  /** Where the path chosen (lean or full, and why) is logged once; pass the app's logger. */
  readonly logger?: Pick<Logger, 'info'>;
}

/** Registered telemetry. */
export interface Telemetry {
  /** False when OTEL_SDK_DISABLED=true: nothing was registered. */
  readonly enabled: boolean;
  /** The path fw's server spans and HTTP metrics take (docs/telemetry.md, "Lean and full paths"); undefined when disabled. */
  readonly path: 'lean' | 'full' | undefined;
  /** `http://address:port/metrics` as bound (IPv6 in brackets) when a metrics port was given. */
  readonly metricsUrl: string | undefined;
  /** The current metrics in the Prometheus text format ('' when disabled). */
  scrape(): Promise<string>;
  /** Exports pending spans and metrics now. */
  forceFlush(): Promise<void>;
  /** Flushes, stops the listener and unregisters the providers; idempotent, never rejects. */
  shutdown(): Promise<void>;
}

/** Sets up tracing and metrics; rejects with FW_ERR_OTEL_* on bad options or environment. */
export async function setupTelemetry(options: TelemetryOptions = {}): Promise<Telemetry> {
  checkMetricsListenerOptions(options);
  checkRedactQueryParameters(options.redactQueryParameters);
  const config = readEnvConfig(options.env ?? process.env);
  if (config.disabled) return disabledTelemetry;
  // The SDK, exporters and protobuf cost about 200 ms to load: only a running app pays it, not
  // `fw routes` or anything else that merely imports an app using fw-core/otel.
  const { registerTelemetry } = await import('./register-telemetry.ts');
  return registerTelemetry(config, options);
}

function checkRedactQueryParameters(names: readonly string[] | undefined): void {
  if (names === undefined) return;
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string' || name.trim() === '')) {
    throw new FwError('FW_ERR_OTEL_BAD_OPTION', `setupTelemetry: redactQueryParameters ${JSON.stringify(names)} is not a list of names; give non-empty strings such as ['session']`, { details: { option: 'redactQueryParameters', value: names } });
  }
}

const disabledTelemetry: Telemetry = Object.freeze({
  enabled: false,
  path: undefined,
  metricsUrl: undefined,
  scrape: async () => '',
  forceFlush: async () => {},
  shutdown: async () => {},
});
