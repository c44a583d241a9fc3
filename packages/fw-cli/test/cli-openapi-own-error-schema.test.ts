/**
 * An app's own error shapes in its document (issue 38, item 7): the `errorSchema` beside the
 * app's or a group's onError is what the operations answer for a failure (500) and for a path
 * parameter that names nothing (404), in place of fw's ErrorMessage, each schema one component
 * that the --types file names too. A group's own onError answers with the group's schema, a group
 * without one with the app's; an onError without errorSchema keeps ErrorMessage. Every answer the
 * hooks give is checked against the documented schema, as a response validator would.
 */
import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { createListener, inject, type FwListener } from 'fw-core';
import { FIXTURES, openapiOutputs, runFw } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

const APP = join(FIXTURES, 'own-errors-app');
const answer = (description: string, name: string) => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } });

after(removeTempDirs);

describe("fw openapi: an app's errorSchema (own-errors-app)", () => {
  let document: Record<string, any>;
  let types: string;
  before(async () => {
    ({ document, types } = await openapiOutputs(APP, await osTempDir()));
  });

  it("answers the group's errorSchema where its onError words fw's 404 and 500", () => {
    const { responses } = document.paths['/api/orders/{id}'].get;
    assert.deepEqual(responses[404], answer('Not Found', 'ApiError'));
    assert.deepEqual(responses[500], answer('Internal Server Error', 'ApiError'));
    // A route without parameters has no 404, its failure still the group's 500.
    assert.deepEqual(document.paths['/api/crash'].get.responses[500], answer('Internal Server Error', 'ApiError'));
    assert.equal(document.paths['/api/crash'].get.responses[404], undefined);
  });

  it("answers the app's errorSchema for a group without its own onError, ErrorMessage for an onError without errorSchema", () => {
    const admin = document.paths['/admin/users/{id}'].get.responses;
    assert.deepEqual([admin[404], admin[500]], [answer('Not Found', 'ErrorAnswer'), answer('Internal Server Error', 'ErrorAnswer')]);
    const legacy = document.paths['/legacy/items/{id}'].get.responses;
    assert.deepEqual(legacy[404], answer('Not Found', 'ErrorMessage'));
    assert.equal(legacy[500], undefined);
  });

  it('lists each schema once as a component, named by its title or ErrorAnswer, and the types file has them', () => {
    const { schemas } = document.components;
    assert.deepEqual(Object.keys(schemas), ['ApiError', 'ErrorAnswer', 'ErrorMessage']);
    assert.deepEqual(schemas.ApiError, {
      title: 'ApiError',
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', required: ['code', 'request_id'], properties: { code: { type: 'string' }, request_id: { type: 'string' } } } },
    });
    assert.deepEqual(schemas.ErrorAnswer, { type: 'object', required: ['message'], properties: { message: { type: 'string' } } });
    assert.match(types, /\n {8}ApiError: \{\n {12}error: \{\n {16}code: string;\n {16}request_id: string;\n {12}\};\n {8}\};\n/);
    assert.match(types, /\n {8}ErrorAnswer: \{\n {12}message: string;\n {8}\};\n/);
    assert.equal(types.match(/"application\/json": components\["schemas"\]\["ApiError"\];/g)?.length, 3);
  });

  it('every answer the hooks give matches the documented schema', async () => {
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ components: document.components }, 'document');
    const documented = (path: string, status: number) =>
      ajv.compile(JSON.parse(JSON.stringify(document.paths[path].get.responses[status].content['application/json'].schema).replaceAll('"#/components/', '"document#/components/')));
    const listener: FwListener = await createListener({ app: (await import(join(APP, 'app.mjs'))).default, appDir: APP, config: { bootstrap_application: 'shop' }, env: { LOG_LEVEL: 'fatal' } });
    try {
      const cases = [['/api/orders/2', '/api/orders/{id}', 404], ['/api/crash', '/api/crash', 500], ['/admin/users/7', '/admin/users/{id}', 404]] as const;
      for (const [url, path, status] of cases) {
        const res = await inject(listener, url);
        assert.equal(res.status, status, url);
        const validate = documented(path, status);
        assert.equal(validate(res.json()), true, `${url}: ${res.body}: ${ajv.errorsText(validate.errors)}`);
      }
    } finally {
      await listener.close();
    }
  });

  it('refuses an errorSchema that is no schema, writing nothing', async () => {
    const out = await osTempDir();
    const run = await runFw(['openapi', '--app', APP, '--output', join(out, 'openapi.json')], { env: { OWN_ERRORS_BAD_SCHEMA: '1' } });
    assert.equal(run.code, 1);
    assert.equal(run.stderr, `fw: FW_CLI_ERR_OPENAPI_BAD_ERROR_SCHEMA: route group 0 (prefix '/api') has an errorSchema that is not a JSON schema: "ApiError"; give the schema of its onError's answers (an object), or leave it out for fw's ErrorMessage\n`);
    await assert.rejects(access(join(out, 'openapi.json')));
  });
});
