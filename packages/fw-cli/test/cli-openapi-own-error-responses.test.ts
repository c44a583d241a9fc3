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
