/**
 * On a keep-alive connection the lean path builds the shared request attributes (addresses,
 * method, host, protocol, user agent) once: from the third request that repeats the same raw
 * fields it reuses their encoded block without building them again. The exported spans must not
 * tell the difference: every request's span carries the same attributes it would have had.
 */
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';
import type { ReceivedSpan } from './support/otel-receiver.ts';

let otel: OtelApp;
before(async () => {
  otel = await startOtelApp({ plugin: false });
});
after(async () => {
  await otel?.close();
});

/** GET `path` on `agent`'s one connection with the given user agent; resolves with the response's socket port. */
function get(agent: Agent, path: string, userAgent: string): Promise<number> {
  const url = new URL(otel.app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, agent, headers: { 'user-agent': userAgent } }, (res) => {
      res.resume();
      res.on('end', () => resolve(req.socket!.localPort!));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the lean path on a keep-alive connection', () => {
  it('exports the same attributes for requests that reuse the shared block as for the first', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const seen = otel.receiver.spans.length;
    const ports = [];
    for (const [path, ua] of [
      ['/heartbeat?a=1', 'ua/1'],
      ['/heartbeat?a=2', 'ua/1'],
      ['/heartbeat?a=3', 'ua/1'],
      ['/heartbeat', 'ua/1'],
      ['/heartbeat?a=5', 'ua/2'],
      ['/heartbeat?a=6', 'ua/2'],
    ] as const) ports.push(await get(agent, path, ua));
    agent.destroy();
    assert.equal(new Set(ports).size, 1, 'one connection served them all');
    await otel.telemetry.forceFlush();
    const spans = otel.receiver.spans.slice(seen).filter((s: ReceivedSpan) => s.kind === 'SPAN_KIND_SERVER');
    assert.equal(spans.length, 6);
    const shared = (s: ReceivedSpan): Record<string, unknown> => {
      const { ['url.query']: _query, ['user_agent.original']: _ua, ...rest } = s.attributes;
      return rest;
    };
    const first = shared(spans[0]!);
    assert.equal(first['url.path'], '/heartbeat');
    assert.equal(first['network.peer.port'], ports[0]);
    for (const span of spans) assert.deepEqual(shared(span), first);
    assert.deepEqual(spans.map((s) => s.attributes['url.query']), ['a=1', 'a=2', 'a=3', undefined, 'a=5', 'a=6']);
    assert.deepEqual(spans.map((s) => s.attributes['user_agent.original']), ['ua/1', 'ua/1', 'ua/1', 'ua/1', 'ua/2', 'ua/2']);
    assert.deepEqual(spans.map((s) => Object.keys(s.attributes).length), spans.map((s) => Object.keys(spans[0]!.attributes).length - (s.attributes['url.query'] === undefined ? 1 : 0)));
  });
});
