/**
 * A status description is only for ERROR (issue 36, item 8), through a real server on both paths:
 * `setStatus({code: OK, message})` on fw's server span and on a child span exports OK with no
 * message on the lean path as on the full one (the SDK drops it), and an ERROR keeps its message.
 * otel-span-api-sdk-parity.test.ts compares the two spans outside a server; this is what an app's
 * handler gets.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';

const groups: RouteGroup[] = [{
  prefix: '',
  security: false,
  routes: [{
    path: '/status/:code',
    options: { methods: ['get'] },
    handler: (req) => {
      const code = req.bindings.code === 'ok' ? SpanStatusCode.OK : SpanStatusCode.ERROR;
      trace.getActiveSpan()!.setStatus({ code, message: 'said by the app' });
      const child = trace.getTracer('app-code').startSpan('child');
      child.setStatus({ code, message: 'said by the child' });
      child.end();
      return json({ ok: true });
    },
  }],
}];

/** The status of the server span and of its child, by request, on `path`. */
async function statusesOn(path: 'lean' | 'full'): Promise<Record<string, unknown>> {
  const otel = await startPathApp(path, groups);
  try {
    const out: Record<string, unknown> = {};
    for (const code of ['ok', 'error']) {
      const res = await fetch(`${otel.app.url}/status/${code}`);
      await res.arrayBuffer();
      assert.equal(res.status, 200);
      await otel.telemetry.forceFlush();
      await otel.receiver.waitFor(`the spans of ${code}`, () => otel.receiver.spans.some((span) => span.kind === 'SPAN_KIND_SERVER' && span.attributes['url.path'] === `/status/${code}`));
      const server = otel.receiver.spans.find((span) => span.kind === 'SPAN_KIND_SERVER' && span.attributes['url.path'] === `/status/${code}`)!;
      const child = otel.receiver.spans.find((span) => span.name === 'child' && span.parentSpanId === server.spanId);
      out[code] = { server: server.status, child: child?.status };
    }
    return out;
  } finally {
    await otel.close();
  }
}

describe('a status description set by app code', () => {
  it('is dropped for OK and kept for ERROR, on the server span and a child, the same on the lean and the full path', async () => {
    const lean = await statusesOn(PATHS[0]);
    const full = await statusesOn(PATHS[1]);
    assert.deepEqual(lean, full);
    assert.deepEqual(lean, {
      ok: { server: { code: 'STATUS_CODE_OK', message: '' }, child: { code: 'STATUS_CODE_OK', message: '' } },
      error: { server: { code: 'STATUS_CODE_ERROR', message: 'said by the app' }, child: { code: 'STATUS_CODE_ERROR', message: 'said by the child' } },
    });
  });
});
