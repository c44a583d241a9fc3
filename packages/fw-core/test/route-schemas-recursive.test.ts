/**
 * Recursive schemas (a comment thread, a category tree: `{id, text, replies: Comment[]}`), as a response and as a body
 * (docs/applications-reference.md, "Recursive schemas"): a `$ref` back into `$defs`, a named schema naming itself, and
 * TypeBox's two spellings, whose `$ref` names a `$id` (TypeBox 1's Type.Cyclic in its `$defs`, 0.34's Type.Recursive at
 * the root, also as a named schema). An answer is projected at every depth, as deep as the value goes, so a field the schema does not list
 * leaves at no depth; a body is checked at every depth.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { Type as Type034 } from '@sinclair/typebox';
import Type from 'typebox';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import type { NamedSchemaMap, PartSchema } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const comment = (replies: object) => ({ type: 'object', properties: { id: { type: 'integer' }, text: { type: 'string' }, replies: { type: 'array', items: replies } }, required: ['id', 'text', 'replies'] });

const SPELLINGS: readonly { readonly name: string; readonly schema: PartSchema; readonly schemas?: NamedSchemaMap }[] = [
  { name: "a $ref to '#/$defs/comment' inside it", schema: { $ref: '#/$defs/comment', $defs: { comment: comment({ $ref: '#/$defs/comment' }) } } },
  { name: 'a named schema that names itself', schema: { $ref: 'comment' }, schemas: { comment: comment({ $ref: 'comment' }) } },
  { name: "TypeBox 1's Type.Cyclic", schema: Type.Cyclic({ Comment: Type.Object({ id: Type.Integer(), text: Type.String(), replies: Type.Array(Type.Ref('Comment')) }) }, 'Comment') },
  { name: "TypeBox 0.34's Type.Recursive", schema: Type034.Recursive((This) => Type034.Object({ id: Type034.Integer(), text: Type034.String(), replies: Type034.Array(This) }), { $id: 'Comment' }) },
  // Its $id is TypeBox's own (T0, T1...), not the name: ajv resolves it among the named schemas.
  { name: "TypeBox 0.34's Type.Recursive, named", schema: { $ref: 'comment' }, schemas: { comment: Type034.Recursive((This) => Type034.Object({ id: Type034.Integer(), text: Type034.String(), replies: Type034.Array(This) })) } },
];

// Four levels, each with a field the schema does not list.
const thread = { id: 1, text: 'a', secret: 1, replies: [{ id: 2, text: 'b', secret: 2, replies: [{ id: 3, text: 'c', secret: 3, replies: [{ id: 4, text: 'd', secret: 4, replies: [] }] }] }, { id: 5, text: 'e', secret: 5, replies: [] }] };
const projected = { id: 1, text: 'a', replies: [{ id: 2, text: 'b', replies: [{ id: 3, text: 'c', replies: [{ id: 4, text: 'd', replies: [] }] }] }, { id: 5, text: 'e', replies: [] }] };

for (const { name, schema, schemas } of SPELLINGS) {
  describe(`a recursive schema: ${name}`, () => {
    let app: InjectedApp;
    before(async () => {
      app = await injectTestApp({
        ...(schemas !== undefined && { schemas }),
        fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
        groups: [
          {
            prefix: '',
            security: false,
            routes: [
              { path: '/thread', handler: () => json(thread), options: { methods: ['get'], schema: { response: { 200: schema } } } },
              { path: '/comments', handler: (req: FwRequest) => json({ received: req.body }), options: { methods: ['post'], schema: { body: schema } } },
            ],
          },
        ],
      });
    });
    after(() => app.close());

    it('projects an answer at every depth: the fields it does not list leave at none', async () => {
      const res = await app.fetch('/thread');
      assert.equal(res.status, 200);
      assert.equal(await res.text(), JSON.stringify(projected));
    });

    it('checks a body at every depth', async () => {
      const post = (body: unknown) => app.fetch('/comments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const ok = await post(projected);
      assert.equal(ok.status, 200);
      assert.deepEqual(await ok.json(), { received: projected });
      const deep = await post({ id: 1, text: 'a', replies: [{ id: 2, text: 'b', replies: [{ id: 'three', text: 'c', replies: [] }] }] });
      assert.equal(deep.status, 400);
      assert.deepEqual(((await deep.json()) as { details: { path: string }[] }).details.map((detail) => detail.path), ['/replies/0/replies/0/id']);
    });
  });
}

describe('a recursive schema: refused at start', () => {
  it("a Type.Cyclic as a named schema ($defs), naming the two ways out: name its definition, or use it unnamed", async () => {
    const cyclic = Type.Cyclic({ Comment: Type.Object({ id: Type.Integer(), replies: Type.Array(Type.Ref('Comment')) }) }, 'Comment');
    const start = injectTestApp({ schemas: { comment: cyclic }, groups: [{ prefix: '', security: false, routes: [{ path: '/thread', handler: () => json({ id: 1, replies: [] }), options: { methods: ['get'], schema: { response: { 200: { $ref: 'comment' } } } } }] }] });
    await assert.rejects(start, (error: unknown) => {
      assert.ok(error instanceof FwError);
      assert.equal(error.code, 'FW_ERR_SCHEMA_BAD_NAMED');
      assert.equal(error.message, "the app's schema comment has $defs or definitions, which a named schema may not: name each of them in schemas and $ref it by name, or give routes the schema itself, unnamed (a route schema may have $defs, as TypeBox's Type.Cyclic does)");
      return true;
    });
  });
});
