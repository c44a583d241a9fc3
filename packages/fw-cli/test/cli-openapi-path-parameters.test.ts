/**
 * `fw openapi` writes one path parameter per binding of the route's path, and only those: a
 * params schema property that names no binding is left out with a warning, as OpenAPI 3.0.3
 * refuses a path parameter its path lacks (redocly's path-parameters-defined) and no request has it;
 * a brace in a route's static text is percent-encoded, as OpenAPI would read `{x}` as a parameter,
 * and the server answers the path the document gives; the wildcard's parameter takes another name
 * beside a binding named pathinfo; routes of one path shape (`/notes/:id`, `/notes/:name`) are one
 * path item, as OpenAPI forbids paths that differ only by their parameter names.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { createListener, inject } from 'fw-core';
import { runFw } from './support/run-fw.ts';
import { repoTempDir, removeTempDirs } from './support/temp-app.ts';

after(removeTempDirs);

const APP = `import { defineApp, json } from 'fw-core';
const params = { type: 'object', properties: { id: { type: 'integer' }, slug: { type: 'string' } } };
const routes = [{ path: '/posts/:id', handler: (req) => json({ id: req.pathParams.id }), options: { methods: ['get'], schema: { params } } }];
export default defineApp({ name: 'posts', router: { name: 'posts_router', routes: () => [{ prefix: '', security: false, routes }] } });
`;

/** Writes `app` (an app module's text, its app named posts) with its package.json and fw.config.json; runs `fw openapi`. */
async function generate(app: string): Promise<{ dir: string; run: Awaited<ReturnType<typeof runFw>>; document: Record<string, any> }> {
  const dir = await repoTempDir();
  await mkdir(join(dir, 'out'));
  await writeFile(join(dir, 'app.mjs'), app);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'posts-app', version: '0.0.1', private: true, type: 'module', fw: { app: './app.mjs' } }));
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'posts' } }));
  const run = await runFw(['openapi', '--no-ui', '--output', join('out', 'openapi.json')], { cwd: dir });
  return { dir, run, document: run.code === 0 ? JSON.parse(await readFile(join(dir, 'out', 'openapi.json'), 'utf8')) : {} };
}

it('leaves out, with a warning, a params schema property that is no binding of the path', async () => {
  const { run, document } = await generate(APP);
  assert.equal(run.stderr, 'fw: warning: GET /posts/:id: its params schema lists slug, which is no binding of its path, so no request has it; the document leaves it out\n');
  assert.equal(run.code, 0);
  assert.deepEqual(document.paths['/posts/{id}'].get.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }]);
});

it('percent-encodes a brace of static text, which OpenAPI reads as a parameter; the server answers the path documented', async () => {
  const app = `import { defineApp, json } from 'fw-core';
const routes = [{ path: '/posts/{id}/:n', handler: (req) => json({ n: req.bindings.n }), options: { methods: ['get'] } }];
export default defineApp({ name: 'posts', router: { name: 'posts_router', routes: () => [{ prefix: '', security: false, routes }] } });
`;
  const { dir, run, document } = await generate(app);
  assert.equal(run.stderr, '');
  assert.deepEqual(Object.keys(document.paths), ['/posts/%7Bid%7D/{n}']);
  assert.deepEqual(document.paths['/posts/%7Bid%7D/{n}'].get.parameters.map((parameter: { name: string }) => parameter.name), ['n']);
  const listener = await createListener({ app: (await import(join(dir, 'app.mjs'))).default, appDir: dir, config: { bootstrap_application: 'posts' }, env: { LOG_LEVEL: 'error' } });
  try {
    const answer = await inject(listener, '/posts/%7Bid%7D/3');
    assert.deepEqual([answer.status, answer.json()], [200, { n: '3' }]);
  } finally {
    await listener.close();
  }
});

it('names the wildcard pathinfo_2 beside a binding named pathinfo, so the path item has each parameter once', async () => {
  const app = `import { defineApp, json } from 'fw-core';
const routes = [{ path: '/files/:pathinfo/[...]', handler: (req) => json({ pathinfo: req.pathinfo }), options: { methods: ['get'] } }];
export default defineApp({ name: 'posts', router: { name: 'posts_router', routes: () => [{ prefix: '', security: false, routes }] } });
`;
  const { run, document } = await generate(app);
  assert.deepEqual([run.stderr, run.code], ['', 0]);
  assert.deepEqual(Object.keys(document.paths), ['/files/{pathinfo}/{pathinfo_2}']);
  assert.deepEqual(document.paths['/files/{pathinfo}/{pathinfo_2}'].get.parameters.map((parameter: { name: string }) => parameter.name), ['pathinfo', 'pathinfo_2']);
});

it('documents routes of one path shape under one path item, the later ones taking its parameter names; a binding beside [...] on one method stays apart', async () => {
  const app = `import { defineApp, json } from 'fw-core';
const show = { path: '/notes/:id', handler: (req) => json(req.bindings), options: { methods: ['get'] } };
const rename = { path: '/notes/:name', handler: (req) => json(req.bindings), options: { methods: ['put'] } };
const file = { path: '/files/:name', handler: (req) => json(req.bindings), options: { methods: ['get'] } };
const tree = { path: '/files/[...]', handler: (req) => json({ pathinfo: req.pathinfo }), options: { methods: ['get'] } };
export default defineApp({ name: 'posts', router: { name: 'posts_router', routes: () => [
  { prefix: '', security: false, routes: [show, file, tree] },
  { prefix: '', security: false, routes: [rename] },
] } });
`;
  const { dir, run, document } = await generate(app);
  assert.equal(run.stderr, "fw: warning: PUT /notes/:name shares its path shape with /notes/{id}: OpenAPI has one path item per path shape, so its path parameters take that path's names\n");
  assert.deepEqual(Object.keys(document.paths), ['/notes/{id}', '/files/{name}', '/files/{pathinfo}']);
  assert.deepEqual(Object.keys(document.paths['/notes/{id}']), ['get', 'put']);
  assert.deepEqual(document.paths['/notes/{id}'].put.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  // The parameter is the segment, whatever its name: the PUT route binds it as name.
  const listener = await createListener({ app: (await import(join(dir, 'app.mjs'))).default, appDir: dir, config: { bootstrap_application: 'posts' }, env: { LOG_LEVEL: 'error' } });
  try {
    const answer = await inject(listener, { method: 'PUT', url: '/notes/7' });
    assert.deepEqual([answer.status, answer.json()], [200, { name: '7' }]);
  } finally {
    await listener.close();
  }
});
