/**
 * `fw openapi` lists what body decoding answers itself on POST, PUT and PATCH in a group that
 * decodes bodies, whether or not the route has schemas: 400 for malformed JSON, 413 for a body
 * over the limit, 415 for an encoding it does not read, each with fw's body. A group that decodes
 * nothing lists none of them. The fixture's server is sent each such request, and every answer's
 * status and body is checked against the operation, as a response validator would.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { createListener, inject } from 'fw-core';
import { openapiOutputs } from './support/run-fw.ts';
import { osTempDir, removeTempDirs, repoTempDir } from './support/temp-app.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const answer = (description: string, name: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });

/** The app: a route without schemas in a decoding group (the global list) and one in a group that decodes nothing. */
const APP = `import { defineApp, json } from 'fw-core';
const hook = { path: '/hooks', handler: () => json({ ok: true }), options: { methods: ['post'] } };
const raw = { path: '/raw', handler: () => json({ ok: true }), options: { methods: ['post'] } };
export default defineApp({ name: 'hooks', router: { name: 'hooks_router', routes: () => [{ prefix: '', security: false, routes: [hook] }, { prefix: '', security: false, plugins: [], routes: [raw] }] } });
`;
const CONFIG = { bootstrap_application: 'hooks', plugins: [{ phase: 'pre_request' as const, module: 'fw_request_plugin', options: { decode_json_body: true } }] };

after(removeTempDirs);

describe('fw openapi: body decoding answers on a route without schemas', () => {
  let dir: string;
  let document: Record<string, any>;
  before(async () => {
    dir = await repoTempDir();
    await writeFile(join(dir, 'app.mjs'), APP);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'hooks-app', version: '0.0.1', private: true, type: 'module', fw: { app: './app.mjs' } }));
    await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ fw: CONFIG }));
    ({ document } = await openapiOutputs(dir, await osTempDir()));
  });

  it("lists the decoder's 400, 413 and 415 where the group decodes bodies, and Node's 4XX alone where it does not", () => {
    assert.deepEqual(document.paths['/hooks'].post.responses, {
      // json({ok: true}) without a response schema: a body of a shape the route does not say.
      200: { description: 'OK', content: { '*/*': { schema: {} } } },
      400: answer('Bad Request', 'ErrorMessage'),
      413: answer('Payload Too Large', 'ErrorMessage'),
      415: answer('Unsupported Media Type', 'UnsupportedMediaType'),
    });
    assert.deepEqual(Object.keys(document.paths['/raw'].post.responses), ['200', '4XX']);
  });

  it("each of the decoder's answers has a documented status and a body its schema accepts", async () => {
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ components: document.components }, 'document');
    const listener = await createListener({ app: (await import(join(dir, 'app.mjs'))).default, appDir: dir, config: { ...CONFIG, plugins: [{ ...CONFIG.plugins[0]!, options: { decode_json_body: true, max_body_size: 64 } }] }, env: { LOG_LEVEL: 'error' } });
    try {
      const post = (headers: Record<string, string>, body: string) => inject(listener, { method: 'POST', url: '/hooks', headers: { 'content-type': 'application/json', ...headers }, body });
      const answers = [await post({}, '{"x'), await post({}, JSON.stringify({ text: 'x'.repeat(100) })), await post({ 'content-encoding': 'gzip' }, '{}')];
      const checked = answers.map((res) => {
        const schema = document.paths['/hooks'].post.responses[res.status]?.content?.['application/json'].schema;
        return { status: res.status, valid: schema !== undefined && ajv.validate({ $ref: `document${schema.$ref}` }, res.json()) };
      });
      assert.deepEqual(checked, [{ status: 400, valid: true }, { status: 413, valid: true }, { status: 415, valid: true }]);
    } finally {
      await listener.close();
    }
  });
});
