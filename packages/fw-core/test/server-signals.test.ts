import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const fixture = join(import.meta.dirname, 'fixtures', 'signal-app', 'main.ts');

describe('signals', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} finishes in-flight requests, runs plugin and app stop, and exits 0`, async () => {
      const child = spawn(process.execPath, [fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split('\n')[0];
          if (out.includes('\n') && line) resolve(line);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const inflight = fetch(`${url}/slow`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      child.kill(signal);
      const res = await inflight;
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { slow: 'done' });
      assert.equal(await exited, 0);
      assert.deepEqual(out.split('\n').slice(1, 3), ['plugin stopped', 'app stopped']);
    });
  }
});
