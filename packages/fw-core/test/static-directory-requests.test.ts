/**
 * Directory requests: index files, the trailing-slash redirect, and the opt-in listing with
 * escaped names and encoded links.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStaticHandler } from '../src/static/static-handler.ts';
import type { StaticOptions } from '../src/static/static-handler.ts';
import { createFixture, FIXTURE_FILES, rawRequest, staticTarget, withoutTransportHeaders, type Fixture, type StaticTestTarget } from './static-harness.ts';

const NOT_FOUND_BODY = '{"error":"not found"}';

describe('static files: directory requests', () => {
  let fixture: Fixture;
  const servers: StaticTestTarget[] = [];

  before(async () => {
    fixture = await createFixture();
    const odd = join(fixture.root, 'odd');
    await mkdir(odd);
    await writeFile(join(odd, `<b>&"x'.txt`), 'odd\n');
    await writeFile(join(odd, 'a b#?.txt'), 'spaces\n');
    await mkdir(join(odd, 'inner dir'));
  });
  after(async () => {
    for (const server of servers) await server.close();
    await fixture.cleanup();
  });

  function serve(options?: StaticOptions): StaticTestTarget {
    const server = staticTarget(createStaticHandler({ directory: fixture.root, ...(options && { options }) }));
    servers.push(server);
    return server;
  }

  it('serves index.html for the root with the trailing slash', async () => {
    const server = serve();
    const response = await rawRequest(server, 'GET', '/docs/');
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.body, FIXTURE_FILES['index.html']);
  });

  it('redirects the root without its trailing slash with 301, so the page\'s relative links resolve', async () => {
    const server = serve();
    const response = await rawRequest(server, 'GET', '/docs?x=1');
    assert.equal(response.status, 301);
    assert.equal(response.headers.location, '/docs/?x=1');
    assert.equal(response.body, '');
    const head = await rawRequest(server, 'HEAD', '/docs');
    assert.equal(head.status, 301);
    assert.equal(head.headers.location, '/docs/');
  });

  it('serves a sub-directory index for the slashed path', async () => {
    const server = serve();
    const response = await rawRequest(server, 'GET', '/docs/sub/');
    assert.equal(response.status, 200);
    assert.equal(response.body, FIXTURE_FILES['sub/index.html']);
  });

  it('redirects a directory without its trailing slash with 301, keeping the query', async () => {
    const server = serve();
    const response = await rawRequest(server, 'GET', '/docs/sub?x=1&y=%20');
    assert.equal(response.status, 301);
    assert.deepEqual(withoutTransportHeaders(response.headers), {
      location: '/docs/sub/?x=1&y=%20',
      'content-length': '0',
      'x-content-type-options': 'nosniff',
      'x-request-id': 'test-id',
    });
    assert.equal(response.body, '');
  });

  it('percent-encodes in the kept query what a Location cannot hold, escapes kept, as redirect() does (RFC 9110 §10.2.2)', async () => {
    const response = await rawRequest(serve(), 'GET', '/docs/sub?q=<a>"b"&r=%zz&s=%20');
    assert.equal(response.status, 301);
    assert.equal(response.headers.location, '/docs/sub/?q=%3Ca%3E%22b%22&r=%25zz&s=%20');
  });

  it('answers 404, not 301, for a directory without an index when listing is off', async () => {
    const server = serve();
    for (const target of ['/docs/empty', '/docs/empty/', '/docs/nested/']) {
      const response = await rawRequest(server, 'GET', target);
      assert.equal(response.status, 404, target);
      assert.equal(response.body, NOT_FOUND_BODY, target);
    }
  });

  it('answers 404 for a file requested with a trailing slash', async () => {
    const server = serve();
    const response = await rawRequest(server, 'GET', '/docs/hello.txt/');
    assert.equal(response.status, 404);
  });

  it('tries index_files in order and serves the first that exists', async () => {
    await writeFile(join(fixture.root, 'nested', 'default.htm'), '<p>default</p>\n');
    const server = serve({ index_files: ['missing.html', 'default.htm', 'index.html'] });
    const response = await rawRequest(server, 'GET', '/docs/nested/');
    assert.equal(response.status, 200);
    assert.equal(response.body, '<p>default</p>\n');
    const root = await rawRequest(server, 'GET', '/docs/');
    assert.equal(root.body, FIXTURE_FILES['index.html']);
  });

  it('lists a directory without an index when list_dir is on, HTML-escaping names and encoding links', async () => {
    const server = serve({ list_dir: true });
    const response = await rawRequest(server, 'GET', '/docs/odd/');
    assert.equal(response.status, 200);
    const body =
      '<!doctype html>\n<html><head><meta charset="utf-8"><title>Index of /odd/</title></head><body><h1>Index of /odd/</h1>\n<ul>\n' +
      '<li><a href="../">../</a></li>\n' +
      '<li><a href="./%3Cb%3E%26%22x&#39;.txt">&#60;b&#62;&#38;&#34;x&#39;.txt</a></li>\n' +
      '<li><a href="./a%20b%23%3F.txt">a b#?.txt</a></li>\n' +
      '<li><a href="./inner%20dir/">inner dir/</a></li>\n' +
      '</ul>\n</body></html>\n';
    assert.equal(response.body, body);
    assert.deepEqual(withoutTransportHeaders(response.headers), {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'x-request-id': 'test-id',
    });
  });

  it('lists only what a request could fetch: no dotfiles, FIFOs, drive names or links leading out', async () => {
    const server = serve({ list_dir: true, index_files: [] });
    const response = await rawRequest(server, 'GET', '/docs/');
    const links = [...response.body.matchAll(/<a href="([^"]*)">/g)].map((m) => m[1]);
    assert.deepEqual(links, ['./css/', './data.custom', './empty/', './hello.txt', './index.html', './link-in', './nested/', './noext', './odd/', './sub/']);
  });

  it('lists no name that is not UTF-8: read as U+FFFD, its link would name another file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'fw-static-bytes-'));
    try {
      await writeFile(Buffer.concat([Buffer.from(join(root, 'bad')), Buffer.from([0xff]), Buffer.from('.txt')]), 'bad\n');
      await writeFile(join(root, 'ok.txt'), 'ok\n');
      const server = staticTarget(createStaticHandler({ directory: root, options: { list_dir: true } }));
      const response = await rawRequest(server, 'GET', '/docs/');
      assert.deepEqual([...response.body.matchAll(/<a href="([^"]*)">/g)].map((m) => m[1]), ['./ok.txt']);
      assert.equal((await rawRequest(server, 'GET', '/docs/bad%EF%BF%BD.txt')).status, 404);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('redirects the listed root without its trailing slash, then lists it with links relative to it', async () => {
    const server = serve({ list_dir: true, index_files: [] });
    const bare = await rawRequest(server, 'GET', '/docs');
    assert.equal(bare.status, 301);
    assert.equal(bare.headers.location, '/docs/');
    const response = await rawRequest(server, 'GET', '/docs/');
    assert.equal(response.status, 200);
    assert.match(response.body, /<li><a href="\.\/hello\.txt">hello\.txt<\/a><\/li>/);
    assert.equal(response.body.includes('href="../"'), false);
  });

  it('redirects a directory without its trailing slash when list_dir is on, even without an index', async () => {
    const server = serve({ list_dir: true });
    const response = await rawRequest(server, 'GET', '/docs/empty');
    assert.equal(response.status, 301);
    assert.equal(response.headers.location, '/docs/empty/');
  });

  it('lists an empty directory as an empty list with a parent link', async () => {
    const server = serve({ list_dir: true });
    const response = await rawRequest(server, 'GET', '/docs/empty/');
    assert.equal(
      response.body,
      '<!doctype html>\n<html><head><meta charset="utf-8"><title>Index of /empty/</title></head><body><h1>Index of /empty/</h1>\n<ul>\n<li><a href="../">../</a></li>\n</ul>\n</body></html>\n',
    );
  });

  it('never reports a server fault', () => {
    for (const server of servers) assert.deepEqual(server.failures, []);
  });
});
