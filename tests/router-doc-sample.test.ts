/**
 * docs/router.md's first sample, run as it reads on a real server (port 0 in place of 3000):
 * its routes answer through their handlers, a method the path does not take is a 405 whose
 * `allow` is the `allowed` list, a path no route has a 404, the `api.example.com` route only on
 * that host; and it prints the route tree as "Printing the routes" says (hosts in precedence
 * order, two spaces a level, `_` for a route of every method, no trailing newline).
 */
import assert from 'node:assert/strict';
import { request, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

let sample: DocSample<{ server: Server }>;
let base: string;
const printed: unknown[] = [];

before(async () => {
  const log = console.log;
  console.log = (...args: unknown[]) => void printed.push(...args);
  try {
    sample = await importDocSample(
      'docs/router.md',
      (code) => code.includes('createRouter([') && code.includes('.listen(3000)'),
      'server.ts',
      'router-doc-sample-',
      (code) => code.replace('createServer((req, res) =>', 'export const server = createServer((req, res) =>').replace('.listen(3000)', '.listen(0)'),
    );
  } finally {
    console.log = log;
  }
  const { server } = sample.module;
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
after(async () => {
  await new Promise((resolve) => sample?.module.server.close(resolve));
  await sample?.remove();
});

/** [status, body, allow] of a request to the sample (node:http's client: fetch will not send another Host). */
const get = (path: string, init: { method?: string; host?: string } = {}) =>
  new Promise<[number | undefined, string, string | null]>((resolve, reject) => {
    const headers = init.host === undefined ? {} : { host: init.host };
    request(base + path, { method: init.method ?? 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve([res.statusCode, body, res.headers.allow ?? null]));
    })
      .on('error', reject)
      .end();
  });

describe("docs/router.md's sample server", () => {
  it('answers its routes through their handlers, query cut before matching', async () => {
    assert.deepEqual(await get('/api/posts?page=2'), [200, 'posts', null]);
    assert.deepEqual(await get('/api/posts/42', { method: 'DELETE' }), [200, 'one post', null]);
    assert.deepEqual(await get('/docs/a/b', { host: 'api.example.com' }), [200, 'docs', null]);
  });

  it('answers 405 with the allowed methods, and 404 for a path no table has', async () => {
    assert.deepEqual(await get('/api/posts', { method: 'PUT' }), [405, '', 'GET, HEAD, POST']);
    assert.deepEqual(await get('/docs/a/b'), [404, '', null]);
    assert.deepEqual(await get('/nope', { host: 'api.example.com' }), [404, '', null]);
  });

  it('prints the route tree', () => {
    assert.deepEqual(printed, [
      [
        "Host: 'api.example.com'",
        '  /docs',
        '    /[...]',
        '      _ /docs/[...] (docsHandler)',
        "Host: '_'",
        '  /api/posts',
        '    GET /api/posts (postsHandler)',
        '    POST /api/posts (postsHandler)',
        '    /:id',
        '      GET /api/posts/:id (postHandler)',
        '      PUT /api/posts/:id (postHandler)',
        '      DELETE /api/posts/:id (postHandler)',
      ].join('\n'),
    ]);
  });
});
