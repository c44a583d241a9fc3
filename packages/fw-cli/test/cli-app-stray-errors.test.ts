/**
 * An app module that rejects a promise nobody awaits at import, or starts a timer that throws:
 * the server crashes on it at start, but fw exited 0 before Node could report it, so
 * `fw audit --strict` in CI passed an app that cannot start. fw now waits for the app's zero
 * timers and reports each such error in one line (with where it was thrown), exit 1.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runFw } from './support/run-fw.ts';
import { removeTempDirs, writeTempApp } from './support/temp-app.ts';

after(removeTempDirs);

const ROUTER = `export default defineApp({ name: 'stray', router: { name: 'stray_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({}), options: { methods: ['get'] } }] }] } });`;
const CONFIG = { fw: { bootstrap_application: 'stray' } };
const SUFFIX = "(thrown by the app outside fw's loading: a promise nobody awaited, or a timer)";

describe("an error the app's modules throw outside fw's loading fails the command", { concurrency: true }, () => {
  const cases: [string, string, string][] = [
    ['a promise rejected at import', "Promise.reject(new Error('pool refused'));", 'pool refused (at {app}:2:16)'],
    ['a zero timer that throws', "setTimeout(() => { throw new Error('late failure'); }, 0);", 'late failure (at {app}:2:26)'],
  ];
  for (const [name, statement, message] of cases) {
    it(name, async () => {
      const app = await writeTempApp('stray', CONFIG, `import { defineApp, json } from 'fw-core';\n${statement}\n${ROUTER}\n`);
      const run = await runFw(['audit', '--strict', '--app', app]);
      assert.equal(run.code, 1);
      assert.equal(run.stderr, `fw: ${message.replace('{app}', join(app, 'app.mjs'))} ${SUFFIX}\n`);
      assert.match(run.stdout, /^=== Security Audit ===\n/);
    });
  }
});
