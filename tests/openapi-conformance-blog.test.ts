/**
 * The document `fw openapi` writes for the blog is true of the blog (memory store, with
 * BLOG_API_TOKEN so its writes declare and check bearerAuth): seeded requests drawn from the
 * document itself, valid and invalid (tests/support/openapi-conformance.ts), each answer checked
 * against the operation as schemathesis checks a server against its spec, by inject() and again
 * over a socket (a real server on port 0). FW_FUZZ_SEED replays a run.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import { createListener, type FwListener } from 'fw-core';
import { BLOG_DIR, blogEnv } from '../examples/blog/test/support/blog-process.ts';
import { assertSucceeded, runFw } from '../packages/fw-cli/test/support/run-fw.ts';
import { osTempDir, removeTempDirs } from '../packages/fw-cli/test/support/temp-app.ts';
import { seededRandom } from './e2e/support/seeded-random.ts';
import {
  conformanceCases,
  DocumentSchemas,
  injectSender,
  mismatches,
  refusalItsParameterStates,
  reportStatuses,
  runConformance,
  socketSender,
  validRequest,
  type ConformanceAnswer,
  type ConformanceCase,
  type ConformanceRequest,
  type OpenApiDocument,
} from './support/openapi-conformance.ts';

const SEED = Number(process.env.FW_FUZZ_SEED ?? 0x0a91_2026);
const ROUNDS = 25;
const TOKEN = 'conformance-token';

let document: OpenApiDocument;
let listener: FwListener;

before(async () => {
  const out = await osTempDir();
  assertSucceeded(await runFw(['openapi', '--no-ui', '--output', join(out, 'openapi.json')], { env: { BLOG_API_TOKEN: TOKEN } }));
  document = JSON.parse(await readFile(join(out, 'openapi.json'), 'utf8'));
  listener = await createListener({ appDir: BLOG_DIR, env: blogEnv({ BLOG_API_TOKEN: TOKEN, LOG_LEVEL: 'error' }) });
});
after(async () => {
  await listener?.close();
  await removeTempDirs();
});

/** Draws the cases from the document (after a few creates, whose ids are the known `{id}`s), sends them with `send` and checks every answer. */
async function conformanceRun(t: TestContext, send: (request: ConformanceRequest) => Promise<ConformanceAnswer>): Promise<void> {
  t.diagnostic(`seed ${SEED} (FW_FUZZ_SEED=${SEED} replays it)`);
  const random = seededRandom(SEED);
  const schemas = new DocumentSchemas(document);
  const credentials = { bearerAuth: { authorization: `Bearer ${TOKEN}` } };
  const ids: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const create = validRequest(schemas, '/api/posts', 'post', random, { credentials })!;
    const answer = await send(create);
    assert.equal(answer.status, 201, answer.body);
    ids.push(String(JSON.parse(answer.body).id));
  }
  // The one leeway the document states: PUT's body is documented as a whole post (the service
  // spec's rule 5), and its description says a client may send fewer fields, which the blog takes.
  const update = document.paths['/api/posts/{id}'].put;
  assert.match(update.description, /one may send fewer fields/);
  const cases = conformanceCases(schemas, random, ROUNDS, { credentials, known: new Map([['id', ids]]) });
  const run = await runConformance(schemas, cases, send, (fuzz, answer) => (fuzz.operation?.spec === update && fuzz.kind.startsWith('missing body ') && answer.status === 200) || refusalItsParameterStates(fuzz, answer));
  t.diagnostic(`${cases.length} cases`);
  reportStatuses((message) => t.diagnostic(message), run);
  assert.deepEqual(run.found, []);
}


test('every answer of the blog to requests drawn from its document is one the document declares (inject)', (t) => conformanceRun(t, injectSender(listener)));

test('so over a socket too: a real server on port 0, requests by fetch', async (t) => {
  const socket = await socketSender(listener);
  try {
    await conformanceRun(t, socket.send);
  } finally {
    await socket.close();
  }
});

test('a write that reuses its Idempotency-Key on another post or body gets an answer its operation declares', async () => {
  const schemas = new DocumentSchemas(document);
  const send = injectSender(listener);
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const created = await Promise.all([1, 2, 3].map(async (n) => JSON.parse((await send({ method: 'POST', url: '/api/posts', headers, body: JSON.stringify({ title: `Reused ${n}`, body: 'b' }) })).body).id as number));
  const found: string[] = [];
  const writes: [string, string, (id: number) => string | undefined][] = [
    ['post', '/api/posts', (id) => JSON.stringify({ title: `Key ${id}`, body: 'b' })],
    ['put', '/api/posts/{id}', (id) => JSON.stringify({ title: `Key ${id}` })],
    ['delete', '/api/posts/{id}', () => undefined],
  ];
  for (const [method, path, body] of writes) {
    const key = `reused-${method}`;
    for (const id of [created[0]!, created[1]!]) {
      const request = { method: method.toUpperCase(), url: path.replace('{id}', String(id)), headers: { ...headers, 'idempotency-key': key }, ...(body(id) !== undefined && { body: body(id) }) };
      const answer = await send(request);
      const fuzz = { kind: 'reused key', request, operation: { path, method, spec: document.paths[path][method] }, invalid: false };
      for (const problem of mismatches(schemas, fuzz, answer)) found.push(`${request.method} ${request.url} with ${key}: ${problem}`);
    }
  }
  assert.deepEqual(found, []);
});
