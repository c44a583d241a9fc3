/**
 * The tracer provider setupTelemetry registers (spec: Events → Activation 2): a batch span
 * processor exporting OTLP over HTTP with protobuf bodies. The batch queue is bounded
 * (maxQueueSize, default 2048: spans beyond it are dropped, never buffered without limit) and
 * every export has a timeout, so a collector that is down, failing or hanging costs requests
 * nothing and memory stays bounded.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import type { Resource } from '@opentelemetry/resources';
import { AlwaysOffSampler, AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider, type Sampler, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { withChildSpanClock } from './child-span-clock.ts';
import { readTlsFiles, type EnvConfig, type SamplerName } from './env-config.ts';
import type { OtlpExportStop } from './otlp-export-stop.ts';
import { OtlpJsonSpanExporter } from './otlp-json-span-exporter.ts';
import { ReportingBatchSpanProcessor, ReportingSpanExporter } from './reporting-span-exporter.ts';
import type { SpanExportOutcomes } from './span-export-outcomes.ts';
import type { TracePipelineOptions } from './telemetry.ts';

/**
 * The tracer provider for `config` (no exporting processor when OTEL_TRACES_EXPORTER is none); `exports` stops
 * its OTLP exporter; `outcomes` counts what fw's OTLP export did (not a user's exporter or processor).
 */
export function createTracerProvider(config: EnvConfig, resource: Resource, options: TracePipelineOptions, exports: OtlpExportStop, outcomes?: SpanExportOutcomes): TracerProvider {
  // A child span takes its parent's clock before the processor sees it (child-span-clock.ts).
  const processors: SpanProcessor[] = [withChildSpanClock(exportingProcessor(config, options, exports, outcomes))];
  // The limits from the env setupTelemetry reads: this SDK reads no OTEL_*_LIMIT variable itself.
  return new TracerProvider({ resource, sampler: samplerFor(config.sampler, config.samplerRatio), spanLimits: config.spanLimits, spanProcessors: processors });
}

/** The user's processor, a batch processor over the user's exporter, or over fw's OTLP exporter (reporting to `outcomes`). */
function exportingProcessor(config: EnvConfig, options: TracePipelineOptions, exports: OtlpExportStop, outcomes: SpanExportOutcomes | undefined): SpanProcessor | undefined {
  if (options.spanProcessor !== undefined) return options.spanProcessor;
  const settings = { ...options.batch, ...config.batch };
  if (options.spanExporter !== undefined) return new BatchSpanProcessor({ ...settings, exporter: options.spanExporter });
  const exporter = otlpExporter(config, exports, outcomes);
  if (exporter === undefined) return undefined;
  return outcomes === undefined ? new BatchSpanProcessor({ ...settings, exporter }) : new ReportingBatchSpanProcessor({ ...settings, exporter }, outcomes);
}

/** The exporter's compression type (its package, otlp-exporter-base, is not a peer of fw-core). */
type OtlpCompression = NonNullable<NonNullable<ConstructorParameters<typeof OTLPTraceExporter>[0]>['compression']>;

function otlpExporter(config: EnvConfig, exports: OtlpExportStop, outcomes: SpanExportOutcomes | undefined): SpanExporter | undefined {
  if (config.tracesEndpoint === undefined) return undefined;
  if (config.tracesProtocol === 'http/json') {
    const tls = readTlsFiles(config.tracesEndpoint, config.tracesTls);
    return exports.stops(new OtlpJsonSpanExporter({ url: config.tracesEndpoint, headers: { ...config.tracesHeaders }, timeoutMs: config.tracesTimeoutMs, compression: config.tracesCompression ?? 'none', tls }, outcomes));
  }
  const exporter = exports.stoppable(
    new OTLPTraceExporter({
      url: config.tracesEndpoint,
      headers: { ...config.tracesHeaders },
      timeoutMillis: config.tracesTimeoutMs,
      // Unset: the exporter reads OTEL_EXPORTER_OTLP_[TRACES_]COMPRESSION from process.env itself.
      ...(config.tracesCompression === undefined ? {} : { compression: config.tracesCompression as OtlpCompression }),
      httpAgentOptions: exports.agentFactory(readTlsFiles(config.tracesEndpoint, config.tracesTls)),
    }),
  );
  return outcomes === undefined ? exporter : new ReportingSpanExporter(exporter, outcomes);
}

/** The sampler OTEL_TRACES_SAMPLER (and _ARG) names; the default is parentbased_always_on. */
export function samplerFor(name: SamplerName, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}
