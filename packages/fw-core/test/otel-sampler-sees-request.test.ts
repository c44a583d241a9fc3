/**
 * A sampler decides on what it is given: otel_fw_stream_h hands the request's attributes to
 * startSpan (semconv: attributes known at span creation SHOULD be given then), so a user's
 * sampler can keep or drop by method, path or client without a span being built first.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { trace, type Attributes } from '@opentelemetry/api';
import { AlwaysOnSampler, SamplingDecision, TracerProvider, type Sampler, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { otelStreamHandler } from '../src/otel/index.ts';

const seen: Attributes[] = [];
/** Samples everything except /heartbeat, deciding on the attributes startSpan gave it. */
const pathSampler: Sampler = {
  shouldSample(_context, _traceId, _name, _kind, attributes) {
    seen.push({ ...attributes });
    return attributes['url.path'] === '/heartbeat' ? { decision: SamplingDecision.NOT_RECORD } : new AlwaysOnSampler().shouldSample();
  },
  toString: () => 'PathSampler',
};

let server: Server;
let url: string;
/** The url.path of each span that was recorded and ended. */
const recorded: unknown[] = [];
const recorder: SpanProcessor = {
  onStart() {},
  onEnd: (span) => void recorded.push(span.attributes['url.path']),
  forceFlush: async () => {},
  shutdown: async () => {},
};

before(async () => {
  trace.setGlobalTracerProvider(new TracerProvider({ sampler: pathSampler, spanProcessors: [recorder] }));
  server = createServer(
    otelStreamHandler.wrap((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    }),
  ).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server?.close();
  trace.disable();
});

describe('otel_fw_stream_h and a sampler', () => {
  it('gives the sampler the request attributes, so it can drop /heartbeat and keep the rest', async () => {
    for (const path of ['/heartbeat', '/api/posts?limit=2']) assert.equal((await fetch(`${url}${path}`, { headers: { 'user-agent': 'sampler-test' } })).status, 200);
    assert.deepEqual(recorded, ['/api/posts']);
    assert.equal(seen.length, 2);
    const [heartbeat, posts] = seen;
    assert.equal(heartbeat?.['url.path'], '/heartbeat');
    assert.equal(posts?.['url.path'], '/api/posts');
    assert.equal(posts?.['url.query'], 'limit=2');
    for (const attributes of seen) {
      assert.equal(attributes['http.request.method'], 'GET');
      assert.equal(attributes['url.scheme'], 'http');
      assert.equal(attributes['server.address'], '127.0.0.1');
      assert.equal(attributes['user_agent.original'], 'sampler-test');
    }
  });
});
