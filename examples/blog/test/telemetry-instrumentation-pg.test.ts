// Needs the real process: the blog started with a preload (--import), its spans exported to a receiver on loopback.
/**
 * docs/telemetry.md, "Other instrumentations": its instrumentation.ts, loaded with `--import`
 * before the blog, makes @opentelemetry/instrumentation-pg trace the PostgreSQL store's
 * statements on either path (an outsider's trial compared the two): a CLIENT span per statement,
 * a child of fw's server span in the same trace and inside it in time, with the same name and
 * attributes on the lean path as on the full (SDK) path.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../../packages/fw-core/test/support/otel-receiver.ts';
import { fencedBlocks } from '../../../tests/support/markdown-fences.ts';
import { BLOG_DIR, startBlog } from './support/blog-process.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

const REPO = join(BLOG_DIR, '..', '..');
const SCOPE = '@opentelemetry/instrumentation-pg';

let dir = '';
let receiver: OtlpReceiver;
let schema: TestSchema;
const runs: Partial<Record<'lean' | 'full', ReceivedSpan[]>> = {};

/** The blog on PostgreSQL with the docs' preload, on `path`: a POST and a GET, then stopped (flushing spans). */
async function runBlog(path: 'lean' | 'full', preload: string): Promise<ReceivedSpan[]> {
  const config = JSON.parse(await readFile(join(BLOG_DIR, 'fw.config.json'), 'utf8'));
  config.blog = { store: 'postgres', database_url: schema.url };
  const configPath = join(dir, `${path}.fw.config.json`);
  await writeFile(configPath, JSON.stringify(config));
  const seen = receiver.spans.length;
  const env = { FW_CONFIG: configPath, FW_OTEL_PATH: path === 'full' ? 'full' : undefined, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_EXPORTER: undefined, OTEL_METRICS_EXPORTER: 'none' };
  const blog = await startBlog(env, { execArgv: ['--import', preload] });
  try {
    const created = await blog.request('POST', '/api/posts', { body: { title: 'Traced', body: 'by pg' } });
    assert.equal(created.status, 201, created.text);
    assert.equal((await blog.request('GET', `/api/posts/${created.json.id as number}`)).status, 200);
  } finally {
    assert.equal(await blog.stop(), 0);
  }
  return receiver.spans.slice(seen);
}

/** The one server span named `name`, and instrumentation-pg's spans under it. */
function requestSpans(spans: readonly ReceivedSpan[], name: string): { server: ReceivedSpan; pg: ReceivedSpan[] } {
  const servers = spans.filter((span) => span.name === name);
  assert.equal(servers.length, 1, `one ${name} in ${spans.map((span) => span.name).join(', ')}`);
  const server = servers[0]!;
  return { server, pg: spans.filter((span) => span.scope === SCOPE && span.parentSpanId === server.spanId) };
}

before(async () => {
  // Inside the repository (.tmp/ is ignored), so the preload resolves the workspace's packages.
  await mkdir(join(REPO, '.tmp'), { recursive: true });
  dir = await mkdtemp(join(REPO, '.tmp', 'instrumentation-pg-'));
  const docs = join(REPO, 'docs', 'telemetry.md');
  const sample = fencedBlocks('docs/telemetry.md', await readFile(docs, 'utf8')).find((block) => block.info[0] === 'ts' && block.code.includes('new PgInstrumentation('));
  assert.ok(sample, 'docs/telemetry.md shows instrumentation.ts');
  const preload = join(dir, 'instrumentation.ts');
  await writeFile(preload, sample.code);
  receiver = await startOtlpReceiver();
  schema = await createTestSchema();
  runs.lean = await runBlog('lean', preload);
  runs.full = await runBlog('full', preload);
});
after(async () => {
  await receiver?.close();
  await schema?.drop();
  await rm(dir, { recursive: true, force: true });
});

describe("docs/telemetry.md's instrumentation-pg preload, on the lean and the full path", () => {
  for (const path of ['lean', 'full'] as const) {
    it(`${path}: each request's statement is a pg CLIENT span under fw's server span, in its trace and inside it in time`, () => {
      for (const name of ['POST blog_posts_controller:create', 'GET blog_posts_controller:show']) {
        const { server, pg } = requestSpans(runs[path]!, name);
        assert.equal(pg.length, 1, `one pg span under ${name}`);
        const [statement] = pg;
        assert.match(statement!.name, /^pg\.query:/);
        assert.equal(statement!.kind, 'SPAN_KIND_CLIENT');
        assert.equal(statement!.traceId, server.traceId);
        assert.ok(BigInt(statement!.startTimeUnixNano) >= BigInt(server.startTimeUnixNano), `${name}: the statement starts inside the request`);
        assert.ok(BigInt(statement!.endTimeUnixNano) <= BigInt(server.endTimeUnixNano), `${name}: the statement ends inside the request`);
        assert.equal(statement!.attributes['db.system.name'], 'postgresql');
      }
    });
  }

  it('the pg spans have the same names and attributes on both paths', () => {
    for (const name of ['POST blog_posts_controller:create', 'GET blog_posts_controller:show']) {
      const [lean] = requestSpans(runs.lean!, name).pg;
      const [full] = requestSpans(runs.full!, name).pg;
      assert.equal(lean!.name, full!.name);
      assert.deepEqual(lean!.attributes, full!.attributes);
      assert.match(String(lean!.attributes['db.query.text']), /\$1/, 'placeholders, never the bound values');
    }
  });
});
