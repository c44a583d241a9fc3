/**
 * setupTelemetry: the library setup an application's start function calls (spec: Events →
 * Activation). It registers, through the global OpenTelemetry API, a tracer provider (batch
 * OTLP/protobuf export), a meter provider (pull reader, optional OTLP push every 5 s), the W3C
 * trace-context and baggage propagators and an AsyncLocalStorage context manager; with a
 * metrics port it also serves /metrics. OTEL_SDK_DISABLED=true registers nothing.
 * shutdown() flushes spans and metrics within a bounded time and unregisters what it set.
 * The SDK itself is loaded on the first call (register-telemetry.ts), not on import.
 */
import { FwError } from '../errors.ts';
import { readEnvConfig } from './env-config.ts';
import type { MetricsPipelineOptions } from './metrics-pipeline.ts';
import type { TracePipelineOptions } from './trace-pipeline.ts';

/** Options of setupTelemetry; everything is optional. */
export interface TelemetryOptions extends TracePipelineOptions, MetricsPipelineOptions {
  /** Serve GET /metrics on this port (0 picks one); without it no listener is started. */
  readonly metricsPort?: number;
  /** Address of the metrics listener; default 0.0.0.0. */
  readonly metricsHost?: string;
  /** `service.name` unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES set one. */
  readonly serviceName?: string;
  /** Where OTEL_* variables are read; default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Longest shutdown() waits for the last exports; default 5000 ms. */
  readonly shutdownTimeoutMs?: number;
}

/** Registered telemetry. */
export interface Telemetry {
  /** False when OTEL_SDK_DISABLED=true: nothing was registered. */
  readonly enabled: boolean;
  /** `http://host:port/metrics` when a metrics port was given. */
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
  checkPort(options.metricsPort);
  const config = readEnvConfig(options.env ?? process.env);
  if (config.disabled) return disabledTelemetry;
  // The SDK, exporters and protobuf cost about 200 ms to load: only a running app pays it, not
  // `fw routes` or anything else that merely imports an app using fw-core/otel.
  const { registerTelemetry } = await import('./register-telemetry.ts');
  return registerTelemetry(config, options);
}

function checkPort(port: number | undefined): void {
  if (port === undefined) return;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new FwError('FW_ERR_OTEL_BAD_OPTION', `setupTelemetry: metricsPort ${String(port)} is not a port; give an integer from 0 to 65535`, { details: { option: 'metricsPort', value: port } });
  }
}

const disabledTelemetry: Telemetry = Object.freeze({
  enabled: false,
  metricsUrl: undefined,
  scrape: async () => '',
  forceFlush: async () => {},
  shutdown: async () => {},
});
