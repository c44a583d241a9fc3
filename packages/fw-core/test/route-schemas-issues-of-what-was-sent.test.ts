/**
 * A failing text part's issues are listed on the part as the client sent it (docs/applications-reference.md, "Route
 * schemas": the allErrors copy runs after a failure), not on what the first check made of it: that check set the
 * part's defaults and coerced them (here `true` to '1' through an if/then), and its `if` then read them as sent.
 * Found by route-schemas-generated-differential (FUZZ_SEED=13) against plain ajv on the part as sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

// `a` defaults to true, which `if: integer` coerces to 1 and `then: string` to '1'; the object's `if` reads a === '1'.
const query = {
  type: 'object',
  properties: { a: { if: { type: 'integer' }, then: { type: 'string', pattern: '^[a-z]*$' }, else: { type: 'integer' }, default: true }, c: { type: 'integer' } },
  if: { properties: { a: { const: '1' } }, required: ['a'] },
  then: { properties: { c: { type: 'integer' } }, required: ['c'] },
};

describe('route schemas: the issues of a failing text part', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/q', handler: (req: FwRequest) => json(req.queryParams), options: { methods: ['get'], schema: { query } } }] }] });
  });
  after(() => app.close());

  it("lists those of the query as sent, not of the first check's coerced defaults (it listed c as required, after a '1' the client never sent)", async () => {
    const res = await app.fetch('/q?d=x');
    const { details } = (await res.json()) as { details: { path: string; keyword: string }[] };
    assert.deepEqual([res.status, details.map((issue) => `${issue.path} ${issue.keyword}`)], [400, ['/a pattern', '/a if']]);
  });
});
