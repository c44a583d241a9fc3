/**
 * bench/server.bench.ts (fw against raw node:http) and bench/telemetry.bench.ts (fw off, lean,
 * full SDK, Fastify with instrumentation-http) quote ratios of contenders serving
 * GET /api/posts/:id; they are only fair while every contender answers the same bytes and every
 * traced one exports the same spans. Each contender is started as its bench starts it and sent a
 * handful of requests: the same status, content type, content length and body on a hit and on a
 * miss, kept alive; and the sink counts one SERVER span per request from each traced contender.
 * fw's own headers (x-request-id, x-content-type-options) are the pipeline the benches measure.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { flushTelemetry, spawnServer, type Contender } from '../bench/support/harness.ts';
import { startOtlpSink, type OtlpSink } from '../bench/support/otlp-sink.ts';
import { telemetryServers } from '../bench/support/telemetry-servers.ts';

/** What a contender answered, as far as the benches' fairness goes. */
interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly contentLength: string | null;
  readonly connection: string | null;
  readonly body: string;
}

async function answer(contender: Contender, path: string): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${contender.port}${path}`);
  const header = (name: string): string | null => response.headers.get(name);
  return { status: response.status, contentType: header('content-type'), contentLength: header('content-length'), connection: header('connection'), body: await response.text() };
}

/** Every contender's answer to GET `path`, by name. */
async function answersTo(contenders: readonly Contender[], path: string): Promise<Map<string, Answer>> {
  return new Map(await Promise.all(contenders.map(async (c) => [c.name, await answer(c, path)] as const)));
}

/** Asserts every contender gave the first one's answer. */
function assertAlike(answers: Map<string, Answer>): Answer {
  const [first, ...rest] = [...answers];
  assert.ok(first);
  for (const [name, other] of rest) assert.deepEqual(other, first[1], `${name} answers otherwise than ${first[0]}`);
  return first[1];
}

describe('the server and telemetry bench contenders', () => {
  let sink: OtlpSink;
  const contenders: Contender[] = [];
  const servers = (url: string) => [{ name: 'raw node:http', key: 'raw', traced: false, file: 'servers/raw-node-server.ts', env: process.env }, ...telemetryServers(url)];
  before(async () => {
    sink = await startOtlpSink();
    for (const server of servers(sink.url)) contenders.push(await spawnServer(server.name, server.file, server.env));
  });
  after(async () => {
    for (const contender of contenders) contender.child.kill();
    await sink.close();
  });

  it('answer GET /api/posts/42 and a missing post with the same status, headers that cost work, and body bytes', async () => {
    const hit = assertAlike(await answersTo(contenders, '/api/posts/42'));
    assert.deepEqual({ ...hit, body: JSON.parse(hit.body).id }, { status: 200, contentType: 'application/json; charset=utf-8', contentLength: '218', connection: 'keep-alive', body: 42 });
    const miss = assertAlike(await answersTo(contenders, '/api/posts/4242'));
    assert.deepEqual(miss, { status: 404, contentType: 'application/json; charset=utf-8', contentLength: '26', connection: 'keep-alive', body: '{"error":"post not found"}' });
  });

  it('export exactly one SERVER span per request from every traced contender once flushed', async () => {
    const traced = servers(sink.url).filter((server) => server.traced);
    assert.equal(traced.length, 3);
    const tracedContenders = traced.map((server) => contenders.find((c) => c.name === server.name));
    // Spans of earlier tests' requests reach the sink first, and are not counted here.
    for (const contender of tracedContenders) await flushTelemetry(contender!.child);
    const before = await sink.counts();
    for (const contender of tracedContenders) {
      assert.ok(contender);
      for (let id = 1; id <= 7; id += 1) assert.equal((await answer(contender, `/api/posts/${id}`)).status, 200);
      await flushTelemetry(contender.child);
    }
    const after = await sink.counts();
    for (const server of traced) {
      const spans = (after.byKey[server.key]?.serverSpans ?? 0) - (before.byKey[server.key]?.serverSpans ?? 0);
      assert.equal(spans, 7, `${server.name} exported ${spans} SERVER spans for 7 requests`);
      assert.equal(after.byKey[server.key]?.rejected, 0);
    }
  });
});
