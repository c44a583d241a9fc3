/**
 * An error the app's own code throws while fw loads it (its routes() reading a property of
 * undefined) has no fw code, and fw printed its message alone: `fw: Cannot read properties of
 * undefined (reading 'groups')`, naming no file, with no way to see the stack. fw now adds where
 * it was thrown, the first frame outside Node's own modules, still on one line.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runFw } from './support/run-fw.ts';
import { removeTempDirs, writeTempApp } from './support/temp-app.ts';

after(removeTempDirs);

const APP = `import { defineApp } from 'fw-core';
const settings = undefined;
export default defineApp({ name: 'broken', router: { name: 'broken_router', routes: () => settings.groups } });
`;
const COLUMN = APP.split('\n')[2]!.indexOf('settings.groups') + 10;

let app: string;
before(async () => {
  app = await writeTempApp('broken', { fw: { bootstrap_application: 'broken' } }, APP);
});

describe("an uncoded error from the app's code says where it was thrown", { concurrency: true }, () => {
  it('fw routes: one line with the file, line and column, exit 1', async () => {
    const run = await runFw(['routes', '--app', app]);
    assert.deepEqual(run, { code: 1, stdout: '', stderr: `fw: Cannot read properties of undefined (reading 'groups') (at ${join(app, 'app.mjs')}:3:${COLUMN})\n` });
  });

  it("fw config's note on the app not loaded says it too", async () => {
    const run = await runFw(['config', '--app', app]);
    assert.equal(run.code, 0);
    assert.ok(run.stderr.endsWith(`Cannot read properties of undefined (reading 'groups') (at ${join(app, 'app.mjs')}:3:${COLUMN})\n`), run.stderr);
  });
});
