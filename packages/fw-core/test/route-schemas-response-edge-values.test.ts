/**
 * Response schemas on values JSON.stringify treats specially (docs/applications-reference.md, "Responses"): what
 * fw's projection makes of them is what JSON.stringify writes of the answer, or a 500 where the schema allows no such
 * value; never a second call of a toJSON() nor a field the schema does not list.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { JsonSchema } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

let toJsonCalls = 0;
/** A model whose toJSON() copies its own fields, its toJSON() included, and turns its Date to text: a second call finds text. */
const model = () => ({
  id: 1,
  createdAt: new Date(0),
  toJSON(this: { createdAt: Date }) {
    toJsonCalls += 1;
    return { ...this, createdAt: this.createdAt.toISOString() };
  },
});

describe('route schemas: answers with values JSON.stringify treats specially', () => {
  let app: InjectedApp;
  before(async () => {
    const get = (schema: JsonSchema) => ({ methods: ['get' as const], schema: { response: { 200: schema } } });
    app = await injectTestApp({
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/spread/additional', handler: () => json(model()), options: get({ type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: true }) },
            { path: '/spread/pattern', handler: () => json({ model: model() }), options: get({ type: 'object', properties: { model: { type: 'object', patternProperties: { '^.*$': {} } } } }) },
            { path: '/spread/listed', handler: () => json([model()]), options: get({ type: 'array', items: { type: 'object', properties: { id: {}, createdAt: { type: 'string' }, toJSON: {} } } }) },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it("calls an answer's toJSON() once, as JSON.stringify does, when its result holds that toJSON and the schema lets the key through", async () => {
    for (const [path, expected] of [
      ['/spread/additional', JSON.stringify(model())],
      ['/spread/pattern', JSON.stringify({ model: model() })],
      ['/spread/listed', JSON.stringify([model()])],
    ] as const) {
      toJsonCalls = 0;
      const res = await app.fetch(path);
      assert.deepEqual([res.status, await res.text(), toJsonCalls], [200, expected, 1], path);
    }
  });
});
