/**
 * fw's ajv checks `format` with ajv-formats when it is installed, and takes the app's ajv options
 * and plugins as Fastify does (`defineApp({ajv: {customOptions, plugins}})`, issue 38, item 1),
 * a RegExp engine such as RE2 among them; options that would break what fw promises about
 * coercion and error lists are refused at start with FW_ERR_SCHEMA_BAD_AJV_OPTIONS.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import re2 from 're2-wasm';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import { loadAjvCompiler } from '../src/schema/ajv-compiler.ts';
import type { AjvOptions, RouteSchema } from '../src/schema/route-schema.ts';
import { injectTestApp } from './support/inject-app.ts';

const echo = (req: FwRequest) => json({ queryParams: req.queryParams ?? null, body: req.body ?? null });

/** An app with one route, GET and POST /things, checking `schema`. */
const appWith = (schema: RouteSchema, ajv?: AjvOptions) =>
  injectTestApp({
    fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
    groups: [{ prefix: '', security: false, routes: [{ path: '/things', handler: echo, options: { methods: ['get', 'post'], schema } }] }],
    ...(ajv && { ajv }),
  });

/** What assert.rejects matches a refusal against: an FwError (by name) with the code and this message. */
const badOptions = (message: string) => ({ name: 'FwError', code: 'FW_ERR_SCHEMA_BAD_AJV_OPTIONS', message });

describe('route schemas: formats', () => {
  it('checks format: "date" with ajv-formats, as installed here', async () => {
    const app = await appWith({ query: { type: 'object', properties: { due: { type: 'string', format: 'date' } } } });
    try {
      const bad = await app.fetch('/things?due=2026-13-45');
      assert.equal(bad.status, 400);
      assert.deepEqual(await bad.json(), { error: 'invalid query', details: [{ path: '/due', keyword: 'format', message: 'must match format "date"', params: { format: 'date' } }] });
      const good = await app.fetch('/things?due=2026-11-29');
      assert.equal(good.status, 200);
      assert.deepEqual(await good.json(), { queryParams: { due: '2026-11-29' }, body: null });
    } finally {
      await app.close();
    }
  });

  it('without ajv-formats, says how to get the format', async () => {
    const importModule = (name: string) => (name === 'ajv' ? import('ajv') : Promise.reject(new Error(`Cannot find package '${name}'`)));
    const compile = await loadAjvCompiler({}, importModule);
    assert.throws(
      () => compile({ type: 'object', properties: { due: { type: 'string', format: 'date' } } }, { coerce: true }),
      { message: 'unknown format "date" ignored in schema at path "#/properties/due": install ajv-formats (`npm install ajv-formats`), or add the format with defineApp({ajv: {plugins}})' },
    );
  });

  it('names the keyword a misspelt one is closest to, among those ajv knows, the app\'s own included', async () => {
    const compile = await loadAjvCompiler({ customOptions: { keywords: ['example'] } });
    assert.throws(() => compile({ type: 'string', minLenght: 1 }, { coerce: false }), { message: 'strict mode: unknown keyword: "minLenght" (did you mean minLength?)' });
    assert.throws(() => compile({ type: 'string', exampel: 'x' }, { coerce: false }), { message: 'strict mode: unknown keyword: "exampel" (did you mean example?)' });
    assert.throws(() => compile({ type: 'string', zzzzzz: 1 }, { coerce: false }), { message: 'strict mode: unknown keyword: "zzzzzz"' });
  });

  it('with ajv-formats, names the format a misspelt one is closest to', async () => {
    const compile = await loadAjvCompiler({});
    assert.throws(
      () => compile({ type: 'object', properties: { due: { type: 'string', format: 'dat' } } }, { coerce: true }),
      { message: 'unknown format "dat" ignored in schema at path "#/properties/due": did you mean "date"? Else add the format with defineApp({ajv: {plugins}})' },
    );
  });
});

describe('route schemas: the app ajv options and plugins', () => {
  it('runs plugins after ajv-formats, each with its options', async () => {
    const seen: unknown[] = [];
    const evenFormat = (ajv: { addFormat(name: string, test: (text: string) => boolean): void }, options: { name: string }) => {
      seen.push(options);
      ajv.addFormat(options.name, (text) => Number(text) % 2 === 0);
    };
    const app = await appWith({ query: { type: 'object', properties: { n: { type: 'string', format: 'even' }, due: { type: 'string', format: 'date' } } } }, { plugins: [[evenFormat, { name: 'even' }]] });
    try {
      assert.equal(seen.length, 2, 'one call per ajv instance made at start (plain and coercing, first issue)');
      assert.deepEqual(seen[0], { name: 'even' });
      const bad = await app.fetch('/things?n=3&due=x');
      assert.equal(bad.status, 400);
      assert.deepEqual(await bad.json(), {
        error: 'invalid query',
        details: [
          { path: '/n', keyword: 'format', message: 'must match format "even"', params: { format: 'even' } },
          { path: '/due', keyword: 'format', message: 'must match format "date"', params: { format: 'date' } },
        ],
      });
      assert.equal(seen.length, 3, 'the coercing all-issues instance, made by the first failing query, with the plugins too');
      assert.equal((await app.fetch('/things?n=4&due=2026-01-31')).status, 200);
    } finally {
      await app.close();
    }
  });

  it("takes ajv's own options over fw's, keeping fw's coercion: query coerced, body not", async () => {
    // Without `keywords`, ajv's strict mode (fw's default) refuses the OpenAPI `example` keyword at start.
    const schema: RouteSchema = {
      query: { type: 'object', properties: { limit: { type: 'integer', example: 5 } } },
      body: { type: 'object', properties: { count: { type: 'integer', example: 1 } } },
    };
    await assert.rejects(appWith(schema), { code: 'FW_ERR_ROUTE_BAD_SCHEMA' });
    const app = await appWith(schema, { customOptions: { keywords: ['example'] } });
    try {
      const res = await app.fetch('/things?limit=7', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count": 2}' });
      assert.deepEqual(await res.json(), { queryParams: { limit: 7 }, body: { count: 2 } });
      const text = await app.fetch('/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count": "2"}' });
      assert.equal(text.status, 400);
      assert.deepEqual(await text.json(), { error: 'invalid body', details: [{ path: '/count', keyword: 'type', message: 'must be integer', params: { type: 'integer' } }] });
    } finally {
      await app.close();
    }
  });

  it('takes multipleOfPrecision, without which ajv finds 19.99 no multiple of 0.01 (applications-reference.md says so)', async () => {
    const schema: RouteSchema = { body: { type: 'object', properties: { price: { type: 'number', minimum: 0, multipleOf: 0.01 } } } };
    const post = (app: Awaited<ReturnType<typeof appWith>>) => app.fetch('/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"price": 19.99}' });
    const plain = await appWith(schema);
    const precise = await appWith(schema, { customOptions: { multipleOfPrecision: 9 } });
    try {
      const refused = await post(plain);
      assert.equal(refused.status, 400);
      assert.deepEqual(await refused.json(), { error: 'invalid body', details: [{ path: '/price', keyword: 'multipleOf', message: 'must be multiple of 0.01', params: { multipleOf: 0.01 } }] });
      assert.deepEqual(await (await post(precise)).json(), { queryParams: null, body: { price: 19.99 } });
    } finally {
      await Promise.all([plain.close(), precise.close()]);
    }
  });

  it('checks patterns with the RegExp engine given in code.regExp: RE2 answers a catastrophic pattern at once', async () => {
    const patterns: string[] = [];
    const regExp = (pattern: string, flags: string) => {
      patterns.push(pattern);
      return new re2.RE2(pattern, flags);
    };
    const app = await appWith({ query: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } } }, { customOptions: { code: { regExp } } });
    try {
      assert.ok(patterns.includes('^(a+)+$'));
      // JavaScript's backtracking engine takes seconds on 29 characters, doubling with each one more.
      const started = performance.now();
      const res = await app.fetch(`/things?name=${'a'.repeat(40)}b`);
      const elapsed = performance.now() - started;
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: 'invalid query', details: [{ path: '/name', keyword: 'pattern', message: 'must match pattern "^(a+)+$"', params: { pattern: '^(a+)+$' } }] });
      assert.ok(elapsed < 2000, `answered in ${elapsed} ms`);
      assert.equal((await app.fetch('/things?name=aaa')).status, 200);
    } finally {
      await app.close();
    }
  });
});

describe('route schemas: ajv options fw refuses at start', () => {
  const schema: RouteSchema = { query: { type: 'object' } };
  for (const [title, ajv, message] of [
    ['coerceTypes', { customOptions: { coerceTypes: true } }, "ajv.customOptions.coerceTypes is fw's to set: fw coerces params, query and headers ('array', decimal text only) and never the body; give a schemaCompiler to do otherwise"],
    ['allErrors', { customOptions: { allErrors: true } }, "ajv.customOptions.allErrors is fw's to set: fw stops at the first issue and lists them all only after a failure; give a schemaCompiler to do otherwise"],
    ['an unknown key', { formats: {} }, "unknown key ajv.formats; the app's ajv takes customOptions and plugins"],
    ['customOptions that are not an object', { customOptions: [] }, 'ajv.customOptions must be an object of ajv options'],
    ['a plugin that is not a function', { plugins: ['ajv-formats'] }, 'ajv.plugins must be a list of plugins, each a function (ajv) => void or [plugin, options]'],
    ['an ajv that is not an object', 'ajv-formats', "the app's ajv must be an object like {customOptions: {...}, plugins: [...]}"],
  ] as const) {
    it(`refuses ${title}`, async () => {
      await assert.rejects(appWith(schema, ajv as never), badOptions(message));
    });
  }

  it('refuses ajv beside a schemaCompiler, even when no route has a schema', async () => {
    const start = injectTestApp({
      groups: [{ prefix: '', security: false, routes: [{ path: '/', handler: () => json({}) }] }],
      schemaCompiler: () => () => ({ valid: true }),
      ajv: { customOptions: {} },
    });
    await assert.rejects(start, badOptions("the app gives both ajv and schemaCompiler: ajv configures fw's default compiler, which a schemaCompiler replaces; keep one"));
  });

  it('wraps what ajv or a plugin throws, with the cause', async () => {
    const broken = () => {
      throw new Error('plugin needs ajv 9');
    };
    await assert.rejects(appWith(schema, { plugins: [broken] }), {
      ...badOptions("ajv refuses the app's ajv options or plugins: plugin needs ajv 9"),
      cause: new Error('plugin needs ajv 9'),
    });
  });
});
