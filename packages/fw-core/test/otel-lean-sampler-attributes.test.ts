/**
 * A sampler's own attributes on the lean server span win over the request's, as they do on the
 * SDK's span (its constructor sets the request's attributes merged with the sampler's).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Sampler } from '@opentelemetry/sdk-trace';
import { inject } from '../src/inject/inject.ts';
import { DEFAULT_KNOWN_METHODS } from '../src/otel/env-config.ts';
import { compileQueryRedaction } from '../src/otel/http-attributes.ts';
import { HttpMetricSeriesTable } from '../src/otel/http-metrics.ts';
import { type LeanServerSpan } from '../src/otel/lean/lean-span.ts';
import { readEnvConfig } from '../src/otel/env-config.ts';
import { wrapLean } from '../src/otel/lean/lean-stream-listener.ts';
import { leanSpanAttributes } from './support/lean-span-attributes.ts';

/** The SDK's default span limits, as fw reads them from an empty environment. */
const DEFAULT_SPAN_LIMITS = readEnvConfig({}).spanLimits;

it('sets the sampler’s attributes over the request’s on the lean span', async () => {
  const ended: LeanServerSpan[] = [];
  const sampler: Sampler = {
    shouldSample: () => ({ decision: 2, attributes: { 'url.path': '/as-the-sampler-says', 'sampler.rule': 'keep-all' } }),
    toString: () => 'test sampler',
  };
  const lean = { sampler, decide: undefined, limits: DEFAULT_SPAN_LIMITS, onEnd: (span: LeanServerSpan) => ended.push(span), metrics: new HttpMetricSeriesTable() };
  const listener = wrapLean((_req, res) => res.end('ok'), lean, { lean, knownMethods: DEFAULT_KNOWN_METHODS, spanNames: 'fw', redaction: compileQueryRedaction(), w3c: undefined });
  const response = await inject(listener, { url: '/api/posts/42' });
  assert.equal(response.status, 200);
  assert.equal(ended.length, 1);
  assert.equal(leanSpanAttributes(ended[0]!)['url.path'], '/as-the-sampler-says');
  assert.equal(leanSpanAttributes(ended[0]!)['sampler.rule'], 'keep-all');
  assert.equal(leanSpanAttributes(ended[0]!)['http.request.method'], 'GET');
});
