import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { getHead, openConnection } from './support/keep-alive-client.ts';
import { until, within } from './support/until.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'signal-app', 'main.ts');

/** The fixture process, its output so far, and a wait for its first `lines` complete lines. */
function startFixture(shutdownDelayMs: string): { child: ChildProcessWithoutNullStreams; output: () => string; printed: (lines: number) => Promise<string[]> } {
  const child = spawn(process.execPath, [fixture], { stdio: 'pipe', env: { ...process.env, FW_SHUTDOWN_DELAY_MS: shutdownDelayMs } });
  child.stderr.pipe(process.stderr);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
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
  return { child, output: () => out, printed };
}

describe('signals', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} finishes in-flight requests, runs plugin and app stop, and exits 0`, async () => {
      const { child, output, printed } = startFixture('0');
      const [url] = await printed(1);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const inflight = fetch(`${url}/slow`);
      assert.equal((await printed(2))[1], 'slow started');
      child.kill(signal);
      const res = await inflight;
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { slow: 'done' });
      assert.equal(await exited, 0);
      assert.deepEqual(output().split('\n').slice(1), ['slow started', 'plugin stopped', 'app stopped', '']);
    });
  }

  it('SIGTERM drains for FW_SHUTDOWN_DELAY_MS: readiness 503, new connections answered with connection: close, then exit 0', async () => {
    const { child, output, printed } = startFixture('3000');
    const [url] = await printed(1);
    const port = Number(new URL(url!).port);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    assert.equal((await fetch(`${url}/ready`)).status, 200);
    child.kill('SIGTERM');
    const draining = await until('readiness to fail', async () => {
      const res = await fetch(`${url}/ready`);
      return res.status === 503 ? res : undefined;
    });
    assert.deepEqual(await draining.json(), { status: 'draining' });
    assert.equal(draining.headers.get('connection'), 'close');
    const fresh = await openConnection(port);
    fresh.send(getHead('/slow'));
    const answer = await fresh.answer();
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['connection'], 'close');
    assert.deepEqual(JSON.parse(answer.body), { slow: 'done' });
    assert.equal(await exited, 0);
    assert.deepEqual(output().split('\n').slice(1), ['slow started', 'plugin stopped', 'app stopped', '']);
  });
});
