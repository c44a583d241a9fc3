/**
 * Failures while serving: files that vanish or change kind between stat and open are 404, never
 * 500; permission errors are 404; a truly unexpected error is a 500 with a generic body plus a
 * coded rejection for the pipeline's log; a client that aborts mid-stream costs nothing.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readlink, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isFwError } from '../src/errors.ts';
import { guardStaticRequest } from '../src/static/static-handler.ts';
import { createStaticHandler } from '../src/static/static-handler.ts';
import { serveFile } from '../src/static/static-handler.ts';
import { resolveStaticOptions } from '../src/static/static-handler.ts';
import { createFixture, rawRequest, startStaticServer, type Fixture, type StaticTestServer } from './static-harness.ts';
import { until } from './support/until.ts';

const NOT_FOUND_BODY = '{"error":"not found"}';

describe('static files: failures', () => {
  let fixture: Fixture;
  const servers: StaticTestServer[] = [];
  const options = resolveStaticOptions(undefined, 'test route');

  before(async () => {
    fixture = await createFixture();
  });
  after(async () => {
    for (const server of servers) await server.close();
    await fixture.cleanup();
  });

  async function track(server: Promise<StaticTestServer>): Promise<StaticTestServer> {
    const started = await server;
    servers.push(started);
    return started;
  }

  it('answers 404 when the file vanishes between stat and open, to HEAD and conditional requests too (RFC 9110 §9.3.2)', async () => {
    const path = join(fixture.dir, 'vanishing.txt');
    await writeFile(path, 'soon gone\n');
    const stale = await stat(path);
    await unlink(path);
    const server = await track(startStaticServer((req) => serveFile(req, path, stale, options)));
    const since = stale.mtime.toUTCString();
    for (const [method, headers] of [['GET', {}], ['HEAD', {}], ['GET', { 'if-none-match': '*' }], ['HEAD', { 'if-modified-since': since }]] as const) {
      const response = await rawRequest(server.port, method, '/docs/vanishing.txt', headers);
      assert.equal(response.status, 404, `${method} ${JSON.stringify(headers)}`);
      assert.equal(response.headers.etag, undefined);
      assert.equal(response.headers['content-length'], String(NOT_FOUND_BODY.length));
      assert.equal(response.body, method === 'HEAD' ? '' : NOT_FOUND_BODY);
    }
    assert.deepEqual(server.failures, []);
  });

  it('answers 404 without blocking when a file is swapped for a FIFO between stat and open', async (t) => {
    const path = join(fixture.dir, 'swapped');
    await writeFile(path, 'regular for now\n');
    const stale = await stat(path);
    await unlink(path);
    try {
      execFileSync('mkfifo', [path], { stdio: 'ignore' });
    } catch {
      return t.skip('mkfifo is not available on this machine');
    }
    const server = await track(startStaticServer((req) => serveFile(req, path, stale, options)));
    const response = await rawRequest(server.port, 'GET', '/docs/swapped');
    assert.equal(response.status, 404);
    assert.equal(response.body, NOT_FOUND_BODY);
  });

  it('answers 404 when the served directory disappears after start-up', async () => {
    const root = join(fixture.dir, 'short-lived');
    await mkdir(root);
    await writeFile(join(root, 'a.txt'), 'a\n');
    const server = await track(startStaticServer(createStaticHandler({ directory: root })));
    await rm(root, { recursive: true });
    for (const target of ['/docs/a.txt', '/docs/', '/docs']) {
      const response = await rawRequest(server.port, 'GET', target);
      assert.equal(response.status, 404, target);
    }
    assert.deepEqual(server.failures, []);
  });

  it('answers 404 to permission errors, exposing nothing', async () => {
    for (const code of ['EACCES', 'EPERM']) {
      const denied = Object.assign(new Error(`${code}: permission denied, open '/srv/secret/path'`), { code });
      const server = await track(startStaticServer(guardStaticRequest('test route', () => Promise.reject(denied))));
      const response = await rawRequest(server.port, 'GET', '/docs/x');
      assert.equal(response.status, 404, code);
      assert.equal(response.body, NOT_FOUND_BODY, code);
      assert.deepEqual(server.failures, [], code);
    }
  });

  it('answers 500 with a generic body to an unexpected error, then rejects with FW_ERR_STATIC_READ_FAILED', async () => {
    const disk = Object.assign(new Error("EIO: i/o error, read '/srv/secret/path'"), { code: 'EIO' });
    const server = await track(startStaticServer(guardStaticRequest('static route /docs/[...]', () => Promise.reject(disk))));
    const response = await rawRequest(server.port, 'GET', '/docs/x');
    assert.equal(response.status, 500);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(response.body, '{"error":"internal server error"}');
    await Promise.all(server.calls);
    assert.equal(server.failures.length, 1);
    const failure = server.failures[0];
    assert.ok(isFwError(failure, 'FW_ERR_STATIC_READ_FAILED'));
    assert.equal(failure.message, 'static route /docs/[...]: serving /docs/x failed');
    assert.equal(failure.status, 500);
    assert.equal(failure.expose, false);
    assert.equal(failure.cause, disk);
  });

  it('stops streaming and closes the file when the client aborts mid-stream', async (t) => {
    if (process.platform !== 'linux') return t.skip('counting open files needs /proc/self/fd');
    const root = join(fixture.dir, 'big');
    await mkdir(root);
    const bigPath = join(root, 'big.bin');
    await writeFile(bigPath, Buffer.alloc(64 * 1024 * 1024, 7));
    const server = await track(startStaticServer(createStaticHandler({ directory: root })));
    await new Promise<void>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write('GET /docs/big.bin HTTP/1.1\r\nhost: x\r\n\r\n'));
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    await Promise.all(server.calls);
    assert.deepEqual(server.failures, []);
    // The stream's close is asynchronous: wait for the descriptor to go, within a deadline.
    await until('the file descriptor to close', async () => (await openDescriptorsOf(bigPath)) === 0, { timeoutMs: 5000, everyMs: 10 });
    assert.equal(await openDescriptorsOf(bigPath), 0);
  });
});

async function openDescriptorsOf(path: string): Promise<number> {
  let count = 0;
  for (const fd of await readdir('/proc/self/fd')) {
    try {
      if ((await readlink(`/proc/self/fd/${fd}`)) === path) count += 1;
    } catch {
      // The descriptor closed while we looked.
    }
  }
  return count;
}
