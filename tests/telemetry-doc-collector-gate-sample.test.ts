/**
 * docs/telemetry.md, "Only where a collector is named": its src/main.ts and src/app.ts, run as a
 * reader runs them (`node src/main.ts` in a project of their own inside the repository, so
 * `fw-core` resolves to the workspace package; the metrics port 9464 made 0, so the test never
 * collides with a running app). Without OTEL_EXPORTER_OTLP_ENDPOINT the app answers, stops on
 * SIGTERM and logs no export failure (nothing is exported); with it, the collector named gets the
 * request's SERVER span and the pushed metrics.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startOtlpReceiver } from '../packages/fw-core/test/support/otel-receiver.ts';
import { fencedBlocks } from './support/markdown-fences.ts';

const DOC = 'docs/telemetry.md';
const ROOT = join(import.meta.dirname, '..');

let dir: string;

before(async () => {
  const blocks = fencedBlocks(DOC, await readFile(join(ROOT, DOC), 'utf8'));
  const main = blocks.find((b) => b.info[0] === 'ts' && b.code.startsWith('// src/main.ts'));
  const app = blocks.find((b) => b.info[0] === 'ts' && b.code.startsWith('// src/app.ts; fw.config.json needs no telemetry line'));
  assert.ok(main && app, `${DOC} shows src/main.ts and src/app.ts under "Only where a collector is named"`);
  assert.ok(app.code.includes('metricsPort: 9464'), 'the app sample serves /metrics on 9464');
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
  dir = await mkdtemp(join(ROOT, '.tmp', 'telemetry-doc-gate-'));
  await mkdir(join(dir, 'src'));
  await writeFile(join(dir, 'src', 'main.ts'), main.code);
  await writeFile(join(dir, 'src', 'app.ts'), app.code.replace('metricsPort: 9464', 'metricsPort: 0'));
  // "fw.config.json needs no telemetry line": the app's name, a free port, no drain on SIGTERM.
  const config = { fw: { bootstrap_application: 'tasks', server_configuration: { port: 0, host: '127.0.0.1', shutdown_delay_ms: 0 } } };
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify(config));
});

after(() => rm(dir, { recursive: true, force: true }));

/** Runs `node src/main.ts` with `env` (no OTEL_* of this process), sends GET /, stops it with SIGTERM; resolves with its exit code and log lines. */
async function runSample(env: NodeJS.ProcessEnv): Promise<{ code: number | null; lines: Record<string, unknown>[]; status: number }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_') && name !== 'NODE_TEST_CONTEXT'));
  const child = spawn(process.execPath, ['src/main.ts'], { cwd: dir, env: { ...inherited, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  const listening = new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      const url = /"event":"listening","url":"([^"]+)"/.exec(stderr)?.[1];
      if (url !== undefined) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before listening:\n${stderr}`)));
  });
  const exited = once(child, 'exit');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    const url = await listening;
    const status = (await fetch(`${url}/`)).status;
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    const lines = stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { code, lines, status };
  } finally {
    clearTimeout(timer);
  }
}

describe("docs/telemetry.md's collector-gated main.ts and withTelemetry app", () => {
  it('without OTEL_EXPORTER_OTLP_ENDPOINT: answers, stops on SIGTERM, and reports no failed export', async () => {
    const run = await runSample({});
    assert.equal(run.status, 404, 'the sample app has no routes');
    assert.equal(run.code, 0);
    assert.deepEqual(
      run.lines.filter((line) => line.level === 'warn' || line.level === 'error').map((line) => line.event),
      [],
    );
    assert.deepEqual(
      run.lines.filter((line) => line.event === 'telemetry_path').map((line) => line.path),
      ['lean'],
    );
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT: the collector gets the SERVER span and the metrics', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const run = await runSample({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
      assert.equal(run.code, 0);
      assert.deepEqual(
        receiver.spans.map((span) => [span.name, span.kind, span.resource['service.name']]),
        [['HTTP GET', 'SPAN_KIND_SERVER', 'tasks']],
      );
      const duration = receiver.metrics.find((metric) => metric.name === 'http.server.request.duration');
      assert.equal(duration?.points[0]?.count, 1);
    } finally {
      await receiver.close();
    }
  });
});
