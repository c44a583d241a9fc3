/**
 * fw's self-metrics of its trace export (issue 36, item 4), named as the OpenTelemetry SDK
 * self-observability conventions name them (https://opentelemetry.io/docs/specs/semconv/otel/sdk-metrics/):
 * `otel.sdk.exporter.span.exported` and `otel.sdk.processor.span.processed` (with `error.type`
 * on failures), `otel.sdk.processor.span.queue.capacity` and `.queue.size`, each with
 * `otel.component.type` and `otel.component.name`. Observable instruments: they read
 * SpanExportOutcomes' counts when a reader collects (/metrics, the OTLP push), never per request.
 * Integers (the SDK's own use the API's default, doubles). The same on both paths; the SDK's own
 * (opt-in) self-metrics are not enabled, so nothing is counted twice.
 */
import { ValueType, type Attributes, type Meter, type ObservableResult } from '@opentelemetry/api';
import type { SpanExportOutcomes } from './span-export-outcomes.ts';

/** Components numbered per type, as the SDK numbers its own (`batching_span_processor/0`...). */
const componentCounts = new Map<string, number>();

function componentName(type: string): string {
  const n = componentCounts.get(type) ?? 0;
  componentCounts.set(type, n + 1);
  return `${type}/${n}`;
}

/** Registers the instruments on `meter`; returns what removes their callbacks. */
export function registerSpanSelfMetrics(meter: Meter, outcomes: SpanExportOutcomes): () => void {
  const exporter: Attributes = { 'otel.component.type': outcomes.options.exporterType, 'otel.component.name': componentName(outcomes.options.exporterType) };
  const processor: Attributes = { 'otel.component.type': 'batching_span_processor', 'otel.component.name': componentName('batching_span_processor') };
  const exported = meter.createObservableCounter('otel.sdk.exporter.span.exported', { unit: '{span}', description: 'The number of spans for which the export has finished, either successful or failed.', valueType: ValueType.INT });
  const processed = meter.createObservableCounter('otel.sdk.processor.span.processed', { unit: '{span}', description: 'The number of spans for which the processing has finished, either successful or failed.', valueType: ValueType.INT });
  const capacity = meter.createObservableUpDownCounter('otel.sdk.processor.span.queue.capacity', { unit: '{span}', description: 'The maximum number of spans the queue of a given instance of an SDK span processor can hold.', valueType: ValueType.INT });
  const size = meter.createObservableUpDownCounter('otel.sdk.processor.span.queue.size', { unit: '{span}', description: 'The number of spans in the queue of a given instance of an SDK span processor.', valueType: ValueType.INT });
  const observeExported = (result: ObservableResult): void => observeCounts(result, outcomes.exported, exporter);
  const observeProcessed = (result: ObservableResult): void => {
    outcomes.refresh();
    observeCounts(result, outcomes.processed, processor);
  };
  const observeCapacity = (result: ObservableResult): void => result.observe(outcomes.options.queueCapacity, processor);
  const observeSize = (result: ObservableResult): void => result.observe(outcomes.queueSize(), processor);
  exported.addCallback(observeExported);
  processed.addCallback(observeProcessed);
  capacity.addCallback(observeCapacity);
  size.addCallback(observeSize);
  return () => {
    exported.removeCallback(observeExported);
    processed.removeCallback(observeProcessed);
    capacity.removeCallback(observeCapacity);
    size.removeCallback(observeSize);
  };
}

function observeCounts(result: ObservableResult, counts: ReadonlyMap<string, number>, attributes: Attributes): void {
  for (const [errorType, count] of counts) result.observe(count, errorType === '' ? attributes : { ...attributes, 'error.type': errorType });
}
