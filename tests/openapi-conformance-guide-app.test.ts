/**
 * The document `fw openapi` writes for the guide's bookmarks app (docs/applications.md, its
 * `file=` blocks written under the repository's `.tmp/` so they resolve the workspace's fw-core
 * and typebox) is true of that app: seeded requests drawn from the document, valid and invalid
 * (tests/support/openapi-conformance.ts), each answer checked against the operation as
 * schemathesis checks a server against its spec. FW_FUZZ_SEED replays a run.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { createListener, type FwListener } from 'fw-core';
import { assertSucceeded, REPO, runFw } from '../packages/fw-cli/test/support/run-fw.ts';
import { removeTempDirs, repoTempDir } from '../packages/fw-cli/test/support/temp-app.ts';
import { seededRandom } from './e2e/support/seeded-random.ts';
import { guideFiles } from './support/markdown-fences.ts';
import { conformanceCases, DocumentSchemas, injectSender, reportStatuses, runConformance, validRequest, type OpenApiDocument } from './support/openapi-conformance.ts';

const GUIDE = 'docs/applications.md';
const SEED = Number(process.env.FW_FUZZ_SEED ?? 0x0a92_2026);
const ROUNDS = 25;

let document: OpenApiDocument;
let listener: FwListener;

before(async () => {
  const project = await repoTempDir();
  for (const [path, code] of guideFiles(GUIDE, await readFile(join(REPO, GUIDE), 'utf8'))) {
    await mkdir(dirname(join(project, path)), { recursive: true });
    await writeFile(join(project, path), code);
  }
  assertSucceeded(await runFw(['openapi', '--no-ui', '--output', join(project, 'openapi.json')], { cwd: project }));
  document = JSON.parse(await readFile(join(project, 'openapi.json'), 'utf8'));
  const app = (await import(join(project, 'src/app.ts'))).default;
  listener = await createListener({ app, appDir: project, env: { LOG_LEVEL: 'error' } });
});
after(async () => {
  await listener?.close();
  await removeTempDirs();
});

test("every answer of the guide's app to requests drawn from its document is one the document declares", async (t) => {
  t.diagnostic(`seed ${SEED} (FW_FUZZ_SEED=${SEED} replays it)`);
  const random = seededRandom(SEED);
  const send = injectSender(listener);
  const schemas = new DocumentSchemas(document);
  const ids: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const answer = await send(validRequest(schemas, '/bookmarks', 'post', random, {})!);
    assert.equal(answer.status, 201, answer.body);
    ids.push(String(JSON.parse(answer.body).id));
  }
  const cases = conformanceCases(schemas, random, ROUNDS, { known: new Map([['id', ids]]) });
  const run = await runConformance(schemas, cases, send);
  t.diagnostic(`${cases.length} cases`);
  reportStatuses((message) => t.diagnostic(message), run);
  assert.deepEqual(run.found, []);
});
