/**
 * `fw openapi` writes one path parameter per binding of the route's path, and only those: a
 * params schema property that names no binding is left out with a warning, as OpenAPI 3.0.3
 * refuses a path parameter its path lacks (redocly's path-parameters-defined) and no request has it.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { runFw } from './support/run-fw.ts';
import { repoTempDir, removeTempDirs } from './support/temp-app.ts';

after(removeTempDirs);

const APP = `import { defineApp, json } from 'fw-core';
const params = { type: 'object', properties: { id: { type: 'integer' }, slug: { type: 'string' } } };
const routes = [{ path: '/posts/:id', handler: (req) => json({ id: req.pathParams.id }), options: { methods: ['get'], schema: { params } } }];
export default defineApp({ name: 'posts', router: { name: 'posts_router', routes: () => [{ prefix: '', security: false, routes }] } });
`;

it('leaves out, with a warning, a params schema property that is no binding of the path', async () => {
  const dir = await repoTempDir();
  await mkdir(join(dir, 'out'));
  await writeFile(join(dir, 'app.mjs'), APP);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'posts-app', version: '0.0.1', private: true, type: 'module', fw: { app: './app.mjs' } }));
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'posts' } }));
  const run = await runFw(['openapi', '--no-ui', '--output', join('out', 'openapi.json')], { cwd: dir });
  assert.equal(run.stderr, 'fw: warning: GET /posts/:id: its params schema lists slug, which is no binding of its path, so no request has it; the document leaves it out\n');
  assert.equal(run.code, 0);
  const document = JSON.parse(await readFile(join(dir, 'out', 'openapi.json'), 'utf8'));
  assert.deepEqual(document.paths['/posts/{id}'].get.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }]);
});
