/**
 * `fw openapi` on routes that list OPTIONS in a group running fw_cors_plugin: the plugin answers
 * every OPTIONS 204, without a body, before security, the route's schemas and its handler, so
 * the operation is that 204, public, whatever the route's schemas and group say; in a group
 * without the plugin the route answers, as documented from it. Each OPTIONS the fixture's server
 * answers is checked against its operation's responses.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createListener, inject } from 'fw-core';
import { FIXTURES, openapiOutputs } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

const APP = join(FIXTURES, 'cors-options-app');
const NODE_ERRORS = "Answered by Node's http server before fw sees the request, without a body: 400 for a malformed request, 408 when its head comes too slowly, 431 when its head is over max_header_size";

after(removeTempDirs);

describe('fw openapi: OPTIONS routes in a group running fw_cors_plugin (cors-options-app)', () => {
  let document: Record<string, any>;
  before(async () => {
    ({ document } = await openapiOutputs(APP, await osTempDir()));
  });

  it("documents the plugin's 204 without a body, public, with the path's parameters only", () => {
    const preflight = { responses: { 204: { description: 'No Content' }, '4XX': { description: NODE_ERRORS } }, security: [] };
    const { operationId: _list, summary: _listSummary, tags: _listTags, ...list } = document.paths['/notes'].options;
    const { operationId: _one, summary: _oneSummary, tags: _oneTags, ...one } = document.paths['/notes/{id}'].options;
    const { operationId: _private, summary: _privateSummary, tags: _privateTags, ...secured } = document.paths['/private'].options;
    assert.deepEqual(list, preflight);
    assert.deepEqual(one, { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], ...preflight });
    assert.deepEqual(secured, preflight);
    assert.equal(document.components.securitySchemes, undefined);
  });

  it("keeps the route's own answer where no plugin takes OPTIONS, and the route's GET beside the plugin", () => {
    assert.deepEqual(Object.keys(document.paths['/plain'].options.responses), ['200', '4XX']);
    assert.deepEqual(Object.keys(document.paths['/notes'].get.responses), ['200', '400']);
  });

  it('every OPTIONS the server answers has its status among the documented ones, the 204s without a body', async () => {
    const listener = await createListener({ app: (await import(join(APP, 'app.mjs'))).default, appDir: APP, config: { bootstrap_application: 'notes' }, env: { LOG_LEVEL: 'error' } });
    try {
      const answers = [];
      for (const [path, url] of [['/notes', '/notes?tag=x'], ['/notes/{id}', '/notes/not-a-number'], ['/private', '/private'], ['/plain', '/plain']] as const) {
        const res = await inject(listener, { method: 'OPTIONS', url });
        answers.push({ path, status: res.status, documented: String(res.status) in document.paths[path].options.responses, body: res.body });
      }
      assert.deepEqual(answers, [
        { path: '/notes', status: 204, documented: true, body: '' },
        { path: '/notes/{id}', status: 204, documented: true, body: '' },
        { path: '/private', status: 204, documented: true, body: '' },
        { path: '/plain', status: 200, documented: true, body: '{"methods":["GET","OPTIONS"]}' },
      ]);
    } finally {
      await listener.close();
    }
  });
});
