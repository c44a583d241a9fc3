import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startReadBodyServer, type ReadBodyServer } from './support/plugin-harness.ts';

describe('readBody refuses compressed bodies', () => {
  let server: ReadBodyServer;
  before(async () => {
    server = await startReadBodyServer(1000);
  });
  after(() => server.close());

  for (const [header, encoding] of [['gzip', 'gzip'], ['Deflate', 'deflate'], ['br', 'br'], ['identity, gzip', 'gzip']]) {
    it(`rejects content-encoding ${header} with 415`, async () => {
      const res = await fetch(server.url, { method: 'POST', headers: { 'content-encoding': header as string }, body: 'abc' });
      assert.equal(res.status, 415);
      assert.deepEqual(await res.json(), { code: 'FW_ERR_UNSUPPORTED_ENCODING' });
      const read = await server.nextRead();
      assert.ok('error' in read);
      assert.equal(read.error.status, 415);
      assert.equal(read.error.message, 'unsupported content-encoding');
      assert.deepEqual(read.error.details, { encoding });
    });
  }

  for (const header of ['identity', 'IDENTITY', '']) {
    it(`reads the body with content-encoding ${JSON.stringify(header)}`, async () => {
      const res = await fetch(server.url, { method: 'POST', headers: { 'content-encoding': header }, body: 'abc' });
      assert.deepEqual(await res.json(), { length: 3 });
      const read = await server.nextRead();
      assert.ok('bytes' in read);
      assert.equal(read.bytes.toString(), 'abc');
    });
  }
});
