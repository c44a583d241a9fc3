/**
 * withTimeout (public): waits for a promise at most the given time, never rejects, and keeps the
 * process alive while it waits, so the code after the `await` runs even when nothing else is
 * pending (a script awaiting a stuck dependency at the top level).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { withTimeout } from '../src/promises.ts';

const PROMISES = fileURLToPath(new URL('../src/promises.ts', import.meta.url));

describe('withTimeout', () => {
  it('resolves with the promise, or after the time when it hangs, and never rejects', async () => {
    await withTimeout(Promise.resolve(1), 10_000);
    await withTimeout(Promise.reject(new Error('down')), 10_000);
    const started = performance.now();
    await withTimeout(new Promise(() => {}), 30);
    assert.ok(performance.now() - started >= 25);
  });

  it('keeps a process with nothing else pending alive until the wait ends', () => {
    const script = `import { withTimeout } from ${JSON.stringify(PROMISES)}; await withTimeout(new Promise(() => {}), 50); console.log('after the wait');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(run.stdout.trim(), 'after the wait', run.stderr);
    assert.equal(run.status, 0);
  });
});
