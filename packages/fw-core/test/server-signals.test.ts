import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { within } from './support/until.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'signal-app', 'main.ts');

describe('signals', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} finishes in-flight requests, runs plugin and app stop, and exits 0`, async () => {
      const child = spawn(process.execPath, [fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      /** Resolves once the output has `lines` complete lines. */
      const printed = (lines: number): Promise<string[]> =>
        within(`line ${lines} of the fixture's output`, new Promise<string[]>((resolve, reject) => {
          const check = (): void => {
            const complete = out.split('\n').slice(0, -1);
            if (complete.length < lines) return;
            child.stdout.off('data', check);
            resolve(complete);
          };
          child.stdout.on('data', check);
          child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
          check();
        }));
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const [url] = await printed(1);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const inflight = fetch(`${url}/slow`);
      assert.equal((await printed(2))[1], 'slow started');
      child.kill(signal);
      const res = await inflight;
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { slow: 'done' });
      assert.equal(await exited, 0);
      assert.deepEqual(out.split('\n').slice(1), ['slow started', 'plugin stopped', 'app stopped', '']);
    });
  }
});
