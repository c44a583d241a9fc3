/** Every attribute of a lean span, pre-encoded blocks included, for tests that inspect what a span holds. */
import type { AttributeValue, Attributes } from '@opentelemetry/api';
import type { LeanServerSpan } from '../../src/otel/lean/lean-span.ts';

/** `span`'s attributes in a new object: each block's (keys set to null or undefined left out), then its own. */
export function leanSpanAttributes(span: LeanServerSpan): Attributes {
  const all: Attributes = {};
  for (const block of span.blocks ?? []) for (const key in block.attributes) if (block.attributes[key] != null) all[key] = block.attributes[key] as AttributeValue;
  return Object.assign(all, span.ownAttributes);
}
