// Needs the real process (a preload with --import) and PostgreSQL on 127.0.0.1:5432 (DATABASE_URL to override).
/**
 * docs/telemetry.md, "Other instrumentations": instrumentation-pg's metrics need the meter
 * provider setupTelemetry registers, handed over in the start hook with the page's two statements
 * (`const { pgInstrumentation } = await import('./instrumentation.ts');
 * pgInstrumentation.setMeterProvider(metrics.getMeterProvider());`). Run as written, beside the
 * page's instrumentation.ts loaded with `node --import`: with the hand-over a query shows on
 * /metrics as db_client_operation_duration_seconds; without it, it does not (the instrumentation
 * took the API's no-op meter when the preload ran). examples/blog/test/telemetry-instrumentation-pg.test.ts
 * checks the spans only.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { fencedBlocks } from './support/markdown-fences.ts';

const DOC = 'docs/telemetry.md';
const ROOT = join(import.meta.dirname, '..');
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

let dir = '';
let handOver = '';

before(async () => {
  const text = await readFile(join(ROOT, DOC), 'utf8');
  const preload = fencedBlocks(DOC, text).find((b) => b.info[0] === 'ts' && b.code.includes('new PgInstrumentation('));
  assert.ok(preload, `${DOC} shows instrumentation.ts`);
  // The hand-over is inline code in a bullet, wrapped across two lines of the page.
  handOver = /`(const \{ pgInstrumentation \} = await import\('\.\/instrumentation\.ts'\);\s+pgInstrumentation\.setMeterProvider\(metrics\.getMeterProvider\(\)\);)`/.exec(text)?.[1]?.replace(/\s+/g, ' ') ?? '';
  assert.ok(handOver, `${DOC} shows the meter provider hand-over`);
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
  dir = await mkdtemp(join(ROOT, '.tmp', 'telemetry-doc-pg-metrics-'));
  await writeFile(join(dir, 'instrumentation.ts'), preload.code);
});

after(() => rm(dir, { recursive: true, force: true }));

/** /metrics after one query, from `node --import ./instrumentation.ts main.ts` with or without the hand-over after setupTelemetry. */
async function metricsAfterAQuery(withHandOver: boolean): Promise<string> {
  const main = [
    "import { metrics } from '@opentelemetry/api';",
    "import { setupTelemetry } from 'fw-core/otel';",
    "const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none' } });",
    withHandOver ? handOver : 'void metrics;',
    "const pg = (await import('pg')).default;",
    'const client = new pg.Client({ connectionString: process.env.DATABASE_URL });',
    'await client.connect();',
    "await client.query('SELECT 1');",
    'await client.end();',
    'process.stdout.write(await telemetry.scrape());',
    'await telemetry.shutdown();',
  ].join('\n');
  const file = withHandOver ? 'main-handed-over.ts' : 'main-not-handed-over.ts';
  await writeFile(join(dir, file), main);
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_') && name !== 'NODE_TEST_CONTEXT'));
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', './instrumentation.ts', file], { cwd: dir, env: { ...env, DATABASE_URL }, timeout: 30_000 });
  return stdout;
}

describe("docs/telemetry.md's instrumentation-pg meter provider hand-over", () => {
  it('with it, a query is on /metrics as db_client_operation_duration_seconds', async () => {
    const text = await metricsAfterAQuery(true);
    assert.match(text, /^db_client_operation_duration_seconds_count\{[^}]*db_system_name="postgresql"[^}]*\} 1$/m);
  });

  it('without it, instrumentation-pg records nothing there', async () => {
    const text = await metricsAfterAQuery(false);
    assert.doesNotMatch(text, /db_client_operation_duration/);
    assert.match(text, /^target_info\{/m);
  });
});
