/**
 * bench/schemas.bench.ts compares fw with Fastify on the same schemas; its ratios are only fair
 * while both contenders do the same work. Each case's two servers are started as the bench starts
 * them, sent the bench's request and a few it never sends, and must answer alike: the same status,
 * content type and length and body bytes on the bench's request, and a 400 from both wherever the
 * schema rejects (validation really runs, with the same rules: no stripping, no coercion of a body).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spawnServer, type Contender } from '../bench/support/harness.ts';
import { newPost } from '../bench/servers/post-schemas.ts';

/** What a contender answered, as far as the bench's fairness goes. */
interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly contentLength: string | null;
  readonly body: string;
}

async function send(contender: Contender, path: string, body?: string): Promise<Answer> {
  const init: RequestInit = body === undefined ? {} : { method: 'POST', body, headers: { 'content-type': 'application/json' } };
  const response = await fetch(`http://127.0.0.1:${contender.port}${path}`, init);
  return { status: response.status, contentType: response.headers.get('content-type'), contentLength: response.headers.get('content-length'), body: await response.text() };
}

/** Starts fw's and Fastify's server for one case (env as the bench passes it), runs `check` with both, stops both. */
async function withBoth(fwFile: string, fastifyFile: string, env: NodeJS.ProcessEnv, check: (both: readonly Contender[]) => Promise<void>): Promise<void> {
  const both: Contender[] = [];
  try {
    both.push(await spawnServer('fw', fwFile, { ...process.env, ...env }));
    both.push(await spawnServer('fastify', fastifyFile, { ...process.env, ...env }));
    await check(both);
  } finally {
    for (const contender of both) contender.child.kill();
  }
}

/** The answers of both contenders to the same request. */
const answers = (both: readonly Contender[], path: string, body?: string): Promise<Answer[]> => Promise.all(both.map((c) => send(c, path, body)));

describe('the schemas bench contenders', () => {
  it('(a) both create the bench body with the same 201 and reject with 400 what the body schema refuses, extra fields and a string id included', async () => {
    await withBoth('servers/fw-schema-body-server.ts', 'servers/fastify-schema-body-server.ts', {}, async (both) => {
      const created = await answers(both, '/api/posts', JSON.stringify(newPost));
      // The creation time differs by the milliseconds between the two requests; everything else must not.
      const stamped = /"inserted_at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/;
      for (const answer of created) assert.match(answer.body, stamped);
      const [fw, fastify] = created.map((answer) => ({ ...answer, body: answer.body.replace(stamped, '"inserted_at":"<now>"') }));
      assert.deepEqual(fw, fastify);
      assert.equal(fw?.status, 201);
      assert.equal(fw?.contentLength, '224');
      for (const invalid of [{ ...newPost, title: '' }, { ...newPost, extra: 1 }, { ...newPost, user_id: '7' }, { body: 'no title' }]) {
        assert.deepEqual((await answers(both, '/api/posts', JSON.stringify(invalid))).map((answer) => answer.status), [400, 400], JSON.stringify(invalid));
      }
    });
  });

  for (const [title, env] of [['(b) plain', {}], ['(c) through $ref and anyOf', { BENCH_SCHEMA_CASE: 'union' }]] as const) {
    it(`${title}: both answer GET /api/posts/42 with the same bytes, a 404 alike, and 400 for ids the params schema refuses`, async () => {
      await withBoth('servers/fw-schema-response-server.ts', 'servers/fastify-schema-response-server.ts', env, async (both) => {
        const [fw, fastify] = await answers(both, '/api/posts/42');
        assert.deepEqual(fw, fastify);
        assert.equal(fw?.status, 200);
        assert.equal(fw?.contentType, 'application/json; charset=utf-8');
        assert.equal(fw?.contentLength, '218');
        const [fwMiss, fastifyMiss] = await answers(both, '/api/posts/4242');
        assert.deepEqual(fwMiss, fastifyMiss);
        assert.equal(fwMiss?.status, 404);
        for (const id of ['0', 'abc']) assert.deepEqual((await answers(both, `/api/posts/${id}`)).map((answer) => answer.status), [400, 400], id);
      });
    });
  }
});
