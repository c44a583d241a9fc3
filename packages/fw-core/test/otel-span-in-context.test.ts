/**
 * The per-request context holding the server span answers every API reader as the API's own
 * `trace.setSpan` context would: the span under the span key, any other key from its parent,
 * and contexts derived by setValue/deleteValue keep the span.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createContextKey, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { SERVER_TELEMETRY_KEY, type ServerTelemetry, withServerSpan } from '../src/otel/server-telemetry.ts';

const span = trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 });
const OTHER = createContextKey('fw test key');

it('holds the span, reads other keys from the parent, and keeps the span through setValue and deleteValue', () => {
  const baggage = propagation.createBaggage({ tenant: { value: 'acme' } });
  const parent = propagation.setBaggage(ROOT_CONTEXT.setValue(OTHER, 'from parent'), baggage);
  const server = {} as ServerTelemetry;
  const context = withServerSpan(parent, span, server);
  assert.equal(trace.getSpan(context), span);
  assert.equal(context.getValue(SERVER_TELEMETRY_KEY), server);
  assert.equal(context.getValue(OTHER), 'from parent');
  assert.equal(propagation.getBaggage(context)?.getEntry('tenant')?.value, 'acme');

  const derived = context.setValue(OTHER, 'changed');
  assert.equal(trace.getSpan(derived), span);
  assert.equal(derived.getValue(SERVER_TELEMETRY_KEY), server);
  assert.equal(derived.getValue(OTHER), 'changed');
  assert.equal(context.getValue(OTHER), 'from parent', 'the original is unchanged');

  const without = context.deleteValue(OTHER);
  assert.equal(trace.getSpan(without), span);
  assert.equal(without.getValue(OTHER), undefined);
  assert.equal(trace.getSpan(trace.deleteSpan(context)), undefined);
});
