/**
 * Spans a handler starts lie inside the server span, on both paths (issue 36, item 2): an SDK
 * span anchors its start on its own `Date.now()`, whole milliseconds, so a child started just
 * after its parent could be placed before it (the lean span's start did not come from
 * `Date.now()`: 268 of 301 database spans of the blog started before their server span) or,
 * ending just before its parent, after it (the SDK's own spans, on the full path). Children take
 * their parent's clock (child-span-clock.ts), grandchildren too, and so does a span started under
 * the server span's context alone (no clock there: 155 of 300 ended after a lean server span, 34 of
 * 300 after an SDK one); the lean server span still lasts exactly what the duration metric records.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { context, trace } from '@opentelemetry/api';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import type { ReceivedSpan } from './support/otel-receiver.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';

const REQUESTS = 300;

const groups: RouteGroup[] = [
  {
    prefix: '',
    security: false,
    routes: [
      {
        path: '/work',
        handler: async () => {
          // Started at handler entry, ended right before the response.
          const tracer = trace.getTracer('user-code');
          const child = tracer.startSpan('child');
          await context.with(trace.setSpan(context.active(), child), async () => {
            await new Promise((resolve) => setImmediate(resolve));
            tracer.startSpan('grandchild').end();
          });
          tracer.startSpan('sibling').end();
          child.end();
          // Under the server span's context alone (as trace.wrapSpanContext or an extracted traceparent gives it), ended just before the response.
          tracer.startSpan('under-span-context', {}, trace.setSpanContext(context.active(), trace.getActiveSpan()!.spanContext())).end();
          return json({ ok: true });
        },
        options: { methods: ['get'] },
      },
    ],
  },
];

/** Every span of each request's trace after REQUESTS requests on `path`, and the sum of the duration metric in ns. */
async function tracesOn(path: 'lean' | 'full'): Promise<{ traces: Map<string, ReceivedSpan[]>; metricNs: number }> {
  const otel = await startPathApp(path, groups);
  try {
    for (let i = 0; i < REQUESTS; i += 1) {
      const res = await fetch(`${otel.app.url}/work`);
      await res.arrayBuffer();
      assert.equal(res.status, 200);
    }
    await otel.telemetry.forceFlush();
    await otel.receiver.waitFor('every span', () => otel.receiver.spans.length >= REQUESTS * 5);
    const traces = new Map<string, ReceivedSpan[]>();
    for (const span of otel.receiver.spans) traces.set(span.traceId, [...(traces.get(span.traceId) ?? []), span]);
    const line = (await otel.telemetry.scrape()).split('\n').find((l) => l.startsWith('http_server_request_duration_seconds_sum{') && l.includes('http_route="/work"'));
    assert.ok(line, 'the duration series of /work');
    return { traces, metricNs: Number(line.slice(line.lastIndexOf(' ') + 1)) * 1e9 };
  } finally {
    await otel.close();
  }
}

/** The spans of `trace` outside their parent: "name: why". */
function outsideTheirParent(spans: readonly ReceivedSpan[]): string[] {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const outside: string[] = [];
  for (const span of spans) {
    const parent = byId.get(span.parentSpanId);
    if (parent === undefined) continue;
    const [start, end, parentStart, parentEnd] = [span.startTimeUnixNano, span.endTimeUnixNano, parent.startTimeUnixNano, parent.endTimeUnixNano].map(BigInt) as [bigint, bigint, bigint, bigint];
    if (start < parentStart) outside.push(`${span.name} starts ${parentStart - start} ns before ${parent.name}`);
    if (end > parentEnd) outside.push(`${span.name} ends ${end - parentEnd} ns after ${parent.name}`);
  }
  return outside;
}

describe('spans started in a handler', () => {
  for (const path of PATHS) {
    it(`lie inside the server span and their own parent, ${REQUESTS} requests on the ${path} path`, async () => {
      const { traces, metricNs } = await tracesOn(path);
      assert.equal(traces.size, REQUESTS);
      const outside: string[] = [];
      let serverNs = 0;
      for (const spans of traces.values()) {
        assert.deepEqual(spans.map((span) => span.name).sort(), ['GET /work', 'child', 'grandchild', 'sibling', 'under-span-context']);
        outside.push(...outsideTheirParent(spans));
        serverNs += spans.find((span) => span.kind === 'SPAN_KIND_SERVER')!.durationNs;
      }
      assert.deepEqual(outside, []);
      // The lean span lasts what the metric records (each rounded to the ns; the metric sums seconds in a double).
      if (path === 'lean') assert.ok(Math.abs(serverNs - metricNs) <= REQUESTS, `server spans ${serverNs} ns, metric ${metricNs} ns`);
    });
  }
});
