// Needs the real process: the metrics listener, its bound address and its timeouts are the point.
/**
 * The blog's metrics listener as started by `node src/main.ts`: loopback unless
 * OTEL_EXPORTER_PROMETHEUS_HOST opens it, the `metrics_listening` log line naming the address
 * really bound, and the API listener's timeouts (fw.server_configuration) applied to it too.
 * "Loopback only" is checked from outside: Linux routes 127.0.0.0/8 to the loopback interface,
 * so a listener on 0.0.0.0 accepts 127.0.0.2 and one on 127.0.0.1 refuses it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { connectOutcome, stallAfter } from '../../../packages/fw-core/test/support/raw-socket.ts';
import { BLOG_DIR, startBlog } from './support/blog-process.ts';

/** Starts the blog with `env`, runs `check` with its `metrics_listening` line and URL, stops it. */
async function withBlog(env: Record<string, string>, check: (line: Record<string, unknown>, url: URL) => Promise<void>): Promise<void> {
  const blog = await startBlog(env);
  try {
    const line = blog.logLines().find((l) => l.event === 'metrics_listening');
    assert.ok(line, 'a metrics_listening line');
    await check(line, new URL(String(line.url)));
  } finally {
    await blog.stop();
  }
}

describe('blog metrics listener', () => {
  it('binds 127.0.0.1 by default and logs that address', async () => {
    await withBlog({}, async (line, url) => {
      assert.equal(await connectOutcome(Number(url.port), '127.0.0.2'), 'ECONNREFUSED');
      assert.equal(url.href, `http://127.0.0.1:${url.port}/metrics`);
      assert.equal((await fetch(url)).status, 200);
      assert.equal(line.msg, `metrics listening on ${url.href}`);
    });
  });

  it('opens up with OTEL_EXPORTER_PROMETHEUS_HOST=0.0.0.0 (a container) and logs 0.0.0.0', async () => {
    await withBlog({ OTEL_EXPORTER_PROMETHEUS_HOST: '0.0.0.0' }, async (_line, url) => {
      assert.equal(url.href, `http://0.0.0.0:${url.port}/metrics`);
      assert.equal(await connectOutcome(Number(url.port), '127.0.0.2'), 'connected');
    });
  });

  it('binds ::1 with OTEL_EXPORTER_PROMETHEUS_HOST=::1 and logs it in brackets', async () => {
    await withBlog({ OTEL_EXPORTER_PROMETHEUS_HOST: '::1' }, async (_line, url) => {
      assert.equal(url.href, `http://[::1]:${url.port}/metrics`);
      assert.equal((await fetch(url)).status, 200);
    });
  });

  it("closes a connection stalled in its request head after the app's headers_timeout_ms", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'blog-metrics-timeouts-'));
    try {
      const config = JSON.parse(await readFile(join(BLOG_DIR, 'fw.config.json'), 'utf8'));
      config.fw.server_configuration = { ...config.fw.server_configuration, headers_timeout_ms: 500 };
      const path = join(dir, 'fw.config.json');
      await writeFile(path, JSON.stringify(config));
      await withBlog({ FW_CONFIG: path }, async (_line, url) => {
        // 5 s: the 500 ms asked for, checked every 500 ms, on a busy machine; node's default is 60 s.
        const stalled = await stallAfter(Number(url.port), 'GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 5000);
        assert.ok(stalled.closedAfterMs !== undefined, 'still open after 5000 ms');
        assert.ok(stalled.closedAfterMs >= 450 && stalled.closedAfterMs < 2500, `closed after ${stalled.closedAfterMs} ms`);
        assert.match(stalled.answer, /^HTTP\/1\.1 408 Request Timeout\r\n/);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
