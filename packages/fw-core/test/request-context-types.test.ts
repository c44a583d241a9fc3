/**
 * The typed request context (issue 38, item 8): types/request-context/request-context.types.ts
 * declares an app's RequestContext and uses it from a security callback, a plugin, a controller
 * and a typed route. Compiled alone (support/compile-alone.ts): as it stands it compiles; each
 * line marked `@ts-expect-error` fails by itself; without the declaration the typed uses fail
 * (auth_data is `unknown` again) and the misuses it catches compile. The sample of
 * docs/applications-reference.md, "Typed request context", compiles too.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeTypeTest } from './support/compile-alone.ts';

const sample = { heading: '## Typed request context', fence: 'ts fragment', shows: /interface RequestContext/ };

describeTypeTest('typed request context type test', 'request-context/request-context.types.ts', 4, sample, (test) => {
  it('without the RequestContext declaration, the typed uses fail and the misuses compile', async () => {
    const { lineOf, compile, undeclared } = test();
    const unused = (snippet: string): string => `${lineOf(snippet) - 1}: TS2578`;
    assert.deepEqual(await compile('undeclared.ts', undeclared()), [
      unused("auth_data: { id: '7' }"),
      unused('req.locals.tenant = 42'),
      unused("req.locals.tennant = 'acme'"),
      `${lineOf('typeof req.auth_data, User')}: TS2344`,
      `${lineOf('typeof req.locals.tenant, string | undefined')}: TS2344`,
      `${lineOf('user: req.auth_data.id')}: TS18046`,
      `${lineOf('= req.auth_data.scopes')}: TS18046`,
    ]);
  });
});
