/**
 * `fw routes | head -1`: the reader closes the pipe while fw still writes. Writing then fails
 * with EPIPE, which is no failure of the command's: fw prints nothing about it (no stack, no
 * error line) and keeps the command's status, 0, or 2 for `fw audit --strict` with warnings. It
 * is pinned since fw began reporting the errors no one handled (cli-app-stray-errors.test.ts):
 * EPIPE is one, and was first reported as the app's, exit 1.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { cleanEnv, FW } from './support/run-fw.ts';
import { removeTempDirs, writeTempApp } from './support/temp-app.ts';

after(removeTempDirs);

// 3,000 routes: each command's output is far more than a pipe's 64 KiB buffer.
const APP = `import { defineApp, json } from 'fw-core';
const routes = Array.from({ length: 3000 }, (_, i) => ({ path: '/items' + i + '/:id', handler: () => json({}), options: { methods: ['get', 'post'] } }));
export default defineApp({ name: 'wide', router: { name: 'wide_router', routes: () => [{ prefix: '/api', security: false, routes }] } });
`;

let app: string;
before(async () => {
  app = await writeTempApp('wide', { fw: { bootstrap_application: 'wide' } }, APP);
});

/** Runs fw, reads its first chunk of stdout, then closes the pipe as `head -1` does. */
async function closedEarly(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [FW, ...args, '--app', app], { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.once('data', () => child.stdout.destroy());
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stderr };
}

describe('a reader that closes the pipe early', { concurrency: true }, () => {
  const cases: [string[], number][] = [[['routes'], 0], [['routes', '--json'], 0], [['middleware'], 0], [['audit'], 0], [['audit', '--strict'], 2]];
  for (const [args, status] of cases) {
    it(`fw ${args.join(' ')}: nothing on stderr, exit ${status}`, async () => {
      assert.deepEqual(await closedEarly(args), { code: status, stderr: '' });
    });
  }
});
