/**
 * setupTelemetry: the library setup an application's start function calls (spec: Events →
 * Activation). It registers, through the global OpenTelemetry API, a tracer provider (batch
 * OTLP/protobuf export), a meter provider (pull reader, optional OTLP push every 5 s), the W3C
 * trace-context and baggage propagators and an AsyncLocalStorage context manager; with a
 * metrics port it also serves /metrics. OTEL_SDK_DISABLED=true registers nothing.
 * shutdown() flushes spans and metrics within a bounded time and unregisters what it set.
 */
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { FwError } from '../errors.ts';
import { readEnvConfig } from './env-config.ts';
import { startMetricsListener, type MetricsListener } from './metrics-listener.ts';
import { createMetricsPipeline, type MetricsPipelineOptions } from './metrics-pipeline.ts';
import { serializePrometheus } from './prometheus-serializer.ts';
import { resourceFor } from './resource-from-env.ts';
import { createTracerProvider, type TracePipelineOptions } from './trace-pipeline.ts';
import { withTimeout } from './with-timeout.ts';

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
  const resource = resourceFor(config, options.serviceName);
  const tracerProvider = createTracerProvider(config, resource, options);
  const { provider: meterProvider, pull } = createMetricsPipeline(config, resource, options);
  const scrape = async (): Promise<string> => serializePrometheus((await pull.collect()).resourceMetrics);
  let listener: MetricsListener | undefined;
  if (options.metricsPort !== undefined) {
    try {
      listener = await startMetricsListener(options.metricsPort, options.metricsHost ?? '0.0.0.0', scrape);
    } catch (error) {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
      throw error;
    }
  }
  const unregister = registerGlobals(tracerProvider, meterProvider);
  if (unregister === undefined) {
    await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown(), listener?.close()]);
    throw new FwError('FW_ERR_OTEL_ALREADY_REGISTERED', 'a global OpenTelemetry tracer or meter provider is already registered; call setupTelemetry once, or shut the previous one down first');
  }
  const timeoutMs = options.shutdownTimeoutMs ?? 5000;
  let stopping: Promise<void> | undefined;
  return {
    enabled: true,
    metricsUrl: listener?.url,
    scrape,
    forceFlush: async () => {
      await Promise.all([tracerProvider.forceFlush(), meterProvider.forceFlush()]);
    },
    shutdown: () => {
      stopping ??= (async () => {
        await withTimeout(Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]), timeoutMs);
        await listener?.close();
        unregister();
      })();
      return stopping;
    },
  };
}

/** Registers the providers, propagator and context manager; undefined when providers were already set. */
function registerGlobals(tracerProvider: Parameters<typeof trace.setGlobalTracerProvider>[0], meterProvider: Parameters<typeof metrics.setGlobalMeterProvider>[0]): (() => void) | undefined {
  if (!trace.setGlobalTracerProvider(tracerProvider)) return undefined;
  if (!metrics.setGlobalMeterProvider(meterProvider)) {
    trace.disable();
    return undefined;
  }
  // A context manager or propagator the user registered already is kept: any of them works.
  const contextManager = new AsyncLocalStorageContextManager().enable();
  const ownContext = context.setGlobalContextManager(contextManager);
  const ownPropagator = propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  if (!ownContext) contextManager.disable();
  return () => {
    trace.disable();
    metrics.disable();
    if (ownPropagator) propagation.disable();
    if (ownContext) context.disable();
  };
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
