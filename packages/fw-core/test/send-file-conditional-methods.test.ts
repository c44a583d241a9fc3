/**
 * `sendFile()` answers a conditional request with 304 only for GET and HEAD: RFC 9110 §15.4.5 (a 304
 * answers a conditional GET or HEAD) and §13.1.3 (If-Modified-Since MUST be ignored for other methods).
 * A POST whose handler answers with a file gets the file, whatever validators the client sends.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sendFile } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

describe('sendFile and conditional headers by method', () => {
  let app: InjectedApp;
  before(async () => {
    let dir = '';
    const file = () => sendFile(join(dir, 'report.txt'));
    app = await injectTestApp({
      files: { 'report.txt': 'report\n' },
      groups: [{ prefix: '', security: false, routes: [{ path: '/report', handler: file, options: { methods: ['get', 'post', 'put'] } }] }],
    });
    dir = app.dir;
  });
  after(async () => {
    await app.close();
  });

  const conditions = { 'if-none-match': '*', 'if-modified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' };
  for (const [name, value] of Object.entries(conditions)) {
    it(`sends the file to POST and PUT with ${name}`, async () => {
      for (const method of ['POST', 'PUT']) {
        const res = await app.fetch('/report', { method, headers: { [name]: value } });
        assert.equal(res.status, 200, `${method} with ${name}`);
        assert.equal(await res.text(), 'report\n');
      }
    });

    it(`still answers GET and HEAD with ${name} with 304`, async () => {
      for (const method of ['GET', 'HEAD']) assert.equal((await app.fetch('/report', { method, headers: { [name]: value } })).status, 304, method);
    });
  }
});
