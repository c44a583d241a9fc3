/**
 * docs/operations.md's rolling restart behind HAProxy waits, after restarting an instance, with a shell loop on
 * HAProxy's stats socket (`show stat`, field 18 the status) until HAProxy has the instance UP again. That loop, as
 * the page prints it (only the socket's path changed; the ssh line that restarts the instance left out), run by
 * `sh` against a real HAProxy on the page's haproxy.cfg: it returns once a live blog instance is UP, and keeps
 * waiting while an instance is DOWN, so the next instance is never stopped before the restarted one serves.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startBlog, type BlogProcess } from '../examples/blog/test/support/blog-process.ts';
import { closedPort } from '../packages/fw-core/test/support/closed-port.ts';
import { GUIDE_STATS_SOCKET } from './e2e/support/balancer-configs.ts';
import { HAPROXY_SKIP_REASON, startHaproxy, type Haproxy } from './e2e/support/haproxy.ts';
import { fencedBlocks } from './support/markdown-fences.ts';

const FILE = 'docs/operations.md';
const text = readFileSync(join(import.meta.dirname, '..', FILE), 'utf8');
const loop = fencedBlocks(FILE, text).find((block) => block.info[0] === 'sh' && block.code.includes("'show stat'"))?.code ?? '';
/** The page's wait: from `until` to its `done`. */
const wait = /^\s*until [\s\S]*?; done$/m.exec(loop)?.[0] ?? '';
const skip = HAPROXY_SKIP_REASON || (!existsSync('/usr/bin/socat') && 'socat is not installed');

/** Runs the page's wait for server `name` with `socket` as the stats socket; resolves to how it ended within `ms`. */
function runWait(name: string, socket: string, ms: number): Promise<'returned' | 'still waiting'> {
  const script = `name=${name}\n${wait.replaceAll(GUIDE_STATS_SOCKET, socket)}\n`;
  const child = spawn('sh', ['-c', script], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('still waiting');
    }, ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve('returned');
      else reject(new Error(`the loop exited with ${code}`));
    });
  });
}

describe("docs/operations.md's wait for HAProxy to have a restarted instance UP", { skip }, () => {
  let blog: BlogProcess;
  let haproxy: Haproxy;
  let socket: string;
  before(async () => {
    // A drain long enough for HAProxy to take the instance out (fall 2 × inter 1s), as the page's 5 s default is.
    blog = await startBlog({ FW_SHUTDOWN_DELAY_MS: '2500' });
    // blog1 the live instance, blog2 an address nothing listens on.
    haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: [blog.port, await closedPort()] });
    socket = /^\s*stats socket (\S+)/m.exec(haproxy.config)![1]!;
  });
  after(async () => {
    await haproxy?.stop();
    await blog?.stop();
  });

  it('is on the page, around the restart of each server', () => {
    assert.match(loop, /systemctl restart blog@8080/);
    assert.match(wait, /awk -F, -v s="\$name" '\$1 == "blog" && \$2 == s \{ print \$18 \}' \| grep -qx UP/);
  });

  it('after a restart, returns once HAProxy has the instance UP again (rise 2 × inter 1s)', async () => {
    await haproxy.waitForStatus('blog', 'blog1', 'UP', 10_000);
    // systemctl restart: SIGTERM, the drain (HAProxy takes the instance out), the exit, then a start on the same port.
    assert.equal(await blog.stop(), 0);
    await haproxy.waitForStatus('blog', 'blog1', 'DOWN', 5_000);
    const port = blog.port;
    blog = await startBlog({ PORT: String(port) });
    const started = Date.now();
    assert.equal(await runWait('blog1', socket, 10_000), 'returned');
    assert.ok(Date.now() - started >= 900, `returned after ${Date.now() - started} ms, before two checks could pass`);
    assert.equal((await haproxy.serverStat('blog', 'blog1')).status, 'UP');
  });

  it('keeps waiting while the instance is DOWN', async () => {
    await haproxy.waitForStatus('blog', 'blog2', 'DOWN', 10_000);
    assert.equal(await runWait('blog2', socket, 3_000), 'still waiting');
  });
});
