/**
 * A 304 (or 204, 205) a route lists in its response schemas is documented without content, as
 * HTTP says those answers have none: an app author's trial listed a 304 for its conditional GET
 * and `fw openapi` documented it with a JSON body (and a typed client expected one). The
 * document still validates. A HEAD operation's responses have no content at all, fw's own 400
 * and a security callback's 401 included, as the server answers HEAD without a body.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createListener, defineApp, inject, json, status, type RouteEntry } from 'fw-core';
import { loadApplication } from 'fw-core/inspect';
import { appDocument } from '../src/openapi/app-document.ts';
import { FIXTURES } from './support/run-fw.ts';

const item = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const;

describe('fw openapi and statuses without content', () => {
  it('documents a listed 304, 204 and 205 without content, and the 200 with its schema', async () => {
    const app = defineApp({
      name: 'items',
      router: {
        name: 'items_router',
        routes: () => [
          {
            prefix: '',
            security: false,
            routes: [
              { path: '/items/:id', handler: () => json({ id: 1 }), options: { methods: ['get'], schema: { response: { 200: item, 304: item } } } },
              { path: '/items/:id', handler: () => status(204), options: { methods: ['delete'], schema: { response: { 204: item } } } },
              { path: '/forms', handler: () => status(205), options: { methods: ['post'], schema: { response: { 205: {} } } } },
            ] as RouteEntry[],
          },
        ],
      },
    });
    // An app directory only for what the generator reads beside the app (no fw.config.json: config in code).
    const loaded = await loadApplication({ appDir: FIXTURES, app, config: { bootstrap_application: 'items' } });
    const { document } = await appDocument({ loaded, title: 'items', version: '1.0.0' });
    const responses = (path: string, method: string) => (document as any).paths[path][method].responses;
    assert.deepEqual(responses('/items/{id}', 'get')['304'], { description: 'Not Modified' });
    assert.deepEqual(responses('/items/{id}', 'get')['200'].content['application/json'].schema.required, ['id']);
    assert.deepEqual(responses('/items/{id}', 'delete')['204'], { description: 'No Content' });
    assert.deepEqual(responses('/forms', 'post')['205'], { description: 'Reset Content' });
  });

  it("documents every response of a HEAD operation without content, as the server's HEAD answers have none", async () => {
    const params = { type: 'object', properties: { id: { type: 'integer' } } } as const;
    const routes: RouteEntry[] = [{ path: '/items/:id', handler: () => json({ id: 1 }), options: { methods: ['head'], schema: { params, response: { 200: item } } } }];
    const app = defineApp({ name: 'items', router: { name: 'items_router', routes: () => [{ prefix: '', security: (req) => req.headers['x-key'] === 'k', routes }] } });
    const loaded = await loadApplication({ appDir: FIXTURES, app, config: { bootstrap_application: 'items' } });
    const { document } = await appDocument({ loaded, title: 'items', version: '1.0.0' });
    assert.deepEqual((document as any).paths['/items/{id}'].head.responses, {
      200: { description: 'OK' },
      400: { description: 'Bad Request' },
      401: { description: 'Unauthorized' },
      404: { description: 'Not Found' },
    });
    const listener = await createListener({ app, appDir: FIXTURES, config: { bootstrap_application: 'items' }, env: { LOG_LEVEL: 'error' } });
    try {
      const answers = [await inject(listener, { method: 'HEAD', url: '/items/x', headers: { 'x-key': 'k' } }), await inject(listener, { method: 'HEAD', url: '/items/1' })];
      assert.deepEqual(answers.map((answer) => [answer.status, answer.body]), [[400, ''], [401, '']]);
    } finally {
      await listener.close();
    }
  });
});
