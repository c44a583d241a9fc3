/**
 * docs/telemetry.md, "Embedding in a plain node:http server": the sample itself (not the fixture
 * copy packages/fw-core/test/otel-shutdown-exit.test.ts runs), on free ports (its 3000 made a port
 * the test picked, its metrics port 9464 made 0): a request is traced with no http.route, and on
 * SIGTERM the process flushes the span to the collector and exits by itself, with code 0.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { closedPort } from '../packages/fw-core/test/support/closed-port.ts';
import { startOtlpReceiver } from '../packages/fw-core/test/support/otel-receiver.ts';
import { fencedBlocks } from './support/markdown-fences.ts';

const DOC = 'docs/telemetry.md';
const ROOT = join(import.meta.dirname, '..');

describe("docs/telemetry.md's embedding sample", () => {
  it('traces a request and, on SIGTERM, flushes it and exits by itself', async () => {
    const block = fencedBlocks(DOC, await readFile(join(ROOT, DOC), 'utf8')).find((b) => b.info[0] === 'ts' && b.code.includes('otelStreamHandler.wrap((req, res) =>'));
    assert.ok(block, `${DOC} shows the embedding sample`);
    assert.ok(block.code.includes('.listen(3000)') && block.code.includes('metricsPort: 9464'), 'the sample listens on 3000 and serves /metrics on 9464');
    const port = await closedPort();
    await mkdir(join(ROOT, '.tmp'), { recursive: true });
    const dir = await mkdtemp(join(ROOT, '.tmp', 'telemetry-doc-embedding-'));
    const receiver = await startOtlpReceiver();
    try {
      await writeFile(join(dir, 'main.ts'), block.code.replace('.listen(3000)', `.listen(${port}, '127.0.0.1')`).replace('metricsPort: 9464', 'metricsPort: 0'));
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_') && name !== 'NODE_TEST_CONTEXT'));
      const child = spawn(process.execPath, ['main.ts'], { cwd: dir, env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const exited = once(child, 'exit');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      try {
        let body = '';
        for (let tries = 0; body === '' && tries < 100; tries += 1) body = await fetch(`http://127.0.0.1:${port}/`).then((res) => res.text(), () => sleep(100).then(() => ''));
        assert.equal(body, 'hello', stderr);
        const signalledAt = performance.now();
        child.kill('SIGTERM');
        const [code] = (await exited) as [number | null];
        assert.equal(code, 0, stderr);
        assert.ok(performance.now() - signalledAt < 5000, 'exited within the 5 s shutdown limit');
      } finally {
        clearTimeout(killer);
      }
      assert.deepEqual(
        receiver.spans.map((span) => [span.name, span.kind, span.resource['service.name'], span.attributes['http.route'], span.attributes['http.response.status_code']]),
        [['HTTP GET', 'SPAN_KIND_SERVER', 'plain', undefined, 200]],
      );
    } finally {
      await receiver.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
