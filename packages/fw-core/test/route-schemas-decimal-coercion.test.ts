/**
 * Params, query and headers become numbers only from decimal text (issue 38, item 4;
 * docs/applications-reference.md, "Route schemas"): ajv alone reads `0x10` as 16, ` 1 ` as 1, `1e3` as 1000,
 * `Infinity` as Infinity and `9007199254740993` as 9007199254740992, and `/items/0x1` found item 1.
 * fw answers its normal 400 for each, with one `type` issue at the value, and leaves text that a
 * string schema accepts as it is.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RouteEntry } from '../src/app/route-group.ts';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import { loadAjvCompiler } from '../src/schema/ajv-compiler.ts';
import type { SchemaResult } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const echo = (req: FwRequest) => json({ pathParams: req.pathParams ?? null, queryParams: req.queryParams ?? null });
const decimalIssue = (path: string) => ({ path, keyword: 'type', message: 'must be a decimal number within ±9007199254740991', params: {} });

/** The query schema: integers (one with a maximum), a number, a string, a list of integers and a list of lists of them. */
const listQuery = {
  type: 'object',
  properties: {
    limit: { type: 'integer', maximum: 10 },
    big: { type: 'integer' },
    price: { type: 'number' },
    code: { type: 'string' },
    ids: { type: 'array', items: { type: 'integer' } },
    grid: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
  },
};

/** Unions whose later branch ajv coerces the number made in an earlier, failing one into: back to text, or to a boolean. */
const choiceQuery = {
  type: 'object',
  properties: {
    a: { anyOf: [{ type: 'integer', maximum: 5 }, { type: 'string' }] },
    b: { oneOf: [{ type: 'integer', minimum: 5 }, { type: 'boolean' }] },
    ids: { type: 'array', items: { anyOf: [{ type: 'integer', maximum: 5 }, { type: 'string' }] } },
  },
};

/** `not` of a number type, and of a number range. */
const notQuery = { type: 'object', properties: { a: { not: { type: 'integer' } }, b: { not: { type: 'number', maximum: 5 } } } };

describe('route schemas: numbers from decimal text only', () => {
  let app: InjectedApp;
  let handled = 0;
  const integer = (name: string) => ({ type: 'object', properties: { [name]: { type: 'integer' } } });
  const routes: RouteEntry[] = [
    { path: '/items/:id', handler: (req: FwRequest) => ((handled += 1), echo(req)), options: { methods: ['get'], schema: { params: integer('id') } } },
    { path: '/list', handler: echo, options: { methods: ['get'], schema: { query: listQuery } } },
    { path: '/tenant', handler: echo, options: { methods: ['get'], schema: { headers: integer('x-tenant') } } },
    { path: '/choice', handler: echo, options: { methods: ['get'], schema: { query: choiceQuery } } },
    { path: '/not', handler: echo, options: { methods: ['get'], schema: { query: notQuery } } },
  ];
  before(async () => {
    app = await injectTestApp({ groups: [{ prefix: '', security: false, routes }] });
  });
  after(() => app.close());

  it('finds /items/1 but answers 400 for /items/0x1 without running the handler', async () => {
    const found = await app.fetch('/items/1');
    assert.equal(found.status, 200);
    assert.deepEqual(await found.json(), { pathParams: { id: 1 }, queryParams: null });
    const before = handled;
    for (const id of ['0x1', '%201%20', '1e0', '0b1', 'Infinity', '+1']) {
      const res = await app.fetch(`/items/${id}`);
      assert.equal(res.status, 400, id);
      assert.deepEqual(await res.json(), { error: 'invalid params', details: [decimalIssue('/id')] }, id);
    }
    assert.equal(handled, before);
  });

  it('refuses hex, padded, exponent, infinite and unsafe integers in the query', async () => {
    for (const query of ['big=0x10', 'big=%201%20', 'big=1e3', 'big=Infinity', 'big=-Infinity', 'big=9007199254740993', 'big=-9007199254740992', 'big=%20']) {
      const res = await app.fetch(`/list?${query}`);
      assert.equal(res.status, 400, query);
      assert.deepEqual(await res.json(), { error: 'invalid query', details: [decimalIssue('/big')] }, query);
    }
  });

  it('refuses decimals with a fraction past ±9007199254740991, and those too long to be finite', async () => {
    const long = `${'9'.repeat(400)}`;
    for (const [name, text] of [['big', '9007199254740993.0'], ['big', '-9007199254740993.00'], ['big', `${long}.0`], ['ids', `${long}.0`], ['price', `${long}.5`], ['price', '9007199254740992.5']] as [string, string][]) {
      const res = await app.fetch(`/list?${name}=${text}`);
      assert.equal(res.status, 400, `${name}=${text.slice(0, 24)}`);
      assert.deepEqual(await res.json(), { error: 'invalid query', details: [decimalIssue(name === 'ids' ? '/ids/0' : `/${name}`)] });
    }
    const safe = await app.fetch('/list?big=9007199254740991.0&price=123456789012345.25');
    assert.deepEqual(await safe.json(), { pathParams: null, queryParams: { big: 9007199254740991, price: 123456789012345.25 } });
  });

  it('refuses numbers that are not decimal: exponents, a leading + or ., a trailing .', async () => {
    for (const price of ['1e3', '+1.5', '.5', '1.', 'Infinity']) {
      const res = await app.fetch(`/list?price=${encodeURIComponent(price)}`);
      assert.equal(res.status, 400, price);
      assert.deepEqual(await res.json(), { error: 'invalid query', details: [decimalIssue('/price')] }, price);
    }
  });

  it('coerces decimal text: a sign, leading zeros, a fraction (2.0 is the integer 2), the largest safe integers', async () => {
    const res = await app.fetch('/list?limit=007&big=-9007199254740991&price=-0.25&ids=9007199254740991&ids=2.0');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { pathParams: null, queryParams: { limit: 7, big: -9007199254740991, price: -0.25, ids: [9007199254740991, 2] } });
  });

  it('keeps text a string schema accepts as it is', async () => {
    const res = await app.fetch('/list?code=0x10');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { pathParams: null, queryParams: { code: '0x10' } });
  });

  it('points at the array element, whether the name came once or again', async () => {
    const repeated = await app.fetch('/list?ids=1&ids=0x2');
    assert.equal(repeated.status, 400);
    assert.deepEqual(await repeated.json(), { error: 'invalid query', details: [decimalIssue('/ids/1')] });
    const once = await app.fetch('/list?ids=0x2');
    assert.equal(once.status, 400);
    assert.deepEqual(await once.json(), { error: 'invalid query', details: [decimalIssue('/ids/0')] });
  });

  it('refuses a misread number that coercion wrapped in arrays, as a list of lists of integers wraps ?grid=0x10 in two', async () => {
    for (const [query, path] of [['grid=0x10', '/grid/0'], ['grid=1&grid=%201', '/grid/1'], ['grid=Infinity', '/grid/0'], ['grid=9007199254740993', '/grid/0']]) {
      const res = await app.fetch(`/list?${query}`);
      assert.equal(res.status, 400, query);
      assert.deepEqual(await res.json(), { error: 'invalid query', details: [decimalIssue(path!)] }, query);
    }
    const decimal = await app.fetch('/list?grid=7&grid=2.0');
    assert.deepEqual(await decimal.json(), { pathParams: null, queryParams: { grid: [[7], [2]] } });
  });

  it("reports the misread value alone, not ajv's issues about the number it made of it, beside other issues", async () => {
    const res = await app.fetch('/list?limit=0x10&price=abc');
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      error: 'invalid query',
      details: [{ path: '/price', keyword: 'type', message: 'must be number', params: { type: 'number' } }, decimalIssue('/limit')],
    });
  });

  it('reads a repeated name\'s values a bounded number of times each, not once per misread value (2,000 hex ids, about 16 KiB of query, were 4 million reads)', async () => {
    const validate = (await loadAjvCompiler())(listQuery, { coerce: true });
    let reads = 0;
    const texts = Array.from({ length: 2000 }, (_, i) => `0x${i}`);
    const ids = new Proxy(texts, { get: (target, key, receiver) => ((reads += 1), Reflect.get(target, key, receiver)) });
    const result = validate({ ids }) as SchemaResult & { valid: false };
    assert.equal(result.valid, false);
    assert.deepEqual(result.errors.slice(0, 2), [decimalIssue('/ids/0'), decimalIssue('/ids/1')]);
    assert.equal(result.errors.length, 2000);
    assert.ok(reads <= 10 * texts.length, `${reads} reads of 2000 values`);
  });

  it("refuses a misread number that a later union branch turned back into text or a boolean: ?a=0x10 reached the handler as '16', ?b=0x1 as true", async () => {
    for (const [query, path] of [['a=0x10', '/a'], ['a=1e3', '/a'], ['a=9007199254740993', '/a'], ['b=0x1', '/b'], ['ids=1&ids=%2010', '/ids/1']]) {
      const res = await app.fetch(`/choice?${query}`);
      assert.equal(res.status, 400, query);
      assert.deepEqual(await res.json(), { error: 'invalid query', details: [decimalIssue(path!)] }, query);
    }
    const taken = await app.fetch('/choice?a=3&b=true&ids=4&ids=x');
    assert.deepEqual(await taken.json(), { pathParams: null, queryParams: { a: 3, b: true, ids: [4, 'x'] } });
  });

  it('leaves alone a misread text that removeAdditional took out of the part', async () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false };
    const part: Record<string, unknown> = { a: '1', e: '0x10' };
    assert.deepEqual((await loadAjvCompiler({ customOptions: { removeAdditional: true } }))(schema, { coerce: true })(part), { valid: true });
    assert.deepEqual(part, { a: 1 });
  });

  it('refuses a header that is not decimal', async () => {
    const res = await app.fetch('/tenant', { headers: { 'x-tenant': '0x1' } });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'invalid headers', details: [decimalIssue('/x-tenant')] });
    assert.equal((await app.fetch('/tenant', { headers: { 'x-tenant': '12' } })).status, 200);
  });

  it('refuses under `not` the text ajv reads as a number there, as under a union, and reads decimal text there as a number', async () => {
    for (const [query, path] of [['a=0x10', '/a'], ['a=1e3', '/a'], ['a=%207', '/a'], ['b=0x10', '/b'], ['b=0x3', '/b']]) {
      const res = await app.fetch(`/not?${query}`);
      assert.deepEqual([res.status, await res.json()], [400, { error: 'invalid query', details: [decimalIssue(path!)] }], query);
    }
    const integer = await app.fetch('/not?a=7');
    assert.deepEqual([integer.status, await integer.json()], [400, { error: 'invalid query', details: [{ path: '/a', keyword: 'not', message: 'must NOT be valid', params: {} }] }]);
    const taken = await app.fetch('/not?a=7.5&b=9');
    assert.deepEqual(await taken.json(), { pathParams: null, queryParams: { a: '7.5', b: 9 } });
  });
});
