/**
 * A span started under a context extracted from what a span of this process injected (an
 * in-process message: a finished database span's `traceparent` handed to a consumer in the same
 * request) is placed on the clock of the trace's spans here, on both paths (issue 36, item 2).
 * Its parent context holds only a span context, and the active span (the server span) is not the
 * span it names, so it used to keep its own whole-millisecond `Date.now()`: it started before its
 * parent, the database span, in most requests. Every local span of a trace is on one clock (each
 * child took its parent's, child-span-clock.ts), so the active span's serves when it is in the same trace.
 * Outside any request (a worker that takes the message off a queue) no span is active: the span the
 * message names is found by its id among the recent spans of this process, whose clock it lends;
 * so is the client span whose `traceparent` an in-process call carries to fw's server span.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';
import type { ReceivedSpan } from './support/otel-receiver.ts';

const REQUESTS = 100;

const groups: RouteGroup[] = [{
  prefix: '',
  security: false,
  routes: [{
    path: '/message',
    handler: () => {
      const tracer = trace.getTracer('user-code');
      const db = tracer.startSpan('db');
      const message: Record<string, string> = {};
      propagation.inject(trace.setSpan(context.active(), db), message);
      db.end();
      // The consumer, in the same request: its parent is the span the message names.
      tracer.startSpan('consume', {}, propagation.extract(ROOT_CONTEXT, message)).end();
      return json({ ok: true });
    },
    options: { methods: ['get'] },
  }],
}];

/** Messages the handler below queues, each with a `traceparent`, for a worker that waits outside any request. */
const queue: { put(message: Record<string, string>): void; next(): Promise<Record<string, string>> } = (() => {
  let waiting: ((message: Record<string, string>) => void) | undefined;
  return {
    put: (message) => waiting?.(message),
    next: () => new Promise((resolve) => (waiting = resolve)),
  };
})();

const queueing: RouteGroup[] = [{
  prefix: '',
  security: false,
  routes: [{
    path: '/queue',
    handler: () => {
      const send = trace.getTracer('user-code').startSpan('send');
      const message: Record<string, string> = {};
      propagation.inject(trace.setSpan(context.active(), send), message);
      send.end();
      queue.put(message);
      return json({ ok: true });
    },
    options: { methods: ['get'] },
  }],
}];

/** The app's URL, for its handler's in-process call. */
let appUrl = '';

const calling: RouteGroup[] = [{
  prefix: '',
  security: false,
  routes: [{
    path: '/outer',
    handler: async () => {
      // An in-process call: the server span of /inner is a child of this client span.
      const client = trace.getTracer('user-code').startSpan('client', { kind: SpanKind.CLIENT });
      const headers: Record<string, string> = {};
      propagation.inject(trace.setSpan(context.active(), client), headers);
      const res = await fetch(`${appUrl}/inner`, { headers });
      await res.arrayBuffer();
      client.end();
      return json({ ok: true });
    },
    options: { methods: ['get'] },
  }, { path: '/inner', handler: () => json({ ok: true }), options: { methods: ['get'] } }],
}];

/** What `path` exported for REQUESTS requests to `route` of an app of `groups`, 3 spans each; `each` is what a request leaves running, awaited after it. */
async function spansOf(path: 'lean' | 'full', groups: RouteGroup[], route: string, each: () => Promise<void> = async () => {}): Promise<ReceivedSpan[]> {
  const otel = await startPathApp(path, groups);
  appUrl = otel.app.url;
  try {
    for (let i = 0; i < REQUESTS; i += 1) {
      const left = each();
      const res = await fetch(`${otel.app.url}${route}`);
      await res.arrayBuffer();
      assert.equal(res.status, 200);
      await left;
    }
    await otel.telemetry.forceFlush();
    await otel.receiver.waitFor('every span', () => otel.receiver.spans.length >= REQUESTS * 3);
    return otel.receiver.spans;
  } finally {
    await otel.close();
  }
}

/** How `span` lies outside: starting before `start`, ending after `end`. */
function outside(span: ReceivedSpan, start: ReceivedSpan, end?: ReceivedSpan): string[] {
  const lapses: string[] = [];
  if (BigInt(span.startTimeUnixNano) < BigInt(start.startTimeUnixNano)) lapses.push(`starts ${BigInt(start.startTimeUnixNano) - BigInt(span.startTimeUnixNano)} ns before ${start.name}`);
  if (end !== undefined && BigInt(span.endTimeUnixNano) > BigInt(end.endTimeUnixNano)) lapses.push(`ends ${BigInt(span.endTimeUnixNano) - BigInt(end.endTimeUnixNano)} ns after ${end.name}`);
  return lapses;
}

describe('a span started under a context extracted from a span of this process', () => {
  for (const path of PATHS) {
    it(`starts no earlier than that span and ends inside the server span, ${REQUESTS} requests on the ${path} path`, async () => {
      const spans = await spansOf(path, groups, '/message');
      const lapses = spans.filter((span) => span.name === 'consume').flatMap((consume) => {
        const db = spans.find((span) => span.spanId === consume.parentSpanId)!;
        const server = spans.find((span) => span.spanId === db.parentSpanId)!;
        assert.equal(server.kind, 'SPAN_KIND_SERVER');
        return outside(consume, db, server);
      });
      assert.deepEqual(lapses, [], `${lapses.length} of ${REQUESTS}`);
    });

    it(`outside any request (a queue's worker, its message from a span of the request): starts no earlier than that span, ${REQUESTS} requests on the ${path} path`, async () => {
      // The worker waits in the test's context, where no span is active: its continuation runs there.
      const spans = await spansOf(path, queueing, '/queue', () => queue.next().then((message) => trace.getTracer('worker').startSpan('consume', {}, propagation.extract(ROOT_CONTEXT, message)).end()));
      const lapses = spans.filter((span) => span.name === 'consume').flatMap((consume) => outside(consume, spans.find((span) => span.spanId === consume.parentSpanId && span.name === 'send')!));
      assert.deepEqual(lapses, [], `${lapses.length} of ${REQUESTS}`);
    });

    it(`fw's server span of an in-process call (a span of this process injected its traceparent): inside that span, ${REQUESTS} requests on the ${path} path`, async () => {
      const spans = await spansOf(path, calling, '/outer');
      const lapses = spans.filter((span) => span.attributes['url.path'] === '/inner').flatMap((inner) => {
        const client = spans.find((span) => span.spanId === inner.parentSpanId && span.name === 'client')!;
        return outside(inner, client, client);
      });
      assert.deepEqual(lapses, [], `${lapses.length} of ${REQUESTS}`);
    });
  }
});
