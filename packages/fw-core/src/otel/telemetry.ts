/** What setupTelemetry takes and returns (setup-telemetry.ts; the SDK's part is register-telemetry.ts). */
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { BatchSpanProcessorOptions, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';
import type { ListenerTimeouts } from '../config/config.ts';
import type { Logger } from '../log/logger.ts';

/** Test and embedding overrides of the trace pipeline. */
export type TracePipelineOptions = Pick<TelemetryOptions, 'spanExporter' | 'spanProcessor' | 'batch'>;

/** Test and embedding overrides of the metrics pipeline. */
export type MetricsPipelineOptions = Pick<TelemetryOptions, 'metricExporter' | 'exportIntervalMs'>;

/** Options of setupTelemetry; everything is optional. */
export interface TelemetryOptions {
  /** Replaces the OTLP exporter (still behind the batch processor). */
  readonly spanExporter?: SpanExporter;
  /** Replaces the batch processor and exporter altogether. */
  readonly spanProcessor?: SpanProcessor;
  /** Batch processor settings, each in its OTEL_BSP_* variable's range (else FW_ERR_OTEL_BAD_OPTION); those variables win over these. */
  readonly batch?: Omit<BatchSpanProcessorOptions, 'exporter'>;
  /** Replaces the OTLP metric exporter (pushed every exportIntervalMs even without an endpoint). */
  readonly metricExporter?: PushMetricExporter;
  /** Default 5000; an integer from 1 to 2147483647 ms. OTEL_METRIC_EXPORT_INTERVAL wins over it. */
  readonly exportIntervalMs?: number;
  /** Serve GET /metrics on this port (0 picks one); without it no listener is started. */
  readonly metricsPort?: number;
  /** Address the metrics listener binds; default 127.0.0.1 (loopback). OTEL_EXPORTER_PROMETHEUS_HOST wins. */
  readonly metricsHost?: string;
  /**
   * Pass `app.config.fw.server_configuration`: the API listener's timeouts for the metrics listener
   * too, and its `stream_handlers`, checked for otel_fw_stream_h (a warning without it: nothing would be traced).
   */
  readonly serverConfiguration?: Partial<ListenerTimeouts> & { readonly stream_handlers?: readonly string[] };
  /** `url.query` parameter names redacted on top of fw's list (case-insensitive); FW_OTEL_REDACT_QUERY_PARAMETERS adds more. */
  readonly redactQueryParameters?: readonly string[];
  /** `service.name` unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES set one. */
  readonly serviceName?: string;
  /**
   * How server spans are named: `fw` (default) the spec's `HTTP <method>` and otel_fw_plugin's
   * `<METHOD> <controller>:<action>`; `semconv` the HTTP conventions'. FW_OTEL_SPAN_NAMES wins over it.
   */
  readonly spanNames?: 'fw' | 'semconv';
  /** Where OTEL_* variables are read; default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Longest shutdown() waits for the last exports; default 5000 ms, an integer from 0 to 2147483647. */
  readonly shutdownTimeoutMs?: number;
  /**
   * The app's logger, for the path chosen, warnings about the environment (on stderr without `warn`),
   * export problems (a line per kind per 10 s) and, with OTEL_LOG_LEVEL, the diag lines (docs/telemetry.md).
   */
  readonly logger?: Pick<Logger, 'info'> & Partial<Pick<Logger, 'warn'>>;
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
  /** Exports pending spans and metrics now; rejects with an array of errors, as the SDK's tracer provider, when a trace export fails. */
  forceFlush(): Promise<void>;
  /** Flushes, stops the listener and unregisters the providers; idempotent, never rejects. */
  shutdown(): Promise<void>;
}

/** The instrumentation scope fw's tracer and meter report (`otel.scope.name`). */
export const SCOPE_NAME = 'fw-core';

/** fw-core's version, reported as the scope version. */
export const SCOPE_VERSION = '0.1.0';
