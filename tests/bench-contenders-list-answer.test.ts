/**
 * bench/list-answer.bench.ts quotes fw's list answer against a hand-written raw server and Fastify;
 * the ratios are fair only while every contender writes the same page. Each of its five contenders
 * is started as the bench starts it and sent the bench's GET /api/posts: the same status, content
 * type and body bytes (100 posts, the schema's fields only, in the schema's order), a content length
 * from all but fw's jsonStream, which streams chunked by design (the bench names it apart).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spawnServer, type Contender } from '../bench/support/harness.ts';
import { LIST_SERVERS } from '../bench/support/list-answer-servers.ts';
import { page, toPostJson } from '../bench/servers/list-page.ts';

describe('the list-answer bench contenders', () => {
  it('answer GET /api/posts with the same status, content type and body bytes, the page projected by the schema', async () => {
    const expected = JSON.stringify({ posts: page.map(toPostJson) });
    assert.equal(Buffer.byteLength(expected), 21895);
    assert.doesNotMatch(expected, /updated_at/);
    const contenders: Contender[] = [];
    try {
      for (const server of LIST_SERVERS) contenders.push(await spawnServer(server.name, server.file, { ...process.env, BENCH_LIST: server.mode }));
      for (const [i, contender] of contenders.entries()) {
        const response = await fetch(`http://127.0.0.1:${contender.port}/api/posts`);
        const streamed = LIST_SERVERS[i]?.mode === 'stream';
        const seen = {
          status: response.status,
          contentType: response.headers.get('content-type'),
          length: response.headers.get('content-length'),
          chunked: response.headers.get('transfer-encoding'),
          connection: response.headers.get('connection'),
          body: await response.text(),
        };
        const want = { status: 200, contentType: 'application/json; charset=utf-8', length: streamed ? null : '21895', chunked: streamed ? 'chunked' : null, connection: 'keep-alive', body: expected };
        assert.deepEqual(seen, want, contender.name);
      }
    } finally {
      for (const contender of contenders) contender.child.kill();
    }
  });
});
