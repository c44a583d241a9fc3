/**
 * A response schema that allows objects or arrays and scalars too (`type: ['object', 'string']`,
 * `['array', 'null']`) projects the objects and arrays and lets the scalars leave as they are;
 * and an app's schemaCompiler that is not a function stops start-up, naming what it must be.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const NOTE = { type: ['object', 'string'], properties: { id: { type: 'integer' } }, additionalProperties: false };
const TAGS = { type: ['array', 'null'], items: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false } };
/** A GET route whose 200 answers go through `schema`. */
const answering = (schema: Readonly<Record<string, unknown>>) => ({ methods: ['get' as const], schema: { response: { 200: schema } } });

describe('response schemas that allow scalars beside objects and arrays', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/note/object', handler: () => json({ id: 1, secret: 's' }), options: answering(NOTE) },
            { path: '/note/text', handler: () => json('just text'), options: answering(NOTE) },
            { path: '/tags/list', handler: () => json([{ name: 'a', secret: 's' }]), options: answering(TAGS) },
            { path: '/tags/none', handler: () => json(null), options: answering(TAGS) },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it('projects an object answer and lets a string answer leave as it is', async () => {
    assert.equal(await (await app.fetch('/note/object')).text(), '{"id":1}');
    assert.equal(await (await app.fetch('/note/text')).text(), '"just text"');
  });

  it('projects an array answer and lets null leave as it is', async () => {
    assert.equal(await (await app.fetch('/tags/list')).text(), '[{"name":"a"}]');
    assert.equal(await (await app.fetch('/tags/none')).text(), 'null');
  });
});

describe('an app schemaCompiler that is not a function', () => {
  it('stops start-up with FW_ERR_ROUTE_BAD_SCHEMA', async () => {
    await assert.rejects(
      injectTestApp({
        schemaCompiler: 'ajv' as never,
        groups: [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({}), options: { schema: { body: {} } } }] }],
      }),
      (error: unknown) => {
        assert.ok(error instanceof FwError);
        assert.equal(error.code, 'FW_ERR_ROUTE_BAD_SCHEMA');
        assert.equal(error.message, 'the app schemaCompiler must be a function (schema, {coerce}) => (value) => {valid, errors}');
        return true;
      },
    );
  });
});
