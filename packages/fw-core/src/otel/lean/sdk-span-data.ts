/**
 * An SDK span (`ReadableSpan`, e.g. a child span an app starts through the API) as the lean
 * encoder's input, read as the SDK's own ProtobufTraceSerializer reads it. Types only: the SDK
 * is loaded by whoever made the span.
 */
import type { Link } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import type { LeanAttributes, LeanEvent, LeanLink, LeanSpanData } from './otlp-trace-encoder.ts';

/** The encoder's view of an ended SDK span. */
export function sdkSpanData(span: ReadableSpan): LeanSpanData {
  const context = span.spanContext();
  const parent = span.parentSpanContext;
  return {
    // The tracer's one scope object for all its spans: the encoder groups spans by identity, as the SDK does.
    scope: span.instrumentationScope,
    traceId: context.traceId,
    spanId: context.spanId,
    traceState: context.traceState?.serialize(),
    // The SDK's serializer writes no parent for an empty span id.
    parentSpanId: parent?.spanId || undefined,
    parentIsRemote: parent?.isRemote,
    traceFlags: context.traceFlags,
    name: span.name,
    kind: span.kind,
    startTime: span.startTime,
    endTime: span.endTime,
    // The API types attribute values as unknown; the SDK has kept only AnyValues.
    attributes: span.attributes as LeanAttributes,
    droppedAttributesCount: span.droppedAttributesCount,
    // A TimedEvent has LeanEvent's fields: passed as they are, no copy.
    events: span.events as readonly LeanEvent[],
    droppedEventsCount: span.droppedEventsCount,
    links: span.links.map(leanLink),
    droppedLinksCount: span.droppedLinksCount,
    status: span.status,
  };
}

/** A link (the SDK's, or a lean span's) as the encoder's. */
export function leanLink({ context, attributes, droppedAttributesCount }: Link): LeanLink {
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    traceState: context.traceState?.serialize(),
    traceFlags: context.traceFlags,
    isRemote: context.isRemote,
    attributes: attributes as LeanAttributes,
    droppedAttributesCount,
  };
}
