/**
 * Bounded, seeded fuzz of every blog route over loopback, against the blog as `npm start` runs
 * it (memory store). CASES requests (methods, paths with percent-encodings, dot segments, long
 * segments and unicode; bad content types, duplicate content-lengths, huge headers, invalid
 * traceparent values; random bytes, truncated JSON, deep nesting, huge numbers) each on its own
 * connection. Invariants: never 5xx; every request answered (or, where allowed, closed) within
 * CASE_BOUND_MS; every response well-formed (status line, framing, JSON bodies that parse);
 * the exact status where the docs fix one; the process alive throughout; and at the end the
 * stored posts are exactly what the valid writes produced. FW_FUZZ_SEED replays a run.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { INSERTED_AT, POST_KEYS } from '../../examples/blog/test/support/post-assertions.ts';
import { startBlogAsUser, type BlogProcess } from './support/blog-as-user.ts';
import { nextCase, type FuzzCase, type Model, type Post } from './support/fuzz-cases.ts';
import { checkJsonBody, exchangeRaw, parseResponse, type ParsedResponse } from './support/raw-http.ts';
import { seededRandom } from './support/seeded-random.ts';

const CASES = 3_000;
const SEED = Number(process.env.FW_FUZZ_SEED ?? 0x5eed_2026);
const CASE_BOUND_MS = 5_000;
const RUN_BOUND_MS = 100_000;

let blog: BlogProcess;

before(async () => {
  blog = await startBlogAsUser();
});
after(async () => {
  if (blog) await blog.kill9();
});

/** Checks one answer against the invariants and the case; returns the parsed response, if any. */
function check(fuzz: FuzzCase, bytes: Buffer): ParsedResponse | undefined {
  if (bytes.length === 0) {
    assert.ok(fuzz.expect?.includes(0), 'closed without a response');
    return undefined;
  }
  const response = parseResponse(bytes, { head: fuzz.method === 'HEAD' });
  assert.equal(response.rest.length, 0, `${response.rest.length} bytes after the response`);
  assert.ok(response.status < 500, `status ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
  if (fuzz.expect) assert.ok(fuzz.expect.includes(response.status), `status ${response.status}, expected ${fuzz.expect.join(' or ')}: ${response.body.toString('utf8').slice(0, 300)}`);
  checkJsonBody(response);
  return response;
}

/** Applies a valid write to the model after checking the answer shows exactly that write. */
function applyWrite(fuzz: FuzzCase, response: ParsedResponse, model: Model, deleted: number[]): void {
  const write = fuzz.write;
  if (write === undefined) return;
  if (write.op === 'delete') {
    assert.equal(response.body.length, 0);
    model.delete(write.id);
    deleted.push(write.id);
    return;
  }
  const post = JSON.parse(response.body.toString('utf8')) as Post;
  assert.deepEqual(Object.keys(post), POST_KEYS);
  if (write.op === 'create') {
    assert.ok(Number.isSafeInteger(post.id) && !model.has(post.id) && !deleted.includes(post.id), `new id ${post.id}`);
    assert.match(String(post.inserted_at), INSERTED_AT);
    assert.deepEqual(post, { id: post.id, ...write.fields, inserted_at: post.inserted_at });
    model.set(post.id, post);
    return;
  }
  const expected = { ...model.get(post.id)!, ...write.fields };
  assert.deepEqual(post, expected);
  model.set(post.id, post);
}

/** The model in list order: newest inserted_at first, ties by id descending (src/store/list-order.ts). */
function listOrder(model: Model): Post[] {
  return [...model.values()].sort((a, b) => (a.inserted_at === b.inserted_at ? b.id - a.id : String(b.inserted_at).localeCompare(String(a.inserted_at))));
}

test(`${CASES} seeded cases: no 5xx, no hang, well-formed answers, data changed only by valid writes`, async (t) => {
  const random = seededRandom(SEED);
  t.diagnostic(`fuzz seed ${SEED} (FW_FUZZ_SEED=${SEED} replays it), ${CASES} cases`);
  const model: Model = new Map();
  const deleted: number[] = [];
  const kinds = new Map<string, Map<number, number>>();
  const started = Date.now();
  let run = 0;
  for (; run < CASES && Date.now() - started < RUN_BOUND_MS; run += 1) {
    const fuzz = nextCase(random, model, deleted);
    const exchange = await exchangeRaw(blog.port, fuzz.bytes, { timeoutMs: CASE_BOUND_MS, ...(fuzz.endAfterWrite && { endAfterWrite: true }) });
    const where = `case ${run} (${fuzz.kind}, seed ${SEED}): ${JSON.stringify(fuzz.bytes.subarray(0, 300).toString('latin1'))}`;
    assert.notEqual(exchange.ended, 'timeout', `${where}: no answer and no close in ${CASE_BOUND_MS} ms`);
    let response: ParsedResponse | undefined;
    try {
      response = check(fuzz, exchange.bytes);
      if (response) applyWrite(fuzz, response, model, deleted);
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}\nanswer: ${JSON.stringify(exchange.bytes.subarray(0, 600).toString('latin1'))}`, { cause: error });
    }
    const byStatus = kinds.get(fuzz.kind) ?? new Map<number, number>();
    byStatus.set(response?.status ?? 0, (byStatus.get(response?.status ?? 0) ?? 0) + 1);
    kinds.set(fuzz.kind, byStatus);
    if (run % 500 === 499) {
      const beat = await blog.request('GET', '/heartbeat');
      assert.deepEqual([beat.status, beat.json], [200, { status: 'ok' }], `heartbeat after case ${run}`);
    }
  }
  const elapsed = Date.now() - started;
  t.diagnostic(`${run} cases in ${elapsed} ms; ${model.size} posts stored, ${deleted.length} deleted`);
  for (const [kind, byStatus] of [...kinds].sort()) t.diagnostic(`  ${kind}: ${[...byStatus].map(([s, n]) => `${s}×${n}`).join(' ')}`);
  assert.equal(run, CASES, `only ${run} cases ran within ${RUN_BOUND_MS} ms`);

  assert.equal(blog.child.exitCode, null);
  const beat = await blog.request('GET', '/heartbeat');
  assert.deepEqual([beat.status, beat.json], [200, { status: 'ok' }]);
  const list = await blog.request('GET', '/api/posts?limit=1000');
  assert.equal(list.status, 200);
  assert.deepEqual(list.json, { posts: listOrder(model) });
  assert.deepEqual(blog.logLines().filter((line) => line.event === 'request_failed'), []);
});
