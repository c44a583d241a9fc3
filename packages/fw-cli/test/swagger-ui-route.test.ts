/**
 * fw-cli/swagger-ui (issue 38, item 12): Swagger UI served by the running app. The fixture tasks
 * app lists the route at /docs and at /admin/reference (its own title and version) and runs on a
 * real server on port 0; what it serves is compared byte for byte with what `fw openapi
 * --offline` writes for the same app: the page, the document (built once, on its first request)
 * and the vendored assets, with their content types and caching headers. The route is left out
 * of the document. In code, the app and its configuration come from the caller; a document that
 * cannot be built answers 500 and logs its code; bad options stop the start. Below an Express
 * mount path the document's servers are under it, so "Try it out" reaches the app.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { createListener, defineApp, inject, json, startServer, type FwApp, type FwServer, type RoutesContext } from 'fw-core';
import { SWAGGER_VENDOR_DIR } from '../src/openapi/swagger-assets.ts';
import { swaggerUi } from '../src/swagger-ui.ts';
import { assertSucceeded, FIXTURES, runFw } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

const TASKS = join(FIXTURES, 'swagger-ui-app');

after(removeTempDirs);

describe('swaggerUi on a running server', () => {
  let server: FwServer;
  let calls: { routes: number };
  let written: string;
  let writtenAdmin: string;
  const get = (path: string, init: RequestInit = {}): Promise<Response> => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

  before(async () => {
    written = await osTempDir();
    writtenAdmin = await osTempDir();
    assertSucceeded(await runFw(['openapi', '--offline', '--output', join(written, 'openapi.json')], { cwd: TASKS }));
    const admin = ['openapi', '--offline', '--output', join(writtenAdmin, 'openapi.json'), '--title', 'Tasks admin', '--api-version', '2.0.0'];
    assertSucceeded(await runFw(admin, { cwd: TASKS }));
    server = await startServer({ appDir: TASKS, env: { PORT: '0', LOG_LEVEL: 'error' } });
    ({ calls } = (await import(join(TASKS, 'app.mjs'))) as { calls: { routes: number } });
  });
  after(() => server?.stop());

  it('redirects /docs to ./docs/, which answers the page fw openapi --offline writes', async () => {
    const redirect = await get('/docs?x=1');
    assert.deepEqual([redirect.status, redirect.headers.get('location')], [301, './docs/']);
    const page = await fetch(`${server.url}/docs`);
    assert.equal(page.url, `${server.url}/docs/`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(await page.text(), await readFile(join(written, 'swagger.html'), 'utf8'));
  });

  it('answers openapi.json: the document fw openapi writes, byte for byte, built once on the first request', async () => {
    assert.equal(calls.routes, 1, 'only the server has loaded the routes so far');
    const [first, second] = await Promise.all([get('/docs/openapi.json'), get('/docs/openapi.json')]);
    const third = await get('/docs/openapi.json');
    const expected = await readFile(join(written, 'openapi.json'), 'utf8');
    for (const answer of [first, second, third]) {
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(await answer.text(), expected);
    }
    assert.equal(calls.routes, 2, 'the document loaded the app once more, once');
    assert.deepEqual(Object.keys(JSON.parse(expected).paths), ['/api/tasks', '/api/tasks/{id}'], 'the route itself is not documented');
  });

  it('serves the vendored assets with their content types and a day of caching, revalidated by ETag', async () => {
    const types = { 'swagger-ui.css': 'text/css; charset=utf-8', 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8' };
    for (const [asset, type] of Object.entries(types)) {
      const answer = await get(`/docs/${asset}`);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('content-type'), type);
      assert.equal(answer.headers.get('cache-control'), 'public, max-age=86400');
      assert.ok(Buffer.from(await answer.arrayBuffer()).equals(await readFile(join(SWAGGER_VENDOR_DIR, asset))), `${asset} is the vendored file`);
      assert.equal((await readFile(join(written, asset))).equals(await readFile(join(SWAGGER_VENDOR_DIR, asset))), true, 'and the file fw openapi --offline copies');
      const again = await get(`/docs/${asset}`, { headers: { 'if-none-match': answer.headers.get('etag')! } });
      assert.equal(again.status, 304);
    }
  });

  it('has the page and the document revalidated on each use: no-cache and an ETag, 304 when it matches', async () => {
    for (const path of ['/docs/', '/docs/openapi.json']) {
      const answer = await get(path);
      await answer.arrayBuffer();
      const etag = answer.headers.get('etag')!;
      assert.equal(answer.headers.get('cache-control'), 'no-cache');
      assert.match(etag, /^"[\w-]{43}"$/);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(path, { headers: { 'if-none-match': ifNoneMatch } });
        assert.deepEqual([again.status, again.headers.get('etag'), await again.text()], [304, etag, ''], ifNoneMatch);
      }
      assert.equal((await get(path, { headers: { 'if-none-match': '"other"' } })).status, 200);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const answer = await get('/docs/openapi.json', { method: 'HEAD' });
    const expected = await readFile(join(written, 'openapi.json'));
    assert.deepEqual([answer.status, answer.headers.get('content-length'), await answer.text()], [200, String(expected.length), '']);
  });

  it('answers 404 for any other name below the prefix and 405 for other methods', async () => {
    for (const path of ['/docs/index.html', '/docs/LICENSE', '/docs/swagger-ui.css/x', '/docs/openapi.json/', '/docs//']) {
      const answer = await get(path);
      assert.deepEqual([answer.status, await answer.json()], [404, { error: 'not found' }], path);
    }
    const post = await get('/docs/', { method: 'POST' });
    assert.deepEqual([post.status, post.headers.get('allow'), await post.json()], [405, 'GET, HEAD, OPTIONS', { error: 'method not allowed' }]);
  });

  it('takes a prefix below its group, a title and a version', async () => {
    const redirect = await get('/admin/reference');
    assert.deepEqual([redirect.status, redirect.headers.get('location')], [301, './reference/']);
    const page = await get('/admin/reference/');
    assert.equal(await page.text(), await readFile(join(writtenAdmin, 'swagger.html'), 'utf8'));
    const document = await get('/admin/reference/openapi.json');
    assert.equal(await document.text(), await readFile(join(writtenAdmin, 'openapi.json'), 'utf8'));
    assert.equal((await get('/docs/reference/')).status, 404);
  });
});

describe('swaggerUi given the app in code', () => {
  /** An app whose one route names `resource` (priv/schemas/<resource>.json of `appDir`), given to fw in code. */
  function notesApp(resource: string, appDir: string): FwApp {
    const app: FwApp = defineApp({
      name: 'notes',
      router: {
        name: 'notes_router',
        routes: (_environment, context) => [
          { prefix: '', security: false, routes: [{ path: '/notes/:id', handler: () => json({ id: 1 }), options: { methods: ['get'], extra: { resource } } }] },
          { prefix: '/api', security: false, routes: [swaggerUi({ context, app: () => app, appDir, title: 'Notes' })] },
        ],
      },
    });
    return app;
  }

  it('builds the document from the app, configuration and app directory given, in a directory without package.json', async () => {
    const appDir = await osTempDir();
    await mkdir(join(appDir, 'priv', 'schemas'), { recursive: true });
    await writeFile(join(appDir, 'priv', 'schemas', 'note.json'), JSON.stringify({ type: 'object', properties: { id: { type: 'integer' } } }));
    const fw = await createListener({ app: notesApp('note', appDir), appDir, config: {}, env: {}, logger: silent() });
    try {
      const answer = await inject(fw, '/api/docs/openapi.json');
      assert.equal(answer.status, 200);
      const document = answer.json<{ info: unknown; paths: object; components: { schemas: object } }>();
      assert.deepEqual(document.info, { title: 'Notes', version: '0.1.0' });
      assert.deepEqual(Object.keys(document.paths), ['/notes/{id}']);
      assert.ok('note' in document.components.schemas, 'priv/schemas/note.json of the app directory given');
      assert.match((await inject(fw, '/api/docs/')).body, /<title>Notes API reference<\/title>/);
    } finally {
      await fw.close();
    }
  });

  it('answers 500 for a document that cannot be built, logging its code, and still serves the page', async () => {
    const logged: unknown[] = [];
    const logger = { ...silent(), error: (fields: Record<string, unknown>, message?: string) => void logged.push({ fields, message }) };
    const appDir = await osTempDir();
    const fw = await createListener({ app: notesApp('missing', appDir), appDir, config: {}, env: {}, logger });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await inject(fw, '/api/docs/openapi.json');
        assert.deepEqual([answer.status, answer.json()], [500, { error: 'internal server error' }]);
      }
      assert.equal(logged.length, 2);
      assert.match(JSON.stringify(logged[0]), /FW_CLI_ERR_OPENAPI_UNKNOWN_SCHEMA/);
      assert.equal((await inject(fw, '/api/docs/')).status, 200);
    } finally {
      await fw.close();
    }
  });
});

describe('swaggerUi below a mount path (Express app.use)', () => {
  it("serves the document with its servers under the mount path, so a path appended to a server's URL reaches the app", async () => {
    const app: FwApp = defineApp({
      name: 'notes',
      router: {
        name: 'notes_router',
        routes: (_environment, context) => [
          { prefix: '', security: false, routes: [{ path: '/notes/:id', handler: (req) => json({ id: req.bindings.id }), options: { methods: ['get'] } }, swaggerUi({ context, app: () => app })] },
          { prefix: '', host: 'api.example.com', security: false, routes: [{ path: '/status', handler: () => json({ up: true }), options: { methods: ['get'] } }] },
        ],
      },
    });
    const fw = await createListener({ app, appDir: await osTempDir(), config: {}, env: {}, logger: silent() });
    const web = express();
    web.use('/fw', fw.listener);
    const server = createServer(fw.serverOptions, web).listen(0, '127.0.0.1');
    try {
      await once(server, 'listening');
      const docUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fw/docs/openapi.json`;
      const document = (await (await fetch(docUrl)).json()) as { servers: { url: string }[]; paths: Record<string, any> };
      assert.deepEqual(document.servers, [{ url: '/fw' }]);
      assert.deepEqual(document.paths['/status'].get.servers, [{ url: '//api.example.com/fw' }]);
      // What Swagger UI's "Try it out" sends: the path appended to the server URL, resolved against the document's.
      const tried = await fetch(new URL(`${document.servers[0]!.url}/notes/7`, docUrl));
      assert.deepEqual([tried.status, await tried.json()], [200, { id: '7' }]);
      // Unmounted, the same route serves fw openapi's document: servers at the root.
      assert.deepEqual((await inject(fw, '/docs/openapi.json')).json<{ servers: unknown }>().servers, [{ url: '/' }]);
    } finally {
      server.close();
      await fw.close();
    }
  });
});

describe('swaggerUi options', () => {
  const context = { config: { fw: { bootstrap_application: 'tasks' }, file: '', entries: [], app: {} }, env: {}, lifecycle: { draining: false } } as unknown as RoutesContext;

  it('makes one GET route <prefix>/[...] that the OpenAPI document leaves out', () => {
    const route = swaggerUi({ context, prefix: '/api/reference' });
    assert.equal(route.path, '/api/reference/[...]');
    assert.deepEqual(route.options, { methods: ['get'], extra: { hide: true } });
  });

  it('refuses a context, prefix, title or version it cannot use with FW_CLI_ERR_SWAGGER_UI_BAD_OPTIONS', () => {
    const prefixRule = 'a path like /docs (segments of letters, digits, . _ ~ -; no trailing slash)';
    const cases: [Record<string, unknown>, string][] = [
      [{ prefix: 'docs' }, `swaggerUi's prefix must be ${prefixRule}; found "docs"`],
      [{ prefix: '/docs/' }, `swaggerUi's prefix must be ${prefixRule}; found "/docs/"`],
      [{ prefix: '/' }, `swaggerUi's prefix must be ${prefixRule}; found "/"`],
      [{ prefix: '/docs/:id' }, `swaggerUi's prefix must be ${prefixRule}; found "/docs/:id"`],
      [{ prefix: '/docs/[...]' }, `swaggerUi's prefix must be ${prefixRule}; found "/docs/[...]"`],
      [{ title: ' ' }, `swaggerUi's title must be a non-empty string; found " "`],
      [{ version: 2 }, `swaggerUi's version must be a non-empty string; found 2`],
      [{ context: undefined }, `swaggerUi's context must be what routes() received: routes: (environment, context) => [..., swaggerUi({ context })]; found undefined`],
      [{ context: 'dev' }, `swaggerUi's context must be what routes() received: routes: (environment, context) => [..., swaggerUi({ context })]; found "dev"`],
    ];
    for (const [options, message] of cases) {
      assert.throws(() => swaggerUi({ context, ...options }), { code: 'FW_CLI_ERR_SWAGGER_UI_BAD_OPTIONS', message }, JSON.stringify(options));
    }
  });
});

function silent() {
  const none = (): void => {};
  return { trace: none, debug: none, info: none, warn: none, error: none, fatal: none };
}
