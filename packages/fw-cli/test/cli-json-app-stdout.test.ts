/**
 * An app whose modules print on stdout while fw loads them (a console.log at import, one in
 * routes()) made `fw <command> --json` print those lines before the JSON, so
 * `fw routes --json | jq` failed. What the app prints now goes to stderr; stdout is the command's
 * output alone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runFw } from './support/run-fw.ts';
import { removeTempDirs, writeTempApp } from './support/temp-app.ts';

after(removeTempDirs);

const APP = `import { defineApp, json } from 'fw-core';
console.log('connecting to the database...');
console.info({ pool: 4 });
export default defineApp({ name: 'chatty', router: { name: 'chatty_router', routes: () => {
  process.stdout.write('building routes\\n');
  return [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({}), options: { methods: ['get'] } }] }];
} } });
`;

let app: string;
before(async () => {
  app = await writeTempApp('chatty', { fw: { bootstrap_application: 'chatty' } }, APP);
});

describe("--json prints JSON alone on stdout, the app's own output on stderr", { concurrency: true }, () => {
  for (const command of ['config', 'middleware', 'routes', 'audit']) {
    it(`fw ${command} --json`, async () => {
      const run = await runFw([command, '--app', app, '--json']);
      assert.equal(run.code, 0);
      assert.doesNotThrow(() => JSON.parse(run.stdout), run.stdout);
      for (const line of ['connecting to the database...', '{ pool: 4 }', 'building routes']) assert.ok(run.stderr.includes(line), run.stderr);
    });
  }
});
