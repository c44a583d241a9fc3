import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadApplication } from '../src/app/load-application.ts';
import { json } from '../src/http/response.ts';
import { inject } from '../src/index.ts';
import { startServer } from '../src/server/start-server.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { captureLogger, startTestApp, testApp, writeTestAppDir, type TestApp } from './support/test-app.ts';

describe('built-in plugins and static routes through a whole app', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      files: { 'hello.txt': 'hello from disk\n' },
      fw: {
        plugins: [
          { phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: 'https://app.example' } },
          { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } },
        ],
      },
      groups: [
        {
          prefix: '/api',
          security: false,
          routes: [{ path: '/echo', handler: (req) => json({ body: req.body ?? null }), options: { methods: ['post'] } }],
        },
        { prefix: '', security: false, routes: [{ path: '/files/[...]', directory: '.' }, { path: '/hello', file: 'hello.txt' }] },
      ],
    });
  });
  after(() => app.close());

  it('answers a CORS preflight for a route that declares no OPTIONS method', async () => {
    const res = await app.fetch('/api/echo', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.equal(res.headers.get('access-control-allow-methods'), '*');
    assert.equal(res.headers.get('access-control-allow-headers'), '*');
    assert.equal(res.headers.get('content-length'), '0');
  });

  it('adds CORS headers to normal responses and decodes JSON bodies', async () => {
    const res = await app.fetch('/api/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":[1,2]}' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.deepEqual(await res.json(), { body: { a: [1, 2] } });
  });

  it('answers malformed JSON with 400 from the request plugin', async () => {
    const res = await app.fetch('/api/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'malformed JSON body' });
  });

  it('serves a file route and a directory route, and 405s a POST to them', async () => {
    const file = await app.fetch('/hello');
    assert.equal(file.status, 200);
    assert.equal(await file.text(), 'hello from disk\n');
    const inDir = await app.fetch('/files/hello.txt');
    assert.equal(await inDir.text(), 'hello from disk\n');
    const post = await app.fetch('/files/hello.txt', { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
  });

  it('never serves outside the static directory', async () => {
    for (const target of ['/files/../../../etc/passwd', '/files/%2e%2e/%2e%2e/etc/passwd', '/files/..%2f..%2fetc%2fpasswd', '/files/%00']) {
      const { status } = await inject(app.fw, target);
      assert.equal(status, 404, target);
    }
  });
});

describe('loading an app from its directory', () => {
  const dirs: string[] = [];
  after(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('imports the module package.json names under fw.app and serves its routes', async () => {
    const dir = await writeTestAppDir({ environment: 'staging' }, {
      'package.json': JSON.stringify({ name: 'x', type: 'module', fw: { app: './app.mjs' } }),
      'app.mjs': `export default { name: 'test_app', router: { name: 'disk_router', routes: (env) => [
        { prefix: '', security: false, routes: [{ path: '/env', handler: () => ({ kind: 'json', status: 200, body: { env } }), options: { methods: ['get'] } }] },
      ] } };`,
    });
    dirs.push(dir);
    const server = await startServer({ appDir: dir, env: { FW_ENV: 'staging' }, logger: captureLogger() });
    try {
      const res = await fetch(`${server.url}/env`);
      assert.deepEqual(await res.json(), { env: 'staging' });
      assert.equal(server.application.app.router.name, 'disk_router');
    } finally {
      await server.stop();
    }
  });

  it('hands the app start hook its config, logger, directory and the env fw was started with', async () => {
    let seen: { env?: string; app?: string; dir?: string; logs?: boolean } = {};
    const app = await injectTestApp({
      env: { BLOG_LIKE_SETTING: 'from-start-options' },
      start: ({ env, config, appDir, logger }) => {
        seen = { env: env.BLOG_LIKE_SETTING, app: config.fw.bootstrap_application, dir: appDir, logs: typeof logger.info === 'function' };
      },
      groups: [],
    });
    try {
      assert.deepEqual(seen, { env: 'from-start-options', app: 'test_app', dir: app.dir, logs: true });
    } finally {
      await app.close();
    }
  });

  it('refuses an app module without a default-exported app, naming the module and where package.json names it', async () => {
    for (const [field, named] of [[{ main: './app.mjs' }, '"main"'], [{ fw: { app: './app.mjs' } }, '"fw": {"app"}']] as const) {
      const dir = await writeTestAppDir({}, { 'package.json': JSON.stringify({ type: 'module', ...field }), 'app.mjs': 'export const nothing = 1;' });
      dirs.push(dir);
      await assert.rejects(loadApplication({ appDir: dir, env: {} }), {
        code: 'FW_ERR_APP_BAD_MODULE',
        message: `${join(dir, 'app.mjs')}, the module ${join(dir, 'package.json')} names in ${named}, must default-export defineApp({name, router: {name, routes(env)}}); it has no default export (its named exports: nothing)`,
      });
    }
  });

  it('refuses an app module with a syntax error as one that failed to load, saying where the error is', async () => {
    const dir = await writeTestAppDir({}, { 'package.json': JSON.stringify({ type: 'module', fw: { app: './app.ts' } }), 'app.ts': 'export default {\n  name: "x" "y",\n};\n' });
    dirs.push(dir);
    await assert.rejects(loadApplication({ appDir: dir, env: {} }), {
      code: 'FW_ERR_APP_LOAD_FAILED',
      message: `${join(dir, 'app.ts')}, the module ${join(dir, 'package.json')} names in "fw": {"app"}, was found but failed to load: SyntaxError: Expected ',', got 'string literal' (at ${join(dir, 'app.ts')}:2:13)`,
    });
  });

  it('refuses a package.json that names no app module', async () => {
    const dir = await writeTestAppDir({}, { 'package.json': '{}' });
    dirs.push(dir);
    await assert.rejects(loadApplication({ appDir: dir, env: {} }), { code: 'FW_ERR_APP_NOT_FOUND' });
  });

  it('refuses an app whose name differs from bootstrap_application', async () => {
    const dir = await writeTestAppDir({ bootstrap_application: 'other_app' });
    dirs.push(dir);
    await assert.rejects(loadApplication({ appDir: dir, app: testApp({ groups: [] }), env: {} }), { code: 'FW_ERR_APP_NAME_MISMATCH' });
  });

  it('fails start-up on a configuration error, naming the key', async () => {
    const dir = await writeTestAppDir({ use_stacktrace: 'yes' });
    dirs.push(dir);
    await assert.rejects(startServer({ appDir: dir, app: testApp({ groups: [] }), env: {}, logger: captureLogger() }), (error: { code?: string; message: string }) =>
      error.code === 'FW_ERR_CONFIG_BAD_VALUE' && error.message.includes('use_stacktrace'));
  });

  it("fails start-up with a coded error when a group's plugins are not a list", async () => {
    const dir = await writeTestAppDir({});
    dirs.push(dir);
    const groups = [{ prefix: '/p', security: false as const, plugins: { pre_request: [] } as never, routes: [] }];
    await assert.rejects(startServer({ appDir: dir, app: testApp({ groups }), env: {}, logger: captureLogger() }), (error: { code?: string; message: string }) =>
      error.code === 'FW_ERR_GROUP_BAD_SHAPE' && error.message.includes("route group 0 (prefix '/p') has plugins that are not a list"));
  });

  it('fails start-up on a route definition error, before listening', async () => {
    const dir = await writeTestAppDir({});
    dirs.push(dir);
    const groups = [{ prefix: '/api/', security: false as const, routes: [] }];
    await assert.rejects(startServer({ appDir: dir, app: testApp({ groups }), env: {}, logger: captureLogger() }), { code: 'FW_ERR_GROUP_BAD_PREFIX' });
    const wildcard = [{ prefix: '', security: false as const, routes: [{ path: '/a/[...]/b', handler: () => json({}) }] }];
    await assert.rejects(startServer({ appDir: dir, app: testApp({ groups: wildcard }), env: {}, logger: captureLogger() }), { code: 'FW_ERR_ROUTE_WILDCARD_NOT_LAST' });
    const staticMissing = [{ prefix: '', security: false as const, routes: [{ path: '/docs/[...]', directory: 'no-such-dir' }] }];
    await assert.rejects(startServer({ appDir: dir, app: testApp({ groups: staticMissing }), env: {}, logger: captureLogger() }), { code: 'FW_ERR_STATIC_NOT_FOUND' });
  });

  it('fails start-up when fw_cors_plugin has no allow_origins', async () => {
    await assert.rejects(
      injectTestApp({ fw: { plugins: [{ phase: 'pre_request', module: 'fw_cors_plugin', options: {} }] }, groups: [] }),
      (error: { code?: string; message: string; cause?: { code?: string } }) =>
        error.code === 'FW_ERR_PLUGIN_INIT_FAILED' && error.cause?.code === 'FW_ERR_PLUGIN_BAD_OPTIONS' && error.message.includes('allow_origins'),
    );
  });

  it('fails start-up when the port is taken, with the listen error and how to fix it', async () => {
    const first = await startTestApp({ groups: [] });
    try {
      const dir = await writeTestAppDir({ server_configuration: { port: first.server.port } });
      dirs.push(dir);
      await assert.rejects(startServer({ appDir: dir, app: testApp({ groups: [] }), env: {}, logger: captureLogger() }), {
        code: 'FW_ERR_SERVER_LISTEN',
        message: `cannot listen on 127.0.0.1:${first.server.port}: EADDRINUSE; another process listens there (an instance of this app still draining for shutdown_delay_ms?): stop it, or give another port (PORT)`,
      });
    } finally {
      await first.close();
    }
  });
});

describe('json_lib', () => {
  it('encodes JSON responses with the module json_lib names, resolved from the app directory', async () => {
    const app = await injectTestApp({
      files: { 'loud-json.mjs': 'export const stringify = (v) => JSON.stringify({ loud: v }); export const parse = JSON.parse;' },
      fw: { json_lib: './loud-json.mjs' },
      groups: [{ prefix: '', security: false, routes: [{ path: '/v', handler: () => json({ v: 1 }), options: { methods: ['get'] } }] }],
    });
    try {
      assert.equal(await (await app.fetch('/v')).text(), '{"loud":{"v":1}}');
    } finally {
      await app.close();
    }
  });

  it('fails start-up when json_lib cannot be loaded or lacks stringify/parse', async () => {
    await assert.rejects(injectTestApp({ fw: { json_lib: './missing-json.mjs' }, groups: [] }), (error: { code?: string; message: string }) =>
      error.code === 'FW_ERR_CONFIG_BAD_VALUE' && error.message.includes('./missing-json.mjs'));
    await assert.rejects(injectTestApp({ files: { 'half.mjs': 'export const parse = JSON.parse;' }, fw: { json_lib: './half.mjs' }, groups: [] }), (error: { code?: string; message: string }) =>
      error.code === 'FW_ERR_CONFIG_BAD_VALUE' && error.message === 'fw.json_lib "./half.mjs" has no stringify: it must export stringify and parse, as JSON has them, by name or as its default export');
  });

  it('imports a builtin or a package by its name, not as a file of the app directory, and names what the module lacks', async () => {
    const refusal = (specifier: string, lacks: string) => (error: { code?: string; message: string }) =>
      error.code === 'FW_ERR_CONFIG_BAD_VALUE' &&
      error.message === `fw.json_lib "${specifier}" has no ${lacks}: it must export stringify and parse, as JSON has them, by name or as its default export`;
    await assert.rejects(injectTestApp({ fw: { json_lib: 'node:path' }, groups: [] }), refusal('node:path', 'stringify'));
    await assert.rejects(injectTestApp({ fw: { json_lib: 'node:fs' }, groups: [] }), refusal('node:fs', 'stringify and no parse'));
    const dir = await writeTestAppDir({ json_lib: 'tagged-json' });
    try {
      await mkdir(join(dir, 'node_modules', 'tagged-json'), { recursive: true });
      await writeFile(join(dir, 'node_modules', 'tagged-json', 'package.json'), '{"name":"tagged-json","main":"index.js"}');
      await writeFile(join(dir, 'node_modules', 'tagged-json', 'index.js'), 'exports.stringify = (v) => JSON.stringify({ tagged: v }); exports.parse = JSON.parse;');
      const app = testApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/v', handler: () => json({ v: 1 }), options: { methods: ['get'] } }] }] });
      const server = await startServer({ appDir: dir, app, env: {}, logger: captureLogger() });
      try {
        assert.equal(await (await fetch(`${server.url}/v`)).text(), '{"tagged":{"v":1}}');
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('request limits', () => {
  it('answers 431 when the request head exceeds max_header_size, and keeps serving', async () => {
    const app = await startTestApp({
      fw: { server_configuration: { max_header_size: 2048 } },
      groups: [{ prefix: '', security: false, routes: [{ path: '/ok', handler: () => json({ ok: true }), options: { methods: ['get'] } }] }],
    });
    try {
      const big = await fetch(`${app.url}/ok`, { headers: { 'x-big': 'a'.repeat(4096) } });
      assert.equal(big.status, 431);
      const small = await fetch(`${app.url}/ok`, { headers: { 'x-small': 'a'.repeat(512) } });
      assert.equal(small.status, 200);
    } finally {
      await app.close();
    }
  });
});

describe('slow clients', () => {
  it('cuts a client that never finishes its headers after headers_timeout_ms, while serving others', async () => {
    const app = await startTestApp({
      fw: { server_configuration: { headers_timeout_ms: 300, request_timeout_ms: 1000 } },
      groups: [{ prefix: '', security: false, routes: [{ path: '/ok', handler: () => json({ ok: true }), options: { methods: ['get'] } }] }],
    });
    try {
      const socket = connect(app.server.port, '127.0.0.1');
      socket.write('GET /ok HTTP/1.1\r\nHost: x\r\n');
      const started = Date.now();
      const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 50);
      const answer = await new Promise<string>((resolve) => {
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('close', () => resolve(data));
      });
      clearInterval(drip);
      const took = Date.now() - started;
      assert.match(answer, /^HTTP\/1\.1 408/);
      assert.ok(took < 2500, `cut after ${took} ms`);
      const ok = await fetch(`${app.url}/ok`);
      assert.equal(ok.status, 200);
    } finally {
      await app.close();
    }
  });
});
