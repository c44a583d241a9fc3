/**
 * Named schemas in the types (issue 38, item 2): types/named-schemas/named-schemas.types.ts
 * declares an app's NamedSchemas and uses `{$ref: name}` in typed routes. Compiled alone
 * (support/compile-alone.ts): as it stands it compiles; each line marked `@ts-expect-error` fails
 * by itself; without the declaration a reference is `unknown` again, so the typed uses fail. The
 * sample of docs/applications-reference.md, "Named schemas", compiles too.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeTypeTest } from './support/compile-alone.ts';

const sample = { heading: '### Named schemas', fence: 'ts fragment', shows: /interface NamedSchemas/ };

describeTypeTest('named schemas type test', 'named-schemas/named-schemas.types.ts', 2, sample, (test) => {
  it('without the NamedSchemas declaration, a reference is unknown and the typed uses fail', async () => {
    const { lineOf, compile, undeclared } = test();
    const errors = await compile('undeclared.ts', undeclared());
    for (const snippet of ["FromSchema<{ $ref: 'task' }>, Task", 'typeof req.body, Task', 'req.body.tags ?? []']) {
      assert.ok(errors.some((error) => error.startsWith(`${lineOf(snippet)}: `)), `an error on the line of ${snippet}: ${errors.join(', ')}`);
    }
  });
});
