/**
 * SIGTERM sent to `npm start` itself (what a supervisor, `docker stop` or `kill <pid>` does when
 * npm is the process it started) drains and stops the service. npm passes the signal to the shell
 * that runs the script; a shell that waits for Node dies of it and leaves Node running, never
 * told, so the start scripts `exec` Node in the shell's place (found by an app author's trial:
 * `npm start` exited, the service kept serving and its pool stayed open). Checked for the root
 * `npm start` (README.md: build, regenerate the docs, start the blog) and the blog's own, each on
 * free ports, through the real npm.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { once } from 'node:events';

const ROOT = join(import.meta.dirname, '..', '..');

/** The pids of `pid`'s children, from /proc (every thread's list). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts `npm start` in `cwd`, waits for the blog's `ready` line, sends npm SIGTERM, and reports what followed. */
async function sigtermToNpmStart(cwd: string): Promise<{ events: string[]; code: number | null; serviceLeft: boolean }> {
  // npm's own variables of the test run (npx sets npm_command and INIT_CWD) would reach fw: the start gets its own.
  const { npm_command: _command, INIT_CWD: _initCwd, ...env } = process.env;
  const npm = spawn('npm', ['start', '--silent'], { cwd, env: { ...env, PORT: '0', METRICS_PORT: '0', FW_SHUTDOWN_DELAY_MS: '0', OTEL_TRACES_EXPORTER: 'none', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const events: string[] = [];
  let buffered = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in 60 s: ${buffered.slice(-2000)}`)), 60_000);
    npm.stderr.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n').slice(0, -1)) {
        const event = /"event":"([a-z_]+)"/.exec(line)?.[1];
        if (event !== undefined) events.push(event);
        if (event === 'ready') {
          clearTimeout(timer);
          resolve();
        }
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
  });
  npm.stdout.resume();
  await ready;
  // Every process under npm (the shell if one stayed, Node): none may outlive the stop.
  const under = (pid: number): number[] => childrenOf(pid).flatMap((child) => [child, ...under(child)]);
  const service = under(npm.pid!);
  assert.ok(service.length > 0, 'npm runs the service as its child');
  npm.kill('SIGTERM');
  const [code] = (await once(npm, 'exit')) as [number | null];
  const deadline = Date.now() + 15_000;
  while (service.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const serviceLeft = service.some(alive);
  for (const pid of service) if (alive(pid)) process.kill(pid, 'SIGKILL');
  return { events, code, serviceLeft };
}

describe('SIGTERM to npm start', () => {
  for (const [name, cwd] of [['the root npm start (README.md)', ROOT], ["the blog's npm start", join(ROOT, 'examples', 'blog')]] as const) {
    it(`${name}: the service drains, stops and exits with npm`, async () => {
      const { events, code, serviceLeft } = await sigtermToNpmStart(cwd);
      assert.equal(serviceLeft, false, 'no process of the service outlives npm');
      assert.deepEqual(events.filter((event) => ['signal', 'draining', 'stopping', 'stopped'].includes(event)), ['signal', 'stopping', 'stopped']);
      assert.equal(code, 0);
    });
  }
});
