/**
 * An app module that is there but fails to load (a syntax error, an error thrown while it is imported) was reported as
 * FW_ERR_APP_NOT_FOUND for an ES module, and without a column for the others: the author looked for a missing file. fw
 * now says the module was found but failed to load (FW_ERR_APP_LOAD_FAILED), with the file, line and column Node gives.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runFw } from './support/run-fw.ts';
import { removeTempDirs, writeTempApp } from './support/temp-app.ts';

after(removeTempDirs);

const APP = `import { defineApp } from 'fw-core';\nexport default defineApp({ name: 'broken', router: { name: 'broken_router', routes: () => [] } });\n`;

/** `fw routes` on an app whose package.json names `file`, written with `text`, beside the modules `others`. */
async function routesOf(file: string, text: string, type = 'module', others: Record<string, string> = {}): Promise<{ stderr: string; named: string }> {
  const dir = await writeTempApp('broken', { fw: { bootstrap_application: 'broken' } }, APP);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'broken', type, fw: { app: `./${file}` } }));
  for (const [name, source] of Object.entries({ ...others, [file]: text })) await writeFile(join(dir, name), source);
  const run = await runFw(['routes', '--app', dir]);
  assert.equal(run.code, 1);
  assert.equal(run.stdout, '');
  return { stderr: run.stderr, named: `${join(dir, file)}, the module ${join(dir, 'package.json')} names in "fw": {"app"}` };
}

describe('an app module that is there but fails to load says so, and where', { concurrency: true }, () => {
  for (const [file, type] of [['app.mjs', 'module'], ['app.js', 'module'], ['app.ts', 'module']] as const) {
    it(`a syntax error in ${file} (package type ${type}): its file, line and column, as node ${file} prints them`, async () => {
      const { stderr, named } = await routesOf(file, "import { defineApp } from 'fw-core';\nconst limit = ;\n", type);
      const message = file === 'app.ts' ? 'Expression expected' : "Unexpected token ';'";
      assert.equal(stderr, `fw: FW_ERR_APP_LOAD_FAILED: ${named}, was found but failed to load: SyntaxError: ${message} (at ${named.split(',')[0]}:2:15)\n`);
    });
  }

  it('a syntax error in a CommonJS app.cjs', async () => {
    const { stderr, named } = await routesOf('app.cjs', "const { defineApp } = require('fw-core');\n\tconst limit = ;\n", 'commonjs');
    assert.equal(stderr, `fw: FW_ERR_APP_LOAD_FAILED: ${named}, was found but failed to load: SyntaxError: Unexpected token ';' (at ${named.split(',')[0]}:2:16)\n`);
  });

  it('an error the module throws while it is imported: where it was thrown', async () => {
    const { stderr, named } = await routesOf('app.mjs', "const settings = undefined;\nexport default settings.app;\n");
    assert.equal(stderr, `fw: FW_ERR_APP_LOAD_FAILED: ${named}, was found but failed to load: TypeError: Cannot read properties of undefined (reading 'app') (at ${named.split(',')[0]}:2:25)\n`);
  });

  it('a syntax error in an ES module the app imports: Node names no place, fw says it is not the app module', async () => {
    const { stderr, named } = await routesOf('app.mjs', "import './routes.mjs';\n", 'module', { 'routes.mjs': 'const limit = ;\n' });
    assert.equal(stderr, `fw: FW_ERR_APP_LOAD_FAILED: ${named}, was found but failed to load: SyntaxError: Unexpected token ';' (in a module it imports, which Node does not name)\n`);
  });

  it("fw's own coded error, thrown by a call the module makes as it loads, keeps its code", async () => {
    const { stderr } = await routesOf('app.mjs', "import { bearerAuth } from 'fw-core';\nbearerAuth({});\n");
    assert.match(stderr, /^fw: FW_ERR_SECURITY_BAD_OPTIONS: bearerAuth needs \{verifyToken/);
  });

  it('a module the app imports that is not there: Node names it', async () => {
    const { stderr, named } = await routesOf('app.mjs', "import './routes.mjs';\n");
    const missing = `Cannot find module '${join(named.split(',')[0]!, '..', 'routes.mjs')}' imported from ${named.split(',')[0]}`;
    assert.equal(stderr, `fw: FW_ERR_APP_LOAD_FAILED: ${named}, was found but failed to load: Error: ${missing}\n`);
  });

  it('an app module that is not there is still FW_ERR_APP_NOT_FOUND', async () => {
    const dir = await writeTempApp('broken', { fw: { bootstrap_application: 'broken' } }, APP);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'broken', type: 'module', fw: { app: './gone.mjs' } }));
    const run = await runFw(['routes', '--app', dir]);
    assert.match(run.stderr, /^fw: FW_ERR_APP_NOT_FOUND: cannot import .*gone\.mjs, the module .* names in "fw": \{"app"\}: Cannot find module/);
  });
});
