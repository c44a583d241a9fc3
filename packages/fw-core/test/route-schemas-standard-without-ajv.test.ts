/**
 * ajv is an optional peer dependency, imported only when a route schema has a JSON Schema part: an
 * app whose route schemas are all Standard Schemas (zod) starts and checks requests with ajv
 * unresolvable, as in a project that never installed it. The same hook makes a JSON Schema app
 * fail to start, so it does hide ajv.
 */
import assert from 'node:assert/strict';
import { registerHooks } from 'node:module';
import { describe, it } from 'node:test';
import * as z from 'zod';
import { json } from '../src/http/response.ts';
import { injectTestApp } from './support/inject-app.ts';

const imported: string[] = [];
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'ajv' || specifier.startsWith('ajv/')) {
      imported.push(specifier);
      throw Object.assign(new Error(`Cannot find package '${specifier}'`), { code: 'ERR_MODULE_NOT_FOUND' });
    }
    return next(specifier, context);
  },
});

const routeWith = (params: unknown) => [{ prefix: '', security: false as const, routes: [{ path: '/items/:id', handler: () => json({ ok: true }), options: { methods: ['get'] as const, schema: { params } as never } }] }];

describe('an app of Standard Schemas without ajv installed', () => {
  it('starts and checks its routes without importing ajv', async () => {
    const app = await injectTestApp({ groups: routeWith(z.object({ id: z.coerce.number().int() })) });
    try {
      assert.equal((await app.fetch('/items/7')).status, 200);
      assert.equal((await app.fetch('/items/x')).status, 400);
      assert.deepEqual(imported, []);
    } finally {
      await app.close();
    }
  });

  it('while a JSON Schema route, which needs ajv, cannot start here', async () => {
    await assert.rejects(injectTestApp({ groups: routeWith({ type: 'object', properties: { id: { type: 'integer' } } }) }));
    assert.ok(imported.includes('ajv'), 'ajv was asked for');
  });
});
