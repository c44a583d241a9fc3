/**
 * The lean path's own decision for the built-in samplers that read neither ids nor attributes
 * agrees with the SDK's Sampler of the same name, for a request with no parent, a sampled remote
 * parent and an unsampled one; the ratio samplers are left to the SDK's object.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace';
import type { SamplerName } from '../src/otel/env-config.ts';
import { FIXED_SAMPLING_DECISIONS } from '../src/otel/lean/lean-stream-listener.ts';
import { toHex, parseTraceparent, type RemoteParent } from '../src/otel/lean/lean-span.ts';
import { samplerFor } from '../src/otel/trace-pipeline.ts';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const parents: Record<string, RemoteParent | undefined> = {
  'no parent': undefined,
  'a sampled remote parent': parseTraceparent(`00-${TRACE_ID}-b7ad6b7169203331-01`),
  'an unsampled remote parent': parseTraceparent(`00-${TRACE_ID}-b7ad6b7169203331-00`),
};

function sdkSamples(name: SamplerName, remote: RemoteParent | undefined): boolean {
  const parent = remote === undefined ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, { traceId: toHex(remote.traceId), spanId: toHex(remote.spanId), traceFlags: remote.flags, isRemote: true });
  return samplerFor(name, 1).shouldSample(parent, TRACE_ID, 'HTTP GET', SpanKind.SERVER, {}, []).decision === SamplingDecision.RECORD_AND_SAMPLED;
}

describe('the lean path’s sampling decision', () => {
  for (const name of ['always_on', 'always_off', 'parentbased_always_on', 'parentbased_always_off'] as const) {
    it(`${name} decides as the SDK's sampler does`, () => {
      const decide = FIXED_SAMPLING_DECISIONS[name];
      assert.ok(decide);
      for (const [label, remote] of Object.entries(parents)) assert.equal(decide(remote), sdkSamples(name, remote), `${name} with ${label}`);
    });
  }

  it('leaves the ratio samplers, which read the trace id, to the SDK', () => {
    assert.equal(FIXED_SAMPLING_DECISIONS.traceidratio, undefined);
    assert.equal(FIXED_SAMPLING_DECISIONS.parentbased_traceidratio, undefined);
  });
});
