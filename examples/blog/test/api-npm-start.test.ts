// Needs the real process: `npm start` itself, its port and its exit code are the point.
/**
 * `npm start` at the repository root (`node scripts/start.js` after the build) runs the blog
 * service; its port is 8080 from fw.config.json unless PORT overrides it.
 */
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from 'fw-core/inspect';
import { BLOG_DIR, startBlog } from './support/blog-process.ts';
import { assertJson } from './support/post-assertions.ts';

const ROOT = join(BLOG_DIR, '..', '..');

test('node scripts/start.js from the root serves the blog API', async () => {
  const blog = await startBlog({}, { script: join(ROOT, 'scripts', 'start.js'), cwd: ROOT });
  try {
    assertJson(await blog.request('GET', '/heartbeat'), 200, { status: 'ok' });
    assertJson(await blog.request('GET', '/api/posts'), 200, { posts: [] });
  } finally {
    assert.equal(await blog.stop(), 0);
  }
});

test('node scripts/start.js runs the build: the service loads no TypeScript module, so no type stripper', async () => {
  const hook = join(BLOG_DIR, 'test', 'support', 'report-ts-modules.ts');
  const blog = await startBlog({}, { script: join(ROOT, 'scripts', 'start.js'), cwd: ROOT, execArgv: ['--import', hook] });
  try {
    assertJson(await blog.request('GET', '/api/posts'), 200, { posts: [] });
    assert.deepEqual(blog.logLines().filter((line) => line.event === 'test_ts_module'), []);
  } finally {
    assert.equal(await blog.stop(), 0);
  }
});

test('the start-up log names the API, its docs and /metrics as URLs that answer', async () => {
  const blog = await startBlog({}, { script: join(ROOT, 'scripts', 'start.js'), cwd: ROOT });
  try {
    const ready = await readyLine(blog.logLines);
    const metrics = blog.metricsUrl!;
    assert.deepEqual(
      { event: ready.event, api: ready.api, docs: ready.docs, metrics: ready.metrics, msg: ready.msg },
      {
        event: 'ready',
        api: `${blog.url}/api/posts`,
        docs: `${blog.url}/docs/swagger.html`,
        metrics,
        msg: `blog ready: API ${blog.url}/api/posts, docs ${blog.url}/docs/swagger.html, metrics ${metrics}`,
      },
    );
    assert.match(metrics, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    // fw's own `listening` line is unchanged: other tools read its url with a regex.
    assert.ok(blog.logLines().some((line) => line.event === 'listening' && line.url === blog.url));
    assert.equal((await blog.request('GET', '/api/posts')).status, 200);
    const docs = await blog.request('GET', '/docs/swagger.html');
    assert.equal(docs.status, 200);
    assert.match(String(docs.headers['content-type']), /^text\/html/);
    const scrape = await fetch(metrics);
    assert.equal(scrape.status, 200);
    assert.match(await scrape.text(), /^# (HELP|TYPE) /m);
  } finally {
    assert.equal(await blog.stop(), 0);
  }
});

/** The `ready` line, logged right after `listening` (waits up to 5 s for it). */
async function readyLine(lines: () => Record<string, unknown>[]): Promise<Record<string, unknown>> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    const ready = lines().find((line) => line.event === 'ready');
    if (ready) return ready;
  }
  throw new Error(`no ready line:\n${lines().map((line) => JSON.stringify(line)).join('\n')}`);
}

test('npx node scripts/start.js regenerates the API docs of the blog, not of the directory npm was run in', async () => {
  const openapi = join(BLOG_DIR, 'priv', 'assets', 'openapi.json');
  const before = Date.now();
  // What `npx` sets: fw takes INIT_CWD as the directory it was typed in (docs/cli.md).
  const blog = await startBlog({ npm_command: 'exec', INIT_CWD: ROOT }, { script: join(ROOT, 'scripts', 'start.js'), cwd: ROOT });
  try {
    assert.ok(statSync(openapi).mtimeMs >= before - 1000, 'openapi.json was not rewritten by this start');
    const document = JSON.parse(readFileSync(openapi, 'utf8')) as { paths: Record<string, unknown> };
    assert.ok('/api/posts' in document.paths, Object.keys(document.paths).join(', '));
    assertJson(await blog.request('GET', '/heartbeat'), 200, { status: 'ok' });
  } finally {
    assert.equal(await blog.stop(), 0);
  }
});

test('the port is 8080 by default and PORT overrides it, in dev and prod', async () => {
  for (const environment of ['dev', 'prod']) {
    assert.equal((await loadConfig(BLOG_DIR, { FW_ENV: environment })).fw.server_configuration.port, 8080);
    assert.equal((await loadConfig(BLOG_DIR, { FW_ENV: environment, PORT: '9090' })).fw.server_configuration.port, 9090);
  }
});

test('fw.config.json: the global request plugin, the memory store in dev and postgres in prod', async () => {
  const dev = await loadConfig(BLOG_DIR, {});
  assert.equal(dev.fw.bootstrap_application, 'blog');
  assert.deepEqual(dev.fw.plugins, [
    { phase: 'pre_request', module: 'otel_fw_plugin', options: {} },
    { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true } },
  ]);
  assert.deepEqual(dev.fw.server_configuration.stream_handlers, ['otel_fw_stream_h', 'fw_stream_h']);
  assert.deepEqual(dev.app, { store: 'memory' });
  const prod = await loadConfig(BLOG_DIR, { FW_ENV: 'prod' });
  assert.deepEqual(prod.app, { store: 'postgres' });
  assert.equal(prod.fw.log_level, 'info');
});
