/**
 * fw's default 400 for a request that fails its route schema lists at most 10 issues and 8 KiB
 * of them, and says how many it left out (`omitted`); on a part of more than 1,000 values the
 * default compiler stops at the first issue and says so (`incomplete`). Issue 35, item 14: a
 * 1 MiB array of "a" against integer items was answered with 24 MB.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { SchemaCompiler, SchemaIssue } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp, type InjectInit } from './support/inject-app.ts';

const post = (body: string): InjectInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
const integers = { type: 'array', items: { type: 'integer' } } as const;
const typeIssue = (index: number) => ({ path: `/${index}`, keyword: 'type', message: 'must be integer', params: { type: 'integer' } });
/** `["a","a",...]` with `count` elements (4 bytes each, with its comma). */
const arrayOfA = (count: number) => `[${Array(count).fill('"a"').join(',')}]`;

describe('route schemas: the default 400 is bounded', () => {
  let app: InjectedApp;
  const seen: { errors: number; incomplete: boolean | undefined }[] = [];
  before(async () => {
    app = await injectTestApp({
      fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, max_body_size: 2 * 1024 * 1024 } }] },
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/numbers', handler: () => json({ ok: true }), options: { methods: ['post'], schema: { body: integers } } },
            { path: '/closed', handler: () => json({ ok: true }), options: { methods: ['post'], schema: { body: { type: 'object', additionalProperties: false } } } },
            {
              path: '/hooked',
              handler: () => json({ ok: true }),
              options: {
                methods: ['post'],
                schema: { body: integers },
                onInvalid: (failure) => {
                  seen.push({ errors: failure.errors.length, incomplete: failure.incomplete });
                  return undefined;
                },
              },
            },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it('answers a 1 MiB array of strings with its first issue only, marked incomplete', async () => {
    const body = arrayOfA(262_144);
    assert.equal(body.length, 1024 * 1024 + 1);
    const res = await app.fetch('/numbers', post(body));
    assert.equal(res.status, 400);
    const text = await res.text();
    assert.equal(text, JSON.stringify({ error: 'invalid body', details: [typeIssue(0)], incomplete: true }));
  });

  it('lists the first 10 issues of a small array and counts the others as omitted', async () => {
    const res = await app.fetch('/numbers', post(arrayOfA(25)));
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'invalid body', details: Array.from({ length: 10 }, (_, i) => typeIssue(i)), omitted: 15 });
  });

  it('collects every issue up to 1,000 values in the part (the array itself counts), only the first beyond', async () => {
    const atLimit = await app.fetch('/numbers', post(arrayOfA(999)));
    assert.deepEqual(await atLimit.json(), { error: 'invalid body', details: Array.from({ length: 10 }, (_, i) => typeIssue(i)), omitted: 989 });
    const beyond = await app.fetch('/numbers', post(arrayOfA(1000)));
    assert.deepEqual(await beyond.json(), { error: 'invalid body', details: [typeIssue(0)], incomplete: true });
  });

  it('lists every issue, with no omitted field, when there are 10 or fewer', async () => {
    const res = await app.fetch('/numbers', post('[1,"a",2,"b"]'));
    assert.equal(res.status, 400);
    assert.equal(await res.text(), JSON.stringify({ error: 'invalid body', details: [typeIssue(1), typeIssue(3)] }));
  });

  it('stops listing at 8 KiB of issues when the issues echo long client input', async () => {
    // Each refused key is echoed in params.additionalProperty: 3,000 bytes an issue.
    const keys = ['a', 'b', 'c', 'd', 'e'].map((letter) => letter.repeat(3000));
    const res = await app.fetch('/closed', post(JSON.stringify(Object.fromEntries(keys.map((key) => [key, 1])))));
    assert.equal(res.status, 400);
    const issue = (key: string) => ({ path: '', keyword: 'additionalProperties', message: 'must NOT have additional properties', params: { additionalProperty: key } });
    assert.deepEqual(await res.json(), { error: 'invalid body', details: [issue(keys[0]!), issue(keys[1]!)], omitted: 3 });
  });

  it('hands an onInvalid hook every issue of a small part, and only the first of a large one, marked incomplete', async () => {
    assert.equal((await app.fetch('/hooked', post(arrayOfA(25)))).status, 400);
    assert.equal((await app.fetch('/hooked', post(arrayOfA(5000)))).status, 400);
    assert.deepEqual(seen, [
      { errors: 25, incomplete: undefined },
      { errors: 1, incomplete: true },
    ]);
  });
});

describe("route schemas: an app compiler's issues are capped too", () => {
  let app: InjectedApp;
  const many: SchemaIssue[] = Array.from({ length: 50 }, (_, i) => ({ path: `/${i}`, keyword: 'odd', message: 'must be odd', params: {} }));
  const compiler: SchemaCompiler = () => () => ({ valid: false, errors: many });
  before(async () => {
    app = await injectTestApp({
      schemaCompiler: compiler,
      groups: [{ prefix: '', security: false, routes: [{ path: '/q', handler: () => json({ ok: true }), options: { methods: ['get'], schema: { query: {} } } }] }],
    });
  });
  after(() => app.close());

  it('lists 10 of 50 issues and omits 40', async () => {
    const res = await app.fetch('/q?x=1');
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'invalid query', details: many.slice(0, 10), omitted: 40 });
  });
});
