/**
 * A failure after the response's head went out, on a real server, on the lean and the full path alike:
 * - fw cuts a jsonStream() whose item iterator throws after its first chunk: the client did not leave, fw did. The span
 *   is ERROR with `error.type` the failure's type (semconv's exception type), not `aborted`, with the exception
 *   recorded; the request log line has the status sent and `cut: true`, not `aborted: true`.
 * - a handler that reply()s and then throws: the span keeps the status the client got (no error.type, not ERROR) and
 *   records the exception, as the SDK's instrumentations record a handler's.
 * Before, the cut said `aborted` (span: "client closed the connection", log: `aborted: true`, status 0), and the throw
 * after reply() left no trace on the span.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { jsonStream } from '../src/http/response.ts';
import { reply } from '../src/http/write-response.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';

class CursorLost extends Error {
  override name = 'CursorLost';
}

const groups: RouteGroup[] = [{
  prefix: '',
  security: false,
  routes: [
    {
      path: '/cut',
      options: { methods: ['get'] },
      // More than one chunk (64 KiB) before the throw: the head and the first bytes are out when it comes.
      handler: () => jsonStream((async function* () {
        for (let i = 0; i < 2000; i++) yield { i, text: 'x'.repeat(100) };
        throw new CursorLost('the cursor lost its connection');
      })()),
    },
    {
      path: '/late',
      options: { methods: ['get'] },
      handler: (req) => {
        reply(req, 200, { 'content-type': 'text/plain' }, 'done');
        throw new TypeError('bookkeeping failed after the reply');
      },
    },
  ],
}];

/** What the server span of each path said, and the request log line's status and fields, on `path`. */
async function seenOn(path: 'lean' | 'full'): Promise<Record<string, unknown>> {
  const otel = await startPathApp(path, groups);
  try {
    const out: Record<string, unknown> = {};
    for (const route of ['/cut', '/late']) {
      const res = await fetch(`${otel.app.url}${route}`);
      assert.equal(res.status, 200, route);
      const body = await res.text().then((text) => text.length, () => 'cut');
      await otel.telemetry.forceFlush();
      await otel.receiver.waitFor(`the span of ${route}`, () => otel.receiver.spans.some((span) => span.attributes['url.path'] === route));
      const span = otel.receiver.spans.find((one) => one.attributes['url.path'] === route)!;
      const line = otel.app.logs.find((one) => one.fields.event === 'request' && one.fields.path === route)!.fields;
      out[route] = {
        body,
        status: span.status,
        statusCode: span.attributes['http.response.status_code'],
        errorType: span.attributes['error.type'],
        events: span.events.map((event) => ({ name: event.name, type: event.attributes['exception.type'], message: event.attributes['exception.message'] })),
        log: { status: line.status, aborted: line.aborted, cut: line.cut },
      };
    }
    return out;
  } finally {
    await otel.close();
  }
}

describe('a failure after the head went out', () => {
  it('a cut: ERROR with the failure type, the exception recorded, logged as cut; after reply(): the status kept, the exception recorded; the same on both paths', async () => {
    const lean = await seenOn(PATHS[0]);
    const full = await seenOn(PATHS[1]);
    assert.deepEqual(lean, full);
    assert.deepEqual(lean, {
      '/cut': {
        body: 'cut',
        status: { code: 'STATUS_CODE_ERROR', message: '' },
        statusCode: 200,
        errorType: 'CursorLost',
        events: [{ name: 'exception', type: 'CursorLost', message: 'the cursor lost its connection' }],
        log: { status: 200, aborted: undefined, cut: true },
      },
      '/late': {
        body: 4,
        status: { code: 'STATUS_CODE_UNSET', message: '' },
        statusCode: 200,
        errorType: undefined,
        events: [{ name: 'exception', type: 'TypeError', message: 'bookkeeping failed after the reply' }],
        log: { status: 200, aborted: undefined, cut: undefined },
      },
    });
  });
});
