/**
 * A span started under a context extracted from what a span of this process injected (an
 * in-process message: a finished database span's `traceparent` handed to a consumer in the same
 * request) is placed on the clock of the trace's spans here, on both paths (issue 36, item 2).
 * Its parent context holds only a span context, and the active span (the server span) is not the
 * span it names, so it used to keep its own whole-millisecond `Date.now()`: it started before its
 * parent, the database span, in most requests. Every local span of a trace is on one clock (each
 * child took its parent's, child-span-clock.ts), so the active span's serves when it is in the same trace.
 * Outside any request (a worker that takes the message off a queue) no span is active: the span the
 * message names is found by its id among the recent spans of this process, whose clock it lends.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';

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

describe('a span started under a context extracted from a span of this process', () => {
  for (const path of PATHS) {
    it(`starts no earlier than that span and ends inside the server span, ${REQUESTS} requests on the ${path} path`, async () => {
      const otel = await startPathApp(path, groups);
      try {
        for (let i = 0; i < REQUESTS; i += 1) {
          const res = await fetch(`${otel.app.url}/message`);
          await res.arrayBuffer();
          assert.equal(res.status, 200);
        }
        await otel.telemetry.forceFlush();
        await otel.receiver.waitFor('every span', () => otel.receiver.spans.length >= REQUESTS * 3);
        const outside: string[] = [];
        for (const consume of otel.receiver.spans.filter((span) => span.name === 'consume')) {
          const db = otel.receiver.spans.find((span) => span.spanId === consume.parentSpanId)!;
          const server = otel.receiver.spans.find((span) => span.spanId === db.parentSpanId)!;
          assert.equal(server.kind, 'SPAN_KIND_SERVER');
          if (BigInt(consume.startTimeUnixNano) < BigInt(db.startTimeUnixNano)) outside.push(`starts ${BigInt(db.startTimeUnixNano) - BigInt(consume.startTimeUnixNano)} ns before db`);
          if (BigInt(consume.endTimeUnixNano) > BigInt(server.endTimeUnixNano)) outside.push(`ends ${BigInt(consume.endTimeUnixNano) - BigInt(server.endTimeUnixNano)} ns after the server span`);
        }
        assert.deepEqual(outside, [], `${outside.length} of ${REQUESTS}`);
      } finally {
        await otel.close();
      }
    });
  }

  for (const path of PATHS) {
    it(`outside any request (a queue's worker, its message from a span of the request): starts no earlier than that span, ${REQUESTS} requests on the ${path} path`, async () => {
      const otel = await startPathApp(path, queueing);
      try {
        for (let i = 0; i < REQUESTS; i += 1) {
          // The worker waits in the test's context, where no span is active: its continuation runs there.
          const consumed = queue.next().then((message) => trace.getTracer('worker').startSpan('consume', {}, propagation.extract(ROOT_CONTEXT, message)).end());
          const res = await fetch(`${otel.app.url}/queue`);
          await res.arrayBuffer();
          assert.equal(res.status, 200);
          await consumed;
        }
        await otel.telemetry.forceFlush();
        await otel.receiver.waitFor('every span', () => otel.receiver.spans.length >= REQUESTS * 3);
        const before: string[] = [];
        for (const consume of otel.receiver.spans.filter((span) => span.name === 'consume')) {
          const send = otel.receiver.spans.find((span) => span.spanId === consume.parentSpanId)!;
          assert.equal(send.name, 'send');
          if (BigInt(consume.startTimeUnixNano) < BigInt(send.startTimeUnixNano)) before.push(`starts ${BigInt(send.startTimeUnixNano) - BigInt(consume.startTimeUnixNano)} ns before send`);
        }
        assert.deepEqual(before, [], `${before.length} of ${REQUESTS}`);
      } finally {
        await otel.close();
      }
    });
  }
});
