/**
 * docs/plugins.md, "Writing a plugin": a helper of one's own that builds a result tuple infers an
 * array, and the plugin then fails to compile, reported at the plugin, not the helper; declared
 * `PluginResult<State>`, or ended `as const`, it compiles. Each program is compiled alone with
 * the repo's compiler options (packages/fw-core/test/support/compile-alone.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { compileAlone, typeTestDir } from '../packages/fw-core/test/support/compile-alone.ts';

/** A plugin whose pre_request (line 7) refuses through `deny`, written `helper` (line 3). */
const program = (helper: string): string => `import { replyJson, type FwPlugin, type FwRequest, type PluginResult } from 'fw-core';

${helper}
export const guard: FwPlugin<number> = {
  name: 'guard_plugin',
  init: () => 0,
  pre_request: (req, _env, _options, state) => (req.headers.authorization ? ['ok', req, state] : deny(req, state)),
};
export type Unused = PluginResult<number>;
`;

let dir: { readonly dir: string; remove(): Promise<void> };
before(async () => {
  dir = await typeTestDir();
});
after(() => dir?.remove());

describe("docs/plugins.md's result helper", () => {
  it('fails at the plugin, not the helper, when the helper infers an array', async () => {
    const errors = await compileAlone(dir.dir, 'inferred.ts', program("function deny(req: FwRequest, state: number) { replyJson(req, 401, { error: 'no' }); return ['stop', req, state]; }"));
    assert.deepEqual(errors, ['7: TS2322']);
  });

  it('compiles with the return type PluginResult<State>', async () => {
    const errors = await compileAlone(dir.dir, 'declared.ts', program("function deny(req: FwRequest, state: number): PluginResult<number> { replyJson(req, 401, { error: 'no' }); return ['stop', req, state]; }"));
    assert.deepEqual(errors, []);
  });

  it('compiles with the tuple ended as const', async () => {
    const errors = await compileAlone(dir.dir, 'as-const.ts', program("function deny(req: FwRequest, state: number) { replyJson(req, 401, { error: 'no' }); return ['stop', req, state] as const; }"));
    assert.deepEqual(errors, []);
  });
});
