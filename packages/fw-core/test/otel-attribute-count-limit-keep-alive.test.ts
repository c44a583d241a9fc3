/**
 * OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT keeps the first attributes set, in the order the SDK's span gets
 * them (issue 36): a server span's request attributes are given to `startSpan` in
 * requestSpanAttributes' order, `url.path`, `http.request.method_original`, `url.query` last. The
 * lean path sets a keep-alive connection's shared attributes as one block from its second request
 * on, then the request's own: they must come in the same order, or a limit that falls among them
 * keeps another attribute than the SDK's span keeps.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import { openConnection } from './support/keep-alive-client.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';

const groups: RouteGroup[] = [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({ ok: true }), options: { methods: ['get'] } }] }];

/** GET is not a known method here, so the span has `http.request.method_original`; 9 shared attributes + url.path + 1. */
const ENV = { OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS: 'POST', OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: '11' };

/** The attribute keys of the server spans of three requests on one keep-alive connection, on `path`. */
async function keysOn(path: 'lean' | 'full'): Promise<string[][]> {
  const otel = await startPathApp(path, groups, { env: ENV, plugin: false });
  try {
    const connection = await openConnection(Number(new URL(otel.app.url).port));
    for (let i = 0; i < 3; i += 1) {
      connection.send(`GET /x?q=${i} HTTP/1.1\r\nHost: test\r\nUser-Agent: t\r\n\r\n`);
      assert.equal((await connection.answer()).status, 200);
    }
    connection.socket.destroy();
    await otel.telemetry.forceFlush();
    await otel.receiver.waitFor('three server spans', () => otel.receiver.spans.length >= 3);
    return otel.receiver.spans.map((span) => Object.keys(span.attributes).sort());
  } finally {
    await otel.close();
  }
}

describe('OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT on requests of one keep-alive connection', () => {
  it('keeps the same request attributes on the lean path as the SDK\'s span, on every request', async () => {
    const full = await keysOn(PATHS[1]);
    assert.ok(full[0]!.includes('http.request.method_original') && !full[0]!.includes('url.query'), `the SDK keeps method_original, not url.query: ${full[0]}`);
    assert.deepEqual(await keysOn(PATHS[0]), full);
  });
});
