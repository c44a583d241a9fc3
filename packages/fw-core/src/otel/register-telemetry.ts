/**
 * The part of setupTelemetry that needs the SDK (imported only when telemetry is enabled): builds
 * the providers, chooses the lean or full path (lean/lean-trace-export.ts), starts the /metrics listener
 * and registers everything globally, the tracer provider carrying what was decided (server-telemetry.ts).
 */
import {
  context,
  type MeterProvider,
  metrics,
  propagation,
  type TextMapPropagator,
  trace,
  type TracerProvider,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { defaultResource, type Resource, resourceFromAttributes } from '@opentelemetry/resources';
import { once } from 'node:events';
import { connect } from 'node:net';
import { FwError } from '../errors.ts';
import { SERVICE_INSTANCE_ID, serviceInstanceId, useRecordingSpanReader } from '../log/logger.ts';
import { withTimeout } from '../promises.ts';
import { DEFAULT_KNOWN_METHODS, type EnvConfig, otlpSenderOptions } from './env-config.ts';
import { startExportReporting } from './export-reporting.ts';
import { chooseTelemetryPath, createLeanSetup } from './lean/lean-trace-export.ts';
import { endpointAddress } from './lean/otlp-socket-client.ts';
import { type MetricsListener, startMetricsListener } from './metrics-listener.ts';
import { createMetricsPipeline } from './metrics-pipeline.ts';
import { OtlpExportStop } from './otlp-export-stop.ts';
import { serializePrometheus } from './prometheus-serializer.ts';
import { propagatorFromNames } from './propagation/propagators.ts';
import { compileQueryRedaction } from './http-attributes.ts';
import { activeRecordingSpan, carrying, FwW3CPropagator, type ServerTelemetry } from './server-telemetry.ts';
import type { Telemetry, TelemetryOptions } from './telemetry.ts';
import { createTracerProvider } from './trace-pipeline.ts';

/** Registers tracing and metrics for an enabled `config`; rejects with FW_ERR_OTEL_* on failure. `badEnv` says what of the environment has no effect (telemetry_bad_env). */
export async function registerTelemetry(
  config: EnvConfig,
  options: TelemetryOptions,
  badEnv: (message: string) => void,
): Promise<Telemetry> {
  // First: a propagator package that is missing fails the start before anything runs.
  const propagator = await propagatorFromNames(config.propagators);
  const resource = resourceFor(config, options.serviceName);
  const exports = new OtlpExportStop();
  // OTEL_LOG_LEVEL; export failures, partial successes and drops to diag, fw's log and self-metrics.
  const reporting = startExportReporting(config, options);
  const { outcomes } = reporting;
  // fw's own trace export, when spans go to OTLP: both paths send with these settings (the TLS files read once).
  const traceExport =
    outcomes === undefined
      ? undefined
      : { sender: otlpSenderOptions(config, 'traces', outcomes.options.endpoint), outcomes };
  const metricsPipeline = await createMetricsPipeline(config, resource, options, exports, reporting.problems);
  const { provider: meterProvider, pull } = metricsPipeline;
  const choice = chooseTelemetryPath(config, options, metricsPipeline.readers);
  const lean = choice.path === 'lean' ? createLeanSetup(config, resource, options, traceExport) : undefined;
  const scrape = async (): Promise<string> => serializePrometheus((await pull.collect()).resourceMetrics);
  let listener: MetricsListener | undefined;
  let built: { shutdown(): Promise<void> } | undefined;
  // Exports still retrying or waiting on a collector would keep the process alive for their whole
  // export timeout after shutdown: end them (otlp-export-stop.ts).
  const stop = (): void => {
    exports.stop();
    metricsPipeline.stopRuntimeMetrics();
    reporting.stop();
  };
  /** Undoes what was built when the start fails, then throws `error`. */
  const abandon = async (error: unknown): Promise<never> => {
    await Promise.allSettled([
      built?.shutdown(),
      meterProvider.shutdown(),
      listener?.close(),
      lean?.export?.shutdown(0),
    ]);
    stop();
    throw error;
  };
  // The full path imports its exporter here, which fails when its package is missing.
  const tracerProvider = (built = await createTracerProvider(
    config,
    resource,
    options,
    exports,
    traceExport,
    lean?.export?.sdkSpans,
  ).catch(abandon));
  reporting.attach(meterProvider);
  if (lean !== undefined) metricsPipeline.offerLeanMetrics(lean.path.metrics);
  listener = await startMetricsListener(options, config, scrape).catch(abandon);
  // What the stream handler reads when it wraps a listener, carried by the registered tracer provider.
  const server: Omit<ServerTelemetry, 'w3c'> = {
    lean: lean?.path,
    redaction: compileQueryRedaction([...(options.redactQueryParameters ?? []), ...config.redactQueryParameters]),
    knownMethods: config.knownMethods ?? DEFAULT_KNOWN_METHODS,
    // FW_OTEL_SPAN_NAMES over the option, so an operator can switch without a code change.
    spanNames: config.spanNames ?? options.spanNames ?? 'fw',
  };
  // The API keeps a propagator registered before fw's (docs/telemetry.md, "Propagation"): OTEL_PROPAGATORS is then said to have no effect.
  const kept =
    config.propagatorsVariable === undefined
      ? undefined
      : () =>
          badEnv(
            `OTEL_PROPAGATORS=${JSON.stringify(config.propagatorsVariable)} has no effect: the propagator registered before setupTelemetry is kept (its fields: ${propagation.fields().join(', ') || 'none'})`,
          );
  const unregister = registerGlobals(tracerProvider, meterProvider, propagator, server, kept);
  if (unregister === undefined) {
    return abandon(
      new FwError(
        'FW_ERR_OTEL_ALREADY_REGISTERED',
        'a global OpenTelemetry tracer or meter provider is already registered (by an open listener of a withTelemetry app, ' +
          'a setupTelemetry call, or another SDK): close or shut that one down first, or start test listeners with OTEL_SDK_DISABLED=true',
      ),
    );
  }
  // Request log lines carry the ids of the request's span from here on (log/logger.ts).
  const restoreSpanReader = useRecordingSpanReader(activeRecordingSpan);
  options.logger?.info(
    { event: 'telemetry_path', path: choice.path, ...(choice.reason !== undefined && { reason: choice.reason }) },
    `telemetry on the ${choice.path} path${choice.reason === undefined ? '' : `: ${choice.reason}`}`,
  );
  const timeoutMs = options.shutdownTimeoutMs ?? 5000;
  let stopping: Promise<void> | undefined;
  return {
    enabled: true,
    path: choice.path,
    metricsUrl: listener?.url,
    scrape,
    // On the lean path the tracer provider's processor is the lean export's (sdkSpans): it flushes that export.
    forceFlush: async () => {
      await Promise.all([tracerProvider.forceFlush(), meterProvider.forceFlush()]);
    },
    shutdown: () => {
      stopping ??= (async () => {
        const flushMs = (await everyCollectorRefuses(config, options))
          ? Math.min(timeoutMs, REFUSED_FLUSH_MS)
          : timeoutMs;
        await withTimeout(
          Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown(), lean?.export?.shutdown(flushMs)]),
          flushMs,
        );
        stop();
        await listener?.close();
        unregister();
        restoreSpanReader();
      })();
      return stopping;
    },
  };
}

/** What the final flush gets when no collector listens: enough for exports to other places. */
const REFUSED_FLUSH_MS = 100;

/** True when fw's OTLP exporters are the only ones and every endpoint they use refuses connections. */
async function everyCollectorRefuses(config: EnvConfig, options: TelemetryOptions): Promise<boolean> {
  if (options.spanExporter !== undefined || options.spanProcessor !== undefined || options.metricExporter !== undefined)
    return false;
  const endpoints = [config.tracesEndpoint, config.metricsEndpoint].filter((endpoint) => endpoint !== undefined);
  return endpoints.length > 0 && (await Promise.all(endpoints.map(collectorRefuses))).every(Boolean);
}

/**
 * Registers the propagator (OTEL_PROPAGATORS; none for `none`; `kept()` when one registered before stays), the providers
 * (the tracer provider carrying `server`: server-telemetry.ts) and the context manager; undefined when providers were already set.
 */
function registerGlobals(
  tracerProvider: TracerProvider,
  meterProvider: MeterProvider,
  propagator: TextMapPropagator | undefined,
  server: Omit<ServerTelemetry, 'w3c'>,
  kept?: () => void,
): (() => void) | undefined {
  let carried: ServerTelemetry | undefined;
  if (!trace.setGlobalTracerProvider(carrying(tracerProvider, () => carried!))) return undefined;
  if (!metrics.setGlobalMeterProvider(meterProvider)) {
    trace.disable();
    return undefined;
  }
  // A context manager or propagator the user registered already is kept: any of them works.
  const contextManager = new AsyncLocalStorageContextManager().enable();
  const ownContext = context.setGlobalContextManager(contextManager);
  const ownPropagator = propagator !== undefined && propagation.setGlobalPropagator(propagator);
  // With `none` fw registers nothing: one registered before has header fields (the API's no-op has none) and goes on propagating.
  if (propagator === undefined ? propagation.fields().length > 0 : !ownPropagator) kept?.();
  // The lean path reads the W3C headers itself while fw's W3C propagator is the registered one.
  carried = {
    ...server,
    w3c: ownPropagator && propagator instanceof FwW3CPropagator ? propagator.fastPath : undefined,
  };
  if (!ownContext) contextManager.disable();
  return () => {
    trace.disable();
    metrics.disable();
    if (ownPropagator) propagation.disable();
    if (ownContext) context.disable();
  };
}

/**
 * The SDK's default resource merged with the configured attributes. `service.name`, highest first:
 * OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, the serviceName option, the SDK default (so an operator
 * renames a deployed service without a code change). `service.instance.id`: OTEL_RESOURCE_ATTRIBUTES',
 * else the process's random one, the id on every line of fw's JSON logger (log/logger.ts).
 */
export function resourceFor(config: EnvConfig, serviceName: string | undefined): Resource {
  const attributes: Record<string, string> = {};
  if (serviceName !== undefined) attributes['service.name'] = serviceName;
  Object.assign(attributes, config.resourceAttributes);
  if (config.serviceName !== undefined) attributes['service.name'] = config.serviceName;
  attributes[SERVICE_INSTANCE_ID] = serviceInstanceId(config.resourceAttributes);
  return defaultResource().merge(resourceFromAttributes(attributes));
}

const PROBE_TIMEOUT_MS = 250;

/** True when a TCP connection to the endpoint's host and port is refused, or its host name does not exist (a collector's name not deployed; env-config.ts checked the URL). */
function collectorRefuses(endpoint: string): Promise<boolean> {
  const socket = connect(endpointAddress(new URL(endpoint)));
  socket.setTimeout(PROBE_TIMEOUT_MS, () => socket.destroy(new Error('the probe had no answer')));
  return once(socket, 'connect')
    .then(
      () => false,
      (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND',
    )
    .finally(() => socket.destroy());
}
