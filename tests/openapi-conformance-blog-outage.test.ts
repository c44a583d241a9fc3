/**
 * The document `fw openapi` writes for the blog as a limited deployment runs it is true of it
 * when things fail: rate_limit_plugin in the chain (so 429 with Retry-After, RateLimit and
 * RateLimit-Policy is listed) and the PostgreSQL store's server unreachable (each post operation's
 * 503 with its Retry-After). Requests drawn from the document (tests/support/openapi-conformance.ts)
 * until the limit refuses them all; every answer is checked against its operation. FW_FUZZ_SEED
 * replays a run.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createListener, type FwListener } from 'fw-core';
import { BLOG_DIR, blogEnv } from '../examples/blog/test/support/blog-process.ts';
import { writePluginConfig, type PluginConfig } from '../examples/blog/test/support/plugins-config.ts';
import { createTestSchema, type TestSchema } from '../examples/blog/test/support/store-postgres.ts';
import { proxyPostgres, type TcpProxy } from '../examples/blog/test/support/store-tcp-proxy.ts';
import { assertSucceeded, runFw } from '../packages/fw-cli/test/support/run-fw.ts';
import { osTempDir, removeTempDirs } from '../packages/fw-cli/test/support/temp-app.ts';
import { seededRandom } from './e2e/support/seeded-random.ts';
import { conformanceCases, DocumentSchemas, injectSender, refusalItsParameterStates, reportStatuses, runConformance, type OpenApiDocument } from './support/openapi-conformance.ts';

const SEED = Number(process.env.FW_FUZZ_SEED ?? 0x0a93_2026);
const TOKEN = 'conformance-token';
const MAX_REQUESTS = 60;

let document: OpenApiDocument;
let listener: FwListener;
let config: PluginConfig;
let schema: TestSchema;
let proxy: TcpProxy;


before(async () => {
  config = await writePluginConfig([{ module: 'rate_limit_plugin', options: { max_requests: MAX_REQUESTS, window_ms: 3_600_000 } }], { store: 'postgres' });
  const out = await osTempDir();
  assertSucceeded(await runFw(['openapi', '--no-ui', '--output', join(out, 'openapi.json')], { env: { BLOG_API_TOKEN: TOKEN, FW_CONFIG: config.path } }));
  document = JSON.parse(await readFile(join(out, 'openapi.json'), 'utf8'));
  // The test database through a proxy the test cuts once the blog has started.
  schema = await createTestSchema();
  const database = await proxyPostgres(schema.url);
  proxy = database.proxy;
  const env = { BLOG_API_TOKEN: TOKEN, FW_CONFIG: config.path, DATABASE_URL: database.url, LOG_LEVEL: 'fatal' };
  listener = await createListener({ appDir: BLOG_DIR, env: blogEnv(env) });
});
after(async () => {
  await listener?.close();
  await proxy?.close();
  await schema?.drop();
  await config?.remove();
  await removeTempDirs();
});

test("every answer of a limited blog whose database is gone is one its document declares, 503s and 429s with their headers", async (t) => {
  t.diagnostic(`seed ${SEED} (FW_FUZZ_SEED=${SEED} replays it)`);
  const random = seededRandom(SEED);
  const schemas = new DocumentSchemas(document);
  await proxy.cut();
  const cases = conformanceCases(schemas, random, 3, { credentials: { bearerAuth: { authorization: `Bearer ${TOKEN}` } } });
  const run = await runConformance(schemas, cases, injectSender(listener), refusalItsParameterStates);
  t.diagnostic(`${cases.length} cases`);
  reportStatuses((message) => t.diagnostic(message), run);
  assert.deepEqual(run.found, []);
  // The run reached both failures it is about.
  const seen = new Set([...run.statuses.values()].flatMap((statuses) => [...statuses]));
  assert.ok(seen.has(503) && seen.has(429), `statuses seen: ${[...seen].sort().join(' ')}`);
});
