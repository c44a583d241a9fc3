/**
 * The app can replace ajv: `defineApp({schemaCompiler})` compiles every route schema, is told
 * which parts to coerce, and its errors reach fw's 400 (or the app's hook) unchanged.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import type { SchemaCompiler } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

/** A tiny compiler: `{digits: [names]}` requires each name to be a string of digits, coerced to a number when asked. */
function digitsCompiler(calls: { schema: unknown; coerce: boolean }[]): SchemaCompiler {
  return (schema, { coerce }) => {
    calls.push({ schema, coerce });
    const names = (schema as { digits?: unknown }).digits;
    if (!Array.isArray(names)) throw new Error('digits must list names');
    return (value) => {
      const record = value as Record<string, unknown>;
      const errors = names.filter((name: string) => !/^[0-9]+$/.test(String(record[name]))).map((name: string) => ({ path: `/${name}`, keyword: 'digits', message: 'must be digits', params: {} }));
      if (errors.length > 0) return { valid: false, errors };
      if (coerce) for (const name of names) record[name] = Number(record[name]);
      return { valid: true };
    };
  };
}

describe('route schemas: a custom schemaCompiler', () => {
  const calls: { schema: unknown; coerce: boolean }[] = [];
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      schemaCompiler: digitsCompiler(calls),
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            {
              path: '/pages/:n',
              handler: (req: FwRequest) => json({ n: req.pathParams?.n ?? null, size: req.queryParams?.size ?? null }),
              options: { methods: ['get'], schema: { params: { digits: ['n'] }, query: { digits: ['size'] } } },
            },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it('compiles each part once at start, coercing the text parts', () => {
    assert.deepEqual(calls, [
      { schema: { digits: ['n'] }, coerce: true },
      { schema: { digits: ['size'] }, coerce: true },
    ]);
  });

  it('hands the handler what the compiler coerced', async () => {
    const res = await app.fetch('/pages/3?size=20');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { n: 3, size: 20 });
  });

  it("answers fw's 400 with the compiler's own errors", async () => {
    const res = await app.fetch('/pages/3?size=big');
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'invalid query', details: [{ path: '/size', keyword: 'digits', message: 'must be digits', params: {} }] });
  });

  it('reports a schema the compiler throws on as FW_ERR_ROUTE_BAD_SCHEMA', async () => {
    await assert.rejects(
      injectTestApp({ schemaCompiler: digitsCompiler([]), groups: [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({}), options: { schema: { body: { type: 'object' } } } }] }] }),
      (error: unknown) => {
        assert.ok(error instanceof FwError);
        assert.equal(error.code, 'FW_ERR_ROUTE_BAD_SCHEMA');
        assert.equal(error.message, 'route ANY /x schema.body does not compile: digits must list names');
        return true;
      },
    );
  });
});
