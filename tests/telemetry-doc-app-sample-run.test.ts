/**
 * docs/telemetry.md's Activation app sample (src/app.ts with setupTelemetry in its start hook and
 * telemetry.shutdown() in its stop hook), run as written but for its metrics port (9464 made 0)
 * with the fw.config.json lines its comment shows: a request is traced, the span reaches the
 * collector named by OTEL_EXPORTER_OTLP_ENDPOINT under service.name `blog` once the app is closed
 * (the stop hook flushes), and the logger the sample passes gets telemetry's lines and no warning.
 * tests/docs-telemetry-activation-sample.test.ts checks the configuration lines; this runs the code.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { createListener, inject, type FwApp, type Logger } from 'fw-core';
import { startOtlpReceiver } from '../packages/fw-core/test/support/otel-receiver.ts';
import { fencedBlocks } from './support/markdown-fences.ts';

const DOC = 'docs/telemetry.md';
const ROOT = join(import.meta.dirname, '..');

describe("docs/telemetry.md's Activation app sample, run", () => {
  it('traces a request, flushes it to the collector on close, and logs no warning', async () => {
    const block = fencedBlocks(DOC, await readFile(join(ROOT, DOC), 'utf8')).find((b) => b.info[0] === 'ts' && b.code.startsWith('// src/app.ts. Its fw.config.json lists'));
    assert.ok(block, `${DOC} shows the Activation app sample`);
    assert.ok(block.code.includes('metricsPort: 9464,'), 'the sample serves /metrics on 9464');
    const fw = JSON.parse(`{${block.code.split('\n').filter((line) => line.startsWith('//   ')).map((line) => line.slice(5)).join('\n')}}`) as Record<string, unknown>;
    await mkdir(join(ROOT, '.tmp'), { recursive: true });
    const dir = await mkdtemp(join(ROOT, '.tmp', 'telemetry-doc-app-'));
    const receiver = await startOtlpReceiver();
    const lines: { level: string; event: unknown }[] = [];
    const at = (level: string) => (fields: Record<string, unknown>) => void lines.push({ level, event: fields.event });
    const logger: Logger = { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), fatal: at('fatal') };
    try {
      await writeFile(join(dir, 'app.ts'), block.code.replace('metricsPort: 9464,', 'metricsPort: 0,'));
      const app = ((await import(pathToFileURL(join(dir, 'app.ts')).href)) as { default: FwApp }).default;
      const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_METRICS_EXPORTER: 'none', LOG_LEVEL: 'info' };
      const listener = await createListener({ app, config: fw, env, logger });
      try {
        assert.equal((await inject(listener, '/api/nothing')).status, 404);
      } finally {
        await listener.close();
      }
      assert.deepEqual(
        receiver.spans.map((span) => [span.name, span.kind, span.resource['service.name'], span.attributes['http.response.status_code']]),
        [['HTTP GET', 'SPAN_KIND_SERVER', 'blog', 404]],
      );
      assert.deepEqual(
        lines.filter((line) => line.level === 'warn' || line.level === 'error'),
        [],
      );
      assert.ok(lines.some((line) => line.event === 'telemetry_path'), 'the logger the sample passes gets the path line');
    } finally {
      await receiver.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
