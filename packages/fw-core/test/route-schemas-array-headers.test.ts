/**
 * A headers schema's array property takes the header as a list (docs/applications-reference.md, "Coercion"): its text
 * is split on commas before the check, as OpenAPI's default `style: simple` sends an array header (`x-ids: 1,2`, what
 * `fw openapi` documents) and as node:http joins a header given on two lines (`1, 2`). Through inject and a real socket.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import { inject } from '../src/index.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { rawExchange } from './support/raw-socket.ts';
import { startTestApp, type TestApp, type TestAppSpec } from './support/test-app.ts';

const echo = (req: FwRequest) => json({ 'x-ids': req.headers['x-ids'] ?? null, 'x-tag': req.headers['x-tag'] ?? null });

const ids = { type: 'array', items: { type: 'integer' }, maxItems: 2 };
const spec: TestAppSpec = {
  schemas: { ids, idHeaders: { type: 'object', properties: { 'x-ids': { $ref: 'ids' } }, required: ['x-ids'] } },
  groups: [
    {
      prefix: '',
      security: false,
      routes: [
        { path: '/ids', handler: echo, options: { methods: ['get'], schema: { headers: { type: 'object', properties: { 'x-ids': { type: 'array', items: { type: 'integer' }, maxItems: 2 } }, required: ['x-ids'] } } } },
        // A list or nothing, as TypeBox's Type.Union([Type.Array(...), Type.Null()]) writes it: a branch of anyOf (or oneOf) that is an array makes it a list too.
        { path: '/maybe-ids', handler: echo, options: { methods: ['get'], schema: { headers: { type: 'object', properties: { 'x-ids': { anyOf: [{ type: 'array', items: { type: 'integer' }, maxItems: 2 }, { type: 'null' }] } }, required: ['x-ids'] } } } },
        { path: '/one-of-ids', handler: echo, options: { methods: ['get'], schema: { headers: { type: 'object', properties: { 'x-ids': { oneOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' }, minItems: 2 }] } }, required: ['x-ids'] } } } },
        // A $ref stands for what it names: a named schema, a route-local definition, a named headers schema, a union branch.
        { path: '/named-ids', handler: echo, options: { methods: ['get'], schema: { headers: { type: 'object', properties: { 'x-ids': { $ref: 'ids' } }, required: ['x-ids'] } } } },
        { path: '/local-ids', handler: echo, options: { methods: ['get'], schema: { headers: { type: 'object', properties: { 'x-ids': { $ref: '#/$defs/ids' } }, $defs: { ids: { $ref: 'ids' } } } } } },
        { path: '/named-headers', handler: echo, options: { methods: ['get'], schema: { headers: { $ref: 'idHeaders' } } } },
        { path: '/maybe-named-ids', handler: echo, options: { methods: ['get'], schema: { headers: { type: 'object', properties: { 'x-ids': { anyOf: [{ type: 'null' }, { $ref: 'ids' }] } } } } } },
        // A string header keeps its commas: only an array property is a list.
        { path: '/tag', handler: echo, options: { methods: ['get'], schema: { headers: { type: 'object', properties: { 'x-tag': { type: 'string', pattern: '^a,b$' } }, required: ['x-tag'] } } } },
      ],
    },
  ],
};

/** The status and JSON body of a raw HTTP/1.1 answer (`Connection: close`, so the whole answer is there). */
function statusAndBody(answer: string): [number, unknown] {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return [Number(head.split(' ')[1]), JSON.parse(body)];
}

describe('route schemas: array headers through inject', () => {
  let app: InjectedApp;
  before(async () => (app = await injectTestApp(spec)));
  after(() => app.close());

  it('takes x-ids: 1,2 (style simple) as the list [1, 2], and req.headers keeps the text as it came', async () => {
    const res = await inject(app.fw, { url: '/ids', headers: { 'x-ids': '1,2' } });
    assert.deepEqual([res.status, res.json()], [200, { 'x-ids': '1,2', 'x-tag': null }]);
  });

  it('takes a header given on two lines, which node:http joins as 1, 2', async () => {
    const res = await inject(app.fw, { url: '/ids', headers: { 'x-ids': ['1', '2'] } });
    assert.deepEqual([res.status, res.json()], [200, { 'x-ids': '1, 2', 'x-tag': null }]);
  });

  it('takes one item as a one-item list, and drops empty items and the spaces around commas (RFC 9110 §5.6.1)', async () => {
    for (const sent of ['7', ' 1 ,  2 ', '1,,2', ',1,2,']) {
      const res = await inject(app.fw, { url: '/ids', headers: { 'x-ids': sent } });
      assert.equal(res.status, 200, `x-ids: ${sent}`);
    }
  });

  it('checks each item and the count of items', async () => {
    const mistyped = await inject(app.fw, { url: '/ids', headers: { 'x-ids': '1,a' } });
    assert.deepEqual([mistyped.status, mistyped.json()], [400, { error: 'invalid headers', details: [{ path: '/x-ids/1', keyword: 'type', message: 'must be integer', params: { type: 'integer' } }] }]);
    const many = await inject(app.fw, { url: '/ids', headers: { 'x-ids': '1,2,3' } });
    assert.deepEqual([many.status, many.json()], [400, { error: 'invalid headers', details: [{ path: '/x-ids', keyword: 'maxItems', message: 'must NOT have more than 2 items', params: { limit: 2 } }] }]);
    const hex = await inject(app.fw, { url: '/ids', headers: { 'x-ids': '1,0x10' } });
    assert.deepEqual([hex.status, hex.json()], [400, { error: 'invalid headers', details: [{ path: '/x-ids/1', keyword: 'type', message: 'must be a decimal number within ±9007199254740991', params: {} }] }]);
  });

  it('splits a header whose anyOf or oneOf has an array branch: x-ids: 1,2 was refused whole (must be integer at /x-ids/0)', async () => {
    for (const url of ['/maybe-ids', '/one-of-ids']) {
      const res = await inject(app.fw, { url, headers: { 'x-ids': '1, 2' } });
      assert.deepEqual([res.status, res.json()], [200, { 'x-ids': '1, 2', 'x-tag': null }], url);
    }
    const bad = await inject(app.fw, { url: '/maybe-ids', headers: { 'x-ids': '1,a' } });
    assert.deepEqual([bad.status, (bad.json() as { details: unknown[] }).details[0]], [400, { path: '/x-ids/1', keyword: 'type', message: 'must be integer', params: { type: 'integer' } }]);
    // One item meets the integer branch: ajv's coerceTypes 'array' takes a one-item list as its item.
    assert.equal((await inject(app.fw, { url: '/one-of-ids', headers: { 'x-ids': '7' } })).status, 200);
  });

  it('splits a header whose schema is a $ref to an array (named, route-local, a named headers schema, a union branch): x-ids: 1,2 was refused as must be integer at /x-ids/0', async () => {
    for (const url of ['/named-ids', '/local-ids', '/named-headers', '/maybe-named-ids']) {
      const res = await inject(app.fw, { url, headers: { 'x-ids': '1, 2' } });
      assert.deepEqual([res.status, res.json()], [200, { 'x-ids': '1, 2', 'x-tag': null }], url);
      const many = await inject(app.fw, { url, headers: { 'x-ids': '1,2,3' } });
      assert.deepEqual([many.status, (many.json() as { details: { keyword: string }[] }).details.map((issue) => issue.keyword)], [400, url === '/maybe-named-ids' ? ['type', 'maxItems', 'anyOf'] : ['maxItems']], url);
    }
  });

  it('leaves the commas of a header whose schema is a string', async () => {
    const res = await inject(app.fw, { url: '/tag', headers: { 'x-tag': 'a,b' } });
    assert.deepEqual([res.status, res.json()], [200, { 'x-ids': null, 'x-tag': 'a,b' }]);
  });
});

describe('route schemas: array headers on a real socket', () => {
  let app: TestApp;
  before(async () => (app = await startTestApp(spec)));
  after(() => app.close());
  const port = () => Number(new URL(app.url).port);

  it('takes x-ids: 1,2 on one line', async () => {
    const answer = await rawExchange(port(), 'GET /ids HTTP/1.1\r\nHost: localhost\r\nx-ids: 1,2\r\nConnection: close\r\n\r\n');
    assert.deepEqual(statusAndBody(answer), [200, { 'x-ids': '1,2', 'x-tag': null }]);
  });

  it('takes x-ids on two lines', async () => {
    const answer = await rawExchange(port(), 'GET /ids HTTP/1.1\r\nHost: localhost\r\nx-ids: 1\r\nx-ids: 2\r\nConnection: close\r\n\r\n');
    assert.deepEqual(statusAndBody(answer), [200, { 'x-ids': '1, 2', 'x-tag': null }]);
  });
});
