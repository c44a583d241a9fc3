/**
 * Order of work (docs/pipeline.md): fw_request_plugin runs in pre_request, but the body is read
 * and decoded only once the group's security has allowed the request. A refused request costs
 * no parsing, is answered without waiting for its body, and closes its connection.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import { halfOpenClient, upload } from './support/half-open-client.ts';
import { connectRaw } from './support/plugin-harness.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// A json_lib that counts the bodies it parses, in a global the test can read.
const COUNTING_JSON = `export function stringify(value) { return JSON.stringify(value); }
export function parse(text) { globalThis.fwTestParses = (globalThis.fwTestParses ?? 0) + 1; return JSON.parse(text); }
`;
const parses = (): number => (globalThis as { fwTestParses?: number }).fwTestParses ?? 0;

describe('body decoding waits for security', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      fw: { json_lib: './counting-json.mjs', plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
      files: { 'counting-json.mjs': COUNTING_JSON },
      groups: [
        {
          prefix: '/api',
          security: (req: FwRequest) => req.headers.authorization === 'Bearer let-me-in',
          routes: [{ path: '/items', handler: (req: FwRequest) => json({ got: req.body ?? null }, 201), options: { methods: ['post'] } }],
        },
      ],
    });
  });
  after(() => app.close());

  it('answers a refused 1 MiB JSON array with 401 without parsing it, and closes the connection', async () => {
    const body = `[${'{},'.repeat(349_000)}{}]`;
    const before = parses();
    const res = await fetch(`${app.url}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { error: 'unauthorized' });
    assert.equal(res.headers.get('connection'), 'close');
    assert.equal(parses(), before, 'json_lib.parse never ran');
  });

  it('answers a refused malformed body with 401, not 400', async () => {
    const res = await fetch(`${app.url}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"unterminated' });
    assert.equal(res.status, 401);
  });

  it('answers a refused request before the client has sent its body', async () => {
    const connection = await connectRaw(app.server.port);
    await connection.write(`POST /api/items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n[{},`);
    const res = await connection.response();
    assert.equal(res?.status, 401);
    connection.socket.destroy();
  });

  it('reads and drops a refused body still being sent after the 401, so the client gets the answer and an orderly close', async () => {
    const size = 2_000_000;
    const client = await halfOpenClient(app.server.port);
    const serverEnded = once(client.socket, 'end');
    client.socket.write(`POST /api/items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
    await serverEnded;
    assert.match(client.received(), /^HTTP\/1\.1 401 /);
    assert.equal(await upload(client.socket, size), Math.ceil(size / 65536) * 65536);
    client.socket.end();
    await once(client.socket, 'close');
    assert.deepEqual(client.errors, []);
  });

  it('decodes the body of an allowed request before the controller runs', async () => {
    const before = parses();
    const res = await fetch(`${app.url}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer let-me-in' }, body: '{"title":"t"}' });
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), { got: { title: 't' } });
    assert.equal(parses(), before + 1);
  });

  it('still answers a bad body of an allowed request with 400', async () => {
    const res = await fetch(`${app.url}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer let-me-in' }, body: '{' });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'malformed JSON body' });
  });
});
