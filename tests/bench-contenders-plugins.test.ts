/**
 * bench/plugins.bench.ts prices each of the blog's plugins against the blog without them; a ratio
 * only prices a plugin if the bench's request makes it do its work. The configurations are started
 * as the bench starts them (the Redis one needs a Redis server, so it is left out here) and sent the
 * bench's request: the same 200 and post from every one, and cors_plugin writing the
 * access-control-* headers a browser's cross-origin request gets, not only `Vary: Origin`.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startBlogService, type BlogService } from '../bench/blog/blog-service.ts';
import { BENCH_ORIGIN, pluginContenders, pluginsConfig, PLUGINS_REQUEST, seedPost } from '../bench/support/plugin-contenders.ts';

describe('the plugins bench contenders', () => {
  it("answer the bench's request with the same post, and cors_plugin with its access-control headers for the request's origin", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fw-plugins-contenders-'));
    const running: [string, BlogService][] = [];
    try {
      for (const [i, contender] of pluginContenders('unused:').filter(({ name }) => !name.includes('redis')).entries()) {
        const path = join(dir, `fw.config.${i}.json`);
        await writeFile(path, pluginsConfig(contender));
        // As the bench starts them; FW_SHUTDOWN_DELAY_MS only spares the stop its 5 s drain.
        running.push([contender.name, await startBlogService({ FW_CONFIG: path, BLOG_STORE: 'memory', METRICS_PORT: '0', FW_SHUTDOWN_DELAY_MS: '0' })]);
        await seedPost(running.at(-1)![1].url);
      }
      assert.equal(running.length, 3);
      assert.deepEqual(PLUGINS_REQUEST.headers, { origin: BENCH_ORIGIN });
      const seen = new Map<string, { status: number; body: unknown; headers: Headers }>();
      for (const [name, service] of running) {
        const response = await fetch(`${service.url}${PLUGINS_REQUEST.path}`, { method: PLUGINS_REQUEST.method, headers: { origin: BENCH_ORIGIN } });
        const { inserted_at: _at, updated_at: _up, ...post } = (await response.json()) as Record<string, unknown>;
        seen.set(name, { status: response.status, body: post, headers: response.headers });
      }
      const off = seen.get('off');
      assert.equal(off?.status, 200);
      for (const [name, answer] of seen) assert.deepEqual([answer.status, answer.body], [off?.status, off?.body], name);
      assert.equal(off?.headers.get('access-control-allow-origin'), null);
      const cors = seen.get('cors_plugin (list of 2 origins)')?.headers;
      assert.equal(cors?.get('access-control-allow-origin'), BENCH_ORIGIN);
      assert.equal(cors?.get('vary'), 'Origin');
      assert.equal(cors?.get('access-control-allow-methods'), 'GET, POST, PUT, DELETE, OPTIONS');
    } finally {
      await Promise.all(running.map(([, service]) => service.stop()));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
