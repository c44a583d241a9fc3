/**
 * The reporting side of one setupTelemetry call (issue 36, items 4 and 6): the diag logger
 * OTEL_LOG_LEVEL asks for, fw's rate-limited log of export problems, the counts of fw's OTLP
 * trace export and their self-metrics. Built before the tracer provider (whose exporter reports
 * into it), attached to the meter provider once the path is chosen, stopped at shutdown.
 */
import type { MeterProvider } from '@opentelemetry/sdk-metrics';
import { useDiagLogLevel } from './diag-log-level.ts';
import type { EnvConfig } from './env-config.ts';
import { ExportProblemLog } from './export-problem-log.ts';
import { DEFAULT_BATCH_SETTINGS } from './lean/span-batcher.ts';
import { registerSpanSelfMetrics } from './self-metrics.ts';
import { SpanExportOutcomes } from './span-export-outcomes.ts';
import { SCOPE_NAME, SCOPE_VERSION, type TelemetryOptions } from './telemetry.ts';

/** What registerTelemetry holds of the reporting. */
export interface ExportReporting {
  /** The counts of fw's OTLP trace export; undefined when spans go elsewhere (none, or a user's exporter or processor). */
  readonly outcomes: SpanExportOutcomes | undefined;
  /** fw's rate-limited log of export problems (the metric exporter's failures go there too). */
  readonly problems: ExportProblemLog;
  /** Registers the self-metrics on `meterProvider`; `lean` says whether fw (not the SDK) writes export problems to diag. */
  attach(meterProvider: MeterProvider, lean: boolean): void;
  /** Logs what the open intervals hold, removes the self-metrics and the diag logger fw registered. */
  stop(): void;
}

/** Starts the reporting for `config`. */
export function startExportReporting(config: EnvConfig, options: TelemetryOptions): ExportReporting {
  const restoreDiag = useDiagLogLevel(config.logLevel, options.logger);
  const problems = new ExportProblemLog(options.logger);
  const outcomes =
    config.tracesEndpoint === undefined || options.spanExporter !== undefined || options.spanProcessor !== undefined
      ? undefined
      : new SpanExportOutcomes({
          problems,
          endpoint: config.tracesEndpoint,
          exporterType: config.tracesProtocol === 'http/json' ? 'otlp_http_json_span_exporter' : 'otlp_http_span_exporter',
          queueCapacity: config.batch.maxQueueSize ?? options.batch?.maxQueueSize ?? DEFAULT_BATCH_SETTINGS.maxQueueSize,
        });
  let removeSelfMetrics = (): void => {};
  return {
    outcomes,
    problems,
    attach: (meterProvider, lean) => {
      if (outcomes === undefined) return;
      // On the full path the SDK's exporter and processor write to diag themselves.
      outcomes.diag = lean;
      removeSelfMetrics = registerSpanSelfMetrics(meterProvider.getMeter(SCOPE_NAME, SCOPE_VERSION), outcomes);
    },
    stop: () => {
      problems.flush();
      removeSelfMetrics();
      restoreDiag();
    },
  };
}
