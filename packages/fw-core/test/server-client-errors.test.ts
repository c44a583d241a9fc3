/**
 * What node:http refuses before fw has a request, or cuts while fw reads it, is answered with
 * Node's own bytes and logged (`client_error`): a malformed head 400, a head over max_header_size
 * 431, a head slower than headers_timeout_ms 408, a body slower than request_timeout_ms 408 (with
 * the request's id, beside its own request line). The close lingers, so a client still sending
 * (a 1 MB head) reads the answer instead of a reset. A client that closes its side mid-request
 * has left: it is sent nothing, and the line says so with status 0 (it said "answered 400").
 * A client that resets its connection is no client error. Before, each was answered by Node and
 * left no line anywhere.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import { startTestApp, type LogLine, type TestApp } from './support/test-app.ts';
import { within } from './support/until.ts';

let app: TestApp;

before(async () => {
  const groups: RouteGroup[] = [
    {
      prefix: '',
      security: false,
      plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
      routes: [{ path: '/echo', handler: (req) => json({ got: req.body }), options: { methods: ['post'] } }],
    },
  ];
  app = await startTestApp({ fw: { server_configuration: { headers_timeout_ms: 300, request_timeout_ms: 600, max_header_size: 1024 } }, groups });
});
after(() => app.close());

/** Writes `text` on a new connection (then closes its side when `end`, reading on) and returns all it reads until the server closes it. */
function exchange(text: string, { end = false } = {}): Promise<string> {
  return within('the server to answer and close', new Promise((resolve, reject) => {
    const socket = connect({ port: app.server.port, host: '127.0.0.1', allowHalfOpen: end });
    let got = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (got += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(got));
    if (end) socket.end(text);
    else socket.write(text);
  }));
}

/** The client_error line with `status`, once written. */
const clientErrorLine = (status: number): Promise<LogLine> => app.waitForLog((line) => line.fields['event'] === 'client_error' && line.fields['status'] === status);

describe("node:http's refusals, answered as Node answers them and logged", () => {
  it('a malformed head: 400, logged with the parser code and the client address', async () => {
    assert.equal(await exchange('GET /echo HTTP/1.1\r\nHost x\r\n\r\n'), 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    const line = await clientErrorLine(400);
    assert.equal(line.level, 'info');
    assert.equal(line.fields['code'], 'HPE_INVALID_HEADER_TOKEN');
    assert.equal(line.fields['client.address'], '127.0.0.1');
    assert.equal(line.fields['request_id'], undefined);
  });

  it('a head over max_header_size: 431', async () => {
    assert.equal(await exchange(`GET /echo HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(2048)}\r\n\r\n`), 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
    assert.equal((await clientErrorLine(431)).fields['code'], 'HPE_HEADER_OVERFLOW');
  });

  it('a 1 MB head: the client reads its 431, not a reset (the close lingers while it is still sending)', async () => {
    const answer = await exchange(`GET /echo HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(1 << 20)}\r\n\r\n`);
    assert.equal(answer, 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
  });

  it('a head slower than headers_timeout_ms: 408', async () => {
    assert.equal(await exchange('GET /echo HTTP/1.1\r\nHost: x\r\n'), 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    const line = await clientErrorLine(408);
    assert.equal(line.fields['code'], 'ERR_HTTP_REQUEST_TIMEOUT');
    assert.equal(line.fields['request_id'], undefined);
  });

  it('a body slower than request_timeout_ms: 408, logged with the id of the request fw was reading', async () => {
    const before = app.logs.length;
    const answer = await exchange('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
    assert.equal(answer, 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    const line = await app.waitForLog((candidate) => app.logs.indexOf(candidate) >= before && candidate.fields['event'] === 'client_error');
    const request = await app.waitForLog((candidate) => candidate.fields['event'] === 'request' && candidate.fields['request_id'] === line.fields['request_id']);
    assert.equal(typeof line.fields['request_id'], 'string');
    assert.equal(request.fields['path'], '/echo');
  });

  it('a client that leaves mid-upload (closes its side): nothing sent, logged as leaving with status 0 and the request id', async () => {
    const before = app.logs.length;
    assert.equal(await exchange('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":', { end: true }), '');
    const line = await app.waitForLog((candidate) => app.logs.indexOf(candidate) >= before && candidate.fields['event'] === 'client_error');
    assert.deepEqual([line.fields['status'], line.fields['code'], line.msg], [0, 'HPE_INVALID_EOF_STATE', 'the client left before its request was whole: nothing sent']);
    const request = await app.waitForLog((candidate) => candidate.fields['event'] === 'request' && candidate.fields['request_id'] === line.fields['request_id']);
    assert.deepEqual([request.fields['path'], request.fields['status'], request.fields['aborted']], ['/echo', 0, true]);
  });

  it('a client that leaves mid-head (closes its side): nothing sent, logged as leaving, no request id', async () => {
    const before = app.logs.length;
    assert.equal(await exchange('GET /echo HTTP/1.1\r\nHost: x\r\n', { end: true }), '');
    const line = await app.waitForLog((candidate) => app.logs.indexOf(candidate) >= before && candidate.fields['event'] === 'client_error');
    assert.deepEqual([line.fields['status'], line.fields['code'], line.fields['request_id'], line.msg], [0, 'HPE_INVALID_EOF_STATE', undefined, 'the client left before its request was whole: nothing sent']);
  });

  it('a malformed request pipelined behind two whole ones: their answers first, in order, then the 400 and the close', async () => {
    const post = (body: string): string => `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const answer = await exchange(`${post('{"a":1}')}${post('{"a":2}')}GET /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n`);
    assert.deepEqual(answer.match(/HTTP\/1\.1 \d{3} [A-Za-z ]+|\{"got".*?\}\}/g), ['HTTP/1.1 200 OK', '{"got":{"a":1}}', 'HTTP/1.1 200 OK', '{"got":{"a":2}}', 'HTTP/1.1 400 Bad Request']);
    assert.ok(answer.endsWith('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n'), answer);
  });

  it('a client that leaves after a whole request and half of the next: the whole one is answered, the half one is not', async () => {
    const body = '{"a":3}';
    const answer = await exchange(`POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}GET /echo HTTP/1.1\r\nHost: x\r\n`, { end: true });
    assert.match(answer, /^HTTP\/1\.1 200 OK\r\n[^]*\{"got":\{"a":3\}\}$/);
  });

  it('a CONNECT (fw is no proxy): 400 and the close, logged, where node:http closed without a word; behind a whole request, after its answer', async () => {
    assert.equal(await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'), 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    const line = await app.waitForLog((candidate) => candidate.fields['event'] === 'client_error' && candidate.fields['code'] === 'FW_CONNECT');
    assert.deepEqual([line.fields['status'], line.msg], [400, 'answered 400: CONNECT: this server is not a proxy']);
    const body = '{"a":4}';
    const answer = await exchange(`POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}CONNECT /echo HTTP/1.1\r\nHost: x\r\n\r\n`);
    assert.match(answer, /^HTTP\/1\.1 200 OK\r\n[^]*\{"got":\{"a":4\}\}HTTP\/1\.1 400 Bad Request\r\nConnection: close\r\n\r\n$/);
  });

  it('a CONNECT whose client resets the connection at once does not take the server down', async () => {
    await within('the reset connection to close', new Promise<void>((resolve) => {
      const socket = connect(app.server.port, '127.0.0.1', () => {
        socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', () => socket.resetAndDestroy());
      });
      socket.on('close', () => resolve());
    }));
    assert.equal(await exchange('GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').then((text) => text.split('\r\n')[0]), 'HTTP/1.1 404 Not Found');
  });

  it('a client that resets its connection mid-head is no client error', async () => {
    const before = app.logs.length;
    await within('the reset connection to close', new Promise<void>((resolve) => {
      const socket = connect(app.server.port, '127.0.0.1', () => {
        socket.write('GET /echo HTTP/1.1\r\nHost: x\r\n');
        socket.resetAndDestroy();
      });
      socket.on('close', () => resolve());
    }));
    // A request after it: its line is written once the reset has long been handled.
    assert.equal(await exchange('GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').then((text) => text.split('\r\n')[0]), 'HTTP/1.1 404 Not Found');
    await app.waitForLog((candidate) => candidate.fields['event'] === 'request' && candidate.fields['path'] === '/nothing');
    assert.deepEqual(app.logs.slice(before).filter((line) => line.fields['event'] === 'client_error'), []);
  });
});
