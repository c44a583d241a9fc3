/**
 * `sendFile()` of a file that cannot be served (missing, a directory, a FIFO) answers 404
 * `{"error": "not found"}` as a static route does, logging no failure: a download route's file name
 * is often the client's (`sendFile(join(dir, req.bindings.name))` after checking the name), and a
 * name that names nothing is the client's mistake, not a 500. Peers agree (Express's res.sendFile,
 * @fastify/static's reply.sendFile: 404).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sendFile } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

describe('sendFile of a file that cannot be served', () => {
  let app: InjectedApp;
  before(async () => {
    let dir = '';
    app = await injectTestApp({
      files: { 'report.txt': 'report\n' },
      groups: [{ prefix: '', security: false, routes: [{ path: '/files/:name', handler: (req) => sendFile(join(dir, req.bindings.name!)), options: { methods: ['get', 'head'] } }] }],
    });
    dir = app.dir;
    execFileSync('mkfifo', [join(dir, 'pipe')]);
  });
  after(async () => {
    await app.close();
  });

  for (const name of ['missing.txt', '.', 'pipe', 'report.txt%2Fmore']) {
    it(`answers 404 for ${name}, GET and HEAD, and logs no failure`, async () => {
      const res = await app.fetch(`/files/${name}`);
      assert.equal(res.status, 404);
      assert.deepEqual(await res.json(), { error: 'not found' });
      assert.equal((await app.fetch(`/files/${name}`, { method: 'HEAD' })).status, 404);
      assert.deepEqual(app.logs.filter((line) => line.level === 'error'), []);
    });
  }

  it('sends a file that is there', async () => {
    const res = await app.fetch('/files/report.txt');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'report\n');
  });
});
