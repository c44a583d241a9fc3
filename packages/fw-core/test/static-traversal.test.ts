/**
 * The static handler never serves anything outside its directory, nor dotfiles, nor anything
 * that is not a regular file, whatever the request spells. Every refusal is the same 404.
 */
import assert from 'node:assert/strict';
import { chmod, writeFile } from 'node:fs/promises';
import { createServer as createUnixServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStaticHandler } from '../src/static/static-handler.ts';
import { createFixture, FIXTURE_FILES, rawRequest, staticTarget, withoutTransportHeaders, type Fixture, type StaticTestTarget } from './static-harness.ts';

const NOT_FOUND_BODY = '{"error":"not found"}';
const NOT_FOUND_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(NOT_FOUND_BODY.length),
  'x-content-type-options': 'nosniff',
  'x-request-id': 'test-id',
};

describe('static files: traversal and forbidden targets', () => {
  let fixture: Fixture;
  let server: StaticTestTarget;

  before(async () => {
    fixture = await createFixture({ fifo: true });
    server = staticTarget(createStaticHandler({ directory: fixture.root }));
  });
  after(async () => {
    await server.close();
    await fixture.cleanup();
  });

  async function assertNotFound(target: string): Promise<void> {
    const response = await rawRequest(server, 'GET', target);
    assert.equal(response.status, 404, target);
    assert.deepEqual(withoutTransportHeaders(response.headers), NOT_FOUND_HEADERS, target);
    assert.equal(response.body, NOT_FOUND_BODY, target);
  }

  it('serves a file inside the root (the control case)', async () => {
    const response = await rawRequest(server, 'GET', '/docs/hello.txt');
    assert.equal(response.status, 200);
    assert.equal(response.body, FIXTURE_FILES['hello.txt']);
  });

  const traversals: readonly [string, string][] = [
    ['a literal .. segment', '/docs/../secret.txt'],
    ['.. after a real directory', '/docs/css/../../secret.txt'],
    ['a percent-encoded .. segment', '/docs/%2e%2e/secret.txt'],
    ['mixed-case percent-encoding', '/docs/%2E%2e/secret.txt'],
    ['an encoded slash inside a segment', '/docs/%2e%2e%2fsecret.txt'],
    ['an encoded slash after a directory', '/docs/css%2f..%2f..%2fsecret.txt'],
    ['an encoded backslash', '/docs/..%5csecret.txt'],
    ['a literal backslash', '/docs/..\\secret.txt'],
    ['a lone encoded NUL', '/docs/%00'],
    ['an encoded NUL inside a name', '/docs/a%00.html'],
    ['an encoded NUL before an extension of a real file', '/docs/hello.txt%00.html'],
    ['double-encoded .. (decoded once, stays literal)', '/docs/%252e%252e/secret.txt'],
    ['a . segment', '/docs/./hello.txt'],
    ['an encoded . segment', '/docs/%2e/hello.txt'],
    ['an empty segment in the middle', '/docs/css//app.css'],
    ['an absolute path in a segment', '/docs/%2fetc%2fpasswd'],
    ['a drive prefix', '/docs/C:notes.txt'],
    ['an encoded drive path', '/docs/C:%5cWindows%5cwin.ini'],
  ];
  for (const [name, target] of traversals) {
    it(`answers 404 to ${name}: ${target}`, () => assertNotFound(target));
  }

  it('answers 404 to dotfiles, plain or encoded, and to directories holding only dotfiles', async () => {
    await assertNotFound('/docs/.env');
    await assertNotFound('/docs/%2eenv');
    await assertNotFound('/docs/empty/.hidden');
  });

  it('answers 404 to a symlink that points outside the root', async () => {
    await assertNotFound('/docs/link-out');
    await assertNotFound('/docs/link-out-dir/secret.txt');
    await assertNotFound('/docs/link-out-dir/');
  });

  it('answers 404 to a symlink that points at a dotfile inside the root', () => assertNotFound('/docs/link-dot'));

  it('serves a symlink that stays inside the root', async () => {
    const response = await rawRequest(server, 'GET', '/docs/link-in');
    assert.equal(response.status, 200);
    assert.equal(response.body, FIXTURE_FILES['hello.txt']);
  });

  it('answers 404 to a FIFO without blocking on it', async (t) => {
    if (!fixture.hasFifo) return t.skip('mkfifo is not available on this machine');
    await assertNotFound('/docs/fifo');
  });

  it('answers 404 to a unix socket', async (t) => {
    if (process.platform === 'win32') return t.skip('unix sockets in a directory need a POSIX system');
    const socketServer = createUnixServer();
    await new Promise<void>((resolve) => socketServer.listen(join(fixture.root, 'sock'), resolve));
    try {
      await assertNotFound('/docs/sock');
    } finally {
      await new Promise<void>((resolve) => socketServer.close(() => resolve()));
    }
  });

  it('answers 404 to a file it may not read, saying nothing about it', async (t) => {
    if (process.getuid?.() === 0) return t.skip('running as root: permissions do not stop reads');
    const path = join(fixture.root, 'locked.txt');
    await writeFile(path, 'locked\n');
    await chmod(path, 0o000);
    await assertNotFound('/docs/locked.txt');
    // Nor do HEAD and conditional requests, which need no byte of it: no size, no dates.
    assert.equal((await rawRequest(server, 'HEAD', '/docs/locked.txt')).status, 404);
    assert.equal((await rawRequest(server, 'GET', '/docs/locked.txt', { 'if-none-match': '*' })).status, 404);
  });

  it('never reports a server fault for any of these requests', () => {
    assert.deepEqual(server.failures, []);
  });
});
