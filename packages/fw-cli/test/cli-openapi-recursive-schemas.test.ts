/**
 * `fw openapi` on recursive schemas (recursive-schemas-app): each spelling fw-core serves
 * (packages/fw-core/test/route-schemas-recursive.test.ts) is one component that refers to itself, and every route
 * using it refers to that component. TypeBox's refer to themselves by a `$id` inside the schema (0.34's Type.Recursive
 * its root's, `Node`, or `T0` as TypeBox names one without; TypeBox 1's Type.Cyclic a `$defs` entry's), which the
 * document once wrote as a `$ref` to a component of that name there was none of (FW_CLI_ERR_OPENAPI_INVALID).
 * redocly lints the same document (cli-openapi-redocly.test.ts).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertSucceeded, FIXTURES, runFw } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** The thread every spelling describes, its replies referring to `self`; `requiredFirst` as TypeBox orders the keywords. */
const thread = (self: string, requiredFirst: boolean) => {
  const properties = { id: { type: 'integer' }, text: { type: 'string' }, replies: { type: 'array', items: ref(self) } };
  const required = ['id', 'text', 'replies'];
  return requiredFirst ? { type: 'object', required, properties } : { type: 'object', properties, required };
};

after(removeTempDirs);

describe('fw openapi with recursive schemas (recursive-schemas-app)', () => {
  let document: Record<string, any>;
  let types: string;
  before(async () => {
    const out = await osTempDir();
    assertSucceeded(await runFw(['openapi', '--app', join(FIXTURES, 'recursive-schemas-app'), '--output', join(out, 'openapi.json'), '--types', join(out, 'api.ts')]));
    document = JSON.parse(await readFile(join(out, 'openapi.json'), 'utf8'));
    types = await readFile(join(out, 'api.ts'), 'utf8');
  });

  it('writes each spelling as one component referring to itself: a $ref to a $id inside it names the component made for it', () => {
    const { comment, thread: named, tree, reply, Comment, Node } = document.components.schemas;
    // A named schema naming itself, and a named Type.Recursive whose $id (T0, Tree) is not its name: the named component.
    assert.deepEqual(comment, thread('comment', false));
    assert.deepEqual(named, thread('thread', true));
    assert.deepEqual(tree, thread('tree', true));
    // A route schema's $defs entry, a Type.Cyclic's, and an unnamed Type.Recursive's root: a component named by its key or $id.
    assert.deepEqual(reply, thread('reply', false));
    assert.deepEqual(Comment, thread('Comment', true));
    assert.deepEqual(Node, thread('Node', true));
    assert.ok(!('T0' in document.components.schemas) && !('Tree' in document.components.schemas));
  });

  it("writes a $ref to a named schema's $id (TypeBox 0.34's Type.Ref(tree), {$ref: 'Tree'}) as a $ref to that named schema, from a route or another named schema", () => {
    assert.deepEqual(document.paths['/tree/ref'].get.responses['200'].content['application/json'].schema, ref('tree'));
    assert.deepEqual(document.components.schemas.forest, { type: 'object', required: ['trees'], properties: { trees: { type: 'array', items: ref('tree') } } });
  });

  it('writes each route using one as a $ref to its component, nested in an object too', () => {
    const json = (path: string, method: string, status: string) => document.paths[path][method].responses[status].content['application/json'].schema;
    assert.deepEqual(
      [json('/defs', 'get', '200'), json('/named', 'get', '200'), json('/cyclic', 'get', '200'), json('/recursive', 'get', '200'), json('/thread', 'get', '200'), json('/tree', 'get', '200')],
      [ref('reply'), ref('comment'), ref('Comment'), ref('Node'), ref('thread'), ref('tree')],
    );
    assert.deepEqual(document.paths['/recursive'].post.requestBody.content['application/json'].schema, ref('Node'));
    assert.deepEqual(json('/recursive', 'post', '201'), ref('Node'));
    assert.deepEqual(json('/recursive/latest', 'get', '200'), { type: 'object', required: ['latest'], properties: { latest: ref('Node') } });
    // A Type.Cyclic inside an object has its $defs there: its entry is the component, and the $defs goes.
    assert.deepEqual(json('/cyclic/latest', 'get', '200'), { type: 'object', required: ['latest'], properties: { latest: ref('Comment') } });
  });

  it('gives the --types client recursive named types', () => {
    for (const name of ['comment', 'thread', 'tree', 'reply', 'Comment', 'Node']) {
      assert.match(types, new RegExp(`\\n {8}${name}: \\{\\n {12}id: number;\\n {12}text: string;\\n {12}replies: components\\["schemas"\\]\\["${name}"\\]\\[\\];\\n {8}\\};\\n`));
    }
  });
});
