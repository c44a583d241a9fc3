/**
 * `fw openapi` and a route that reads its body itself (an upload, docs/applications-reference.md, "Uploads"): without a
 * word the document gave it no request body, so a generated client could send no file. `extra.body_types` documents the
 * body as bytes of those media types, with the 413 readBody answers; a wrong list, or one beside a JSON body, names the
 * route and the key. The server's answers are checked against the operation.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createListener, inject } from 'fw-core';
import { openapiOutputs, runFw } from './support/run-fw.ts';
import { osTempDir, removeTempDirs, repoTempDir } from './support/temp-app.ts';

const app = (extra: string, schema = '') => `import { defineApp, readBody, status } from 'fw-core';
const upload = { path: '/files/:name', options: { methods: ['put'], extra: ${extra}${schema} }, handler: async (req) => (await readBody(req.raw, 8), status(204)) };
export default defineApp({ name: 'files', router: { name: 'files_router', routes: () => [{ prefix: '', security: false, routes: [upload] }] } });
`;

async function appDir(source: string): Promise<string> {
  const dir = await repoTempDir();
  await writeFile(join(dir, 'app.mjs'), source);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'files-app', version: '0.0.1', private: true, type: 'module', fw: { app: './app.mjs' } }));
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'files' } }));
  return dir;
}

after(removeTempDirs);

describe('fw openapi: a body the handler reads itself', () => {
  it('documents extra.body_types as a required binary body of each type, with the 413 past the limit', async () => {
    const dir = await appDir(app("{ status: 204, body_types: ['application/octet-stream', 'image/png'] }"));
    const { document, types } = await openapiOutputs(dir, await osTempDir());
    const put = document.paths['/files/{name}'].put;
    const bytes = { schema: { type: 'string', format: 'binary' } };
    assert.deepEqual(put.requestBody, { required: true, content: { 'application/octet-stream': bytes, 'image/png': bytes } });
    assert.deepEqual(Object.keys(put.responses), ['204', '404', '413']);
    assert.deepEqual(put.responses[413], { description: 'Payload Too Large', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorMessage' } } } });
    assert.match(types, /requestBody: \{\s*content: \{\s*"application\/octet-stream": string;\s*"image\/png": string;/);
    const listener = await createListener({ app: (await import(join(dir, 'app.mjs'))).default, appDir: dir, env: { LOG_LEVEL: 'error' } });
    try {
      const put = (body: string) => inject(listener, { method: 'PUT', url: '/files/a.png', headers: { 'content-type': 'image/png' }, body });
      assert.equal((await put('12345678')).status, 204);
      const tooLarge = await put('123456789');
      assert.deepEqual([tooLarge.status, tooLarge.json()], [413, { error: 'request body too large' }]);
    } finally {
      await listener.close();
    }
  });

  it('refuses a body_types that is no list of media types, or one beside a JSON body schema, naming the route', async () => {
    const cases = [
      [app("{ body_types: 'application/pdf' }"), 'route /files/:name: options.extra.body_types must be a list of media types without repeats, like ["application/octet-stream"]; found "application/pdf"'],
      [app("{ body_types: ['application/pdf; charset=x'] }"), 'route /files/:name: options.extra.body_types must be a list of media types without repeats, like ["application/octet-stream"]; found ["application/pdf; charset=x"]'],
      [app("{ body_types: ['image/png'] }", ", schema: { body: { type: 'object' } }"), 'route PUT /files/:name: options.extra.body_types documents a body the handler reads itself, but its schema.body is a JSON body fw reads; keep one of them'],
    ] as const;
    for (const [source, message] of cases) {
      const run = await runFw(['openapi', '--app', await appDir(source), '--output', join(await osTempDir(), 'openapi.json')]);
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stderr, `fw: FW_CLI_ERR_OPENAPI_BAD_EXTRA: ${message}\n`);
    }
  });
});
