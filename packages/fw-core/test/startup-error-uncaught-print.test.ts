/**
 * A start-up error nobody catches (an app's `await startServer()` at the top of its main module):
 * Node prints the FwError with its own properties. docs/errors.md says start-up errors have no
 * status, so the print shows the code and no `status` (it used to show `status: 500`); an error
 * fw answers a request with keeps its status.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { FwError, httpError } from '../src/index.ts';

const CORE_ENTRY = pathToFileURL(join(import.meta.dirname, '..', 'src', 'index.ts')).href;

/** The exit code and stderr of a child whose main module awaits startServer on an empty directory. */
function startUncaught(appDir: string): Promise<{ code: number | null; stderr: string }> {
  const script = `import { startServer } from ${JSON.stringify(CORE_ENTRY)};\nawait startServer({ appDir: ${JSON.stringify(appDir)} });\n`;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 }, (error, _stdout, stderr) => {
      resolve({ code: error === null ? 0 : ((error as { code?: number }).code ?? null), stderr });
    });
  });
}

describe('a start-up error has no status', () => {
  it('prints code and message but no status when uncaught', async (t) => {
    const appDir = await mkdtemp(join(tmpdir(), 'fw-uncaught-'));
    t.after(() => rm(appDir, { recursive: true, force: true }));
    const { code, stderr } = await startUncaught(appDir);
    assert.equal(code, 1);
    assert.match(stderr, /FwError: /);
    assert.match(stderr, /code: 'FW_ERR_CONFIG_NOT_FOUND'/);
    assert.match(stderr, /expose: false/);
    assert.doesNotMatch(stderr, /status/);
  });

  it('has no status property unless its code or its thrower gives one', () => {
    const startup = new FwError('FW_ERR_ROUTE_CONFLICT', 'two routes');
    assert.equal(Object.hasOwn(startup, 'status'), false);
    assert.equal(startup.status, undefined);
    assert.equal(startup.expose, false);
    assert.equal(new FwError('FW_ERR_BODY_TOO_LARGE', 'too big').status, 413);
    assert.equal(new FwError('FW_ERR_PLUGIN_FAILED', 'failed').status, 500);
    assert.equal(httpError(409, 'taken').status, 409);
  });
});
