/**
 * A route that lists its own 400 keeps fw's 400s in its document: `anyOf` its schema, fw's
 * InvalidRequest (no onInvalid) and the malformed-JSON ErrorMessage (the group decodes JSON), so
 * a generated client's error type is the union of all three. Every 400 the fixture app gives is
 * checked against the documented schema, as a response validator would.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { createListener, inject, type FwListener } from 'fw-core';
import { FIXTURES, openapiOutputs } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

const APP = join(FIXTURES, 'openapi-details-app');
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const problem = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };

after(removeTempDirs);

describe("fw openapi: a route's own 400 beside fw's (openapi-details-app)", () => {
  let document: Record<string, any>;
  let types: string;
  before(async () => {
    ({ document, types } = await openapiOutputs(APP, await osTempDir()));
  });

  it("lists the route's 400, fw's InvalidRequest and the malformed-JSON ErrorMessage as anyOf", () => {
    const badRequest = (schema: unknown) => ({ description: 'Bad Request', content: { 'application/json': { schema } } });
    assert.deepEqual(document.paths['/tasks'].post.responses[400], badRequest({ anyOf: [problem, ref('InvalidRequest'), ref('ErrorMessage')] }));
    // Its onInvalid answers in the route's shape: only the malformed-JSON 400 is fw's.
    assert.deepEqual(document.paths['/tasks/{id}'].put.responses[400], badRequest({ anyOf: [problem, ref('ErrorMessage')] }));
    assert.match(types, /\n {24}message: string;\n {20}\} \| components\["schemas"\]\["InvalidRequest"\] \| components\["schemas"\]\["ErrorMessage"\];\n/);
  });

  it('every 400 the route gives matches the documented schema', async () => {
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ components: document.components }, 'document');
    const documented = JSON.parse(JSON.stringify(document.paths['/tasks'].post.responses[400].content['application/json'].schema).replaceAll('"#/components/', '"document#/components/'));
    const validate = ajv.compile(documented);
    const listener: FwListener = await createListener({ app: (await import(join(APP, 'app.mjs'))).default, appDir: APP, config: { bootstrap_application: 'tasks' }, env: { LOG_LEVEL: 'error' } });
    try {
      const post = (body: string) => inject(listener, { method: 'POST', url: '/tasks', headers: { 'content-type': 'application/json' }, body });
      const answers = [await post('{"title": ""}'), await post('{}'), await post('{"title": ')].map((res) => ({ status: res.status, body: res.json() }));
      assert.deepEqual(answers, [
        { status: 400, body: { message: 'the title is empty' } },
        { status: 400, body: { error: 'invalid body', details: [{ path: '', keyword: 'required', message: "must have required property 'title'", params: { missingProperty: 'title' } }] } },
        { status: 400, body: { error: 'malformed JSON body' } },
      ]);
      for (const { body } of answers) assert.equal(validate(body), true, `${JSON.stringify(body)}: ${ajv.errorsText(validate.errors)}`);
    } finally {
      await listener.close();
    }
  });
});

describe("fw openapi: an app-wide onInvalid that hands failures back keeps fw's 400 documented (openapi-app-hook-app)", () => {
  const HOOK_APP = join(FIXTURES, 'openapi-app-hook-app');
  let document: Record<string, any>;
  before(async () => {
    ({ document } = await openapiOutputs(HOOK_APP, await osTempDir()));
  });

  it("lists fw's InvalidRequest 400 on the routes the app's hook may hand back, and none on the route with its own hook", () => {
    const paths = document.paths;
    assert.deepEqual(paths['/books'].get.responses[400], { description: 'Bad Request', content: { 'application/json': { schema: ref('InvalidRequest') } } });
    assert.deepEqual(paths['/books/{id}'].get.responses[400], { description: 'Bad Request', content: { 'application/json': { schema: ref('InvalidRequest') } } });
    assert.deepEqual(paths['/books'].post.responses[400].content['application/json'].schema, { anyOf: [ref('InvalidRequest'), ref('ErrorMessage')] });
    assert.equal(paths['/books/{id}'].delete.responses[400], undefined);
  });

  it('every 400 and 422 the app gives matches its documented schema', async () => {
    const ajv = new Ajv({ strict: false });
    ajv.addSchema({ components: document.components }, 'document');
    const documented = (path: string, method: string, status: number) => {
      const schema = document.paths[path][method].responses[status].content['application/json'].schema;
      return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"document#/components/')));
    };
    const listener: FwListener = await createListener({ app: (await import(join(HOOK_APP, 'app.mjs'))).default, appDir: HOOK_APP, config: { bootstrap_application: 'books' }, env: { LOG_LEVEL: 'error' } });
    try {
      const cases = [
        { path: '/books', method: 'get', url: '/books?limit=0' },
        { path: '/books/{id}', method: 'get', url: '/books/abc' },
        { path: '/books', method: 'post', url: '/books', body: '{}' },
        { path: '/books/{id}', method: 'delete', url: '/books/abc' },
      ];
      const answers = [];
      for (const c of cases) {
        const res = await inject(listener, { method: c.method.toUpperCase(), url: c.url, ...(c.body && { headers: { 'content-type': 'application/json' }, body: c.body }) });
        answers.push({ status: res.status, body: res.json() });
        const validate = documented(c.path, c.method, res.status);
        assert.equal(validate(res.json()), true, `${c.method} ${c.url} ${res.status} ${JSON.stringify(res.json())}: ${ajv.errorsText(validate.errors)}`);
      }
      assert.deepEqual(answers.map((a) => a.status), [400, 400, 422, 404]);
    } finally {
      await listener.close();
    }
  });
});
