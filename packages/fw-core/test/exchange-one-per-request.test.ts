/**
 * One exchange per request: fw's server and inject open it before the stream handlers run, with
 * the target parsed and the host read once; the pipeline fills in the request id and, whenever
 * a route matched (an OPTIONS preflight at its path too), the route (whatever plugins its group lists). Stream handlers read the same
 * record at the end.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import { createListener } from '../src/server/create-listener.ts';
import { silentLogger } from '../src/log/logger.ts';
import { existingExchange, observeExchange, type Exchange } from '../src/stream/exchange.ts';
import type { StreamHandler } from '../src/stream/stream-handler.ts';
import type { RouteGroup } from '../src/app/route-group.ts';
import { startTestApp, testApp, writeTestAppDir } from './support/test-app.ts';
import { until } from './support/until.ts';

interface Seen {
  readonly atStart: Exchange | undefined;
  readonly startTarget: unknown;
  atEnd?: { id: string | undefined; route: string | undefined; sameRecord: boolean };
}

/** A stream handler that records the exchange it finds at the start and what it holds at the end. */
function probe(seen: Seen[]): StreamHandler {
  return {
    name: 'probe_h',
    wrap: (next) => (req, res) => {
      const atStart = existingExchange(req);
      const entry: Seen = { atStart, startTarget: atStart === undefined ? undefined : { ...atStart.target } };
      seen.push(entry);
      observeExchange(req, res, () => {
        const now = existingExchange(req);
        entry.atEnd = { id: now?.id, route: now?.route?.template, sameRecord: now === atStart };
      });
      next(req, res);
    },
  };
}

const spec = (seen: Seen[]): { streamHandlers: StreamHandler[]; fw: Record<string, unknown>; groups: RouteGroup[] } => ({
  streamHandlers: [probe(seen)],
  fw: { server_configuration: { stream_handlers: ['probe_h', 'fw_stream_h'], request_id_header: 'x-request-id' } },
  groups: [
    // A group with its own (empty) plugin list: the route is still recorded.
    { prefix: '/api', security: false, plugins: [], routes: [{ path: '/posts/:id', handler: () => json({ ok: true }), options: { methods: ['get'] } }] },
  ],
});

describe('one exchange per request', () => {
  it("is opened by fw's server before the stream handlers, with the target parsed, and carries id and route to the end", async () => {
    const seen: Seen[] = [];
    const app = await startTestApp(spec(seen));
    try {
      const res = await fetch(`${app.url}/api/posts/7?full=1`, { headers: { 'x-request-id': 'abc-1' } });
      assert.equal(res.status, 200);
      await res.arrayBuffer();
      const missed = await fetch(`${app.url}/nowhere?q`);
      assert.equal(missed.status, 404);
      await missed.arrayBuffer();
      await until('both ends', () => seen.length === 2 && seen.every((entry) => entry.atEnd !== undefined));
    } finally {
      await app.close();
    }
    assert.deepEqual(seen[0]!.startTarget, { path: '/api/posts/7', query: 'full=1', authority: undefined });
    assert.deepEqual(seen[0]!.atStart!.host, { host: new URL(app.url).host });
    assert.deepEqual(seen[0]!.atEnd, { id: 'abc-1', route: '/api/posts/:id', sameRecord: true });
    assert.deepEqual(seen[1]!.startTarget, { path: '/nowhere', query: 'q', authority: undefined });
    assert.equal(seen[1]!.atEnd!.route, undefined, 'a miss has no route');
    assert.equal(seen[1]!.atEnd!.sameRecord, true);
  });

  it('is opened by inject too, an absolute-form target naming its own authority', async () => {
    const seen: Seen[] = [];
    const dir = await writeTestAppDir(spec(seen).fw);
    const fw = await createListener({ appDir: dir, app: testApp(spec(seen)), env: {}, logger: silentLogger });
    try {
      const res = await inject(fw, { url: 'http://user:pw@example.com:8080/api/posts/9' });
      assert.equal(res.status, 200);
    } finally {
      await fw.close();
    }
    assert.deepEqual(seen[0]!.startTarget, { path: '/api/posts/9', query: '', authority: 'example.com:8080' });
    assert.deepEqual(seen[0]!.atStart!.host, { host: 'example.com:8080' });
    assert.equal(seen[0]!.atEnd!.route, '/api/posts/:id');
  });

  it("carries the route of an OPTIONS preflight at a route's path, as its FwRequest does: the metrics' http.route", async () => {
    const seen: Seen[] = [];
    const dir = await writeTestAppDir(spec(seen).fw);
    const fw = await createListener({ appDir: dir, app: testApp(spec(seen)), env: {}, logger: silentLogger });
    try {
      const res = await inject(fw, { method: 'OPTIONS', url: '/api/posts/9', headers: { origin: 'https://a.test', 'access-control-request-method': 'GET' } });
      assert.equal(res.status, 204);
    } finally {
      await fw.close();
    }
    assert.equal(seen[0]!.atEnd!.route, '/api/posts/:id');
  });
});
