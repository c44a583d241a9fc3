/**
 * `req.signal` (http/request.ts): aborted when the client goes away before the answer was ended, so
 * a handler can stop its work for it; never aborted for an answer that was sent, even when the
 * connection closes afterwards; the request's own through a plugin that answers with a copy of it.
 * A real server: the socket is the point.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { nextTurn, within } from './support/until.ts';

/** One request's handler: it holds until the test releases it, reading `req.signal` before (`/early`) or after (`/late`). */
interface Held {
  readonly req: FwRequest;
  readonly release: () => void;
  /** The signal the handler read, once it has read it. */
  readonly signal: Promise<AbortSignal>;
}

let held: PromiseWithResolvers<Held> = Promise.withResolvers<Held>();
/** Resolved when the fetching handler's fetch has settled. */
let fetchSettled = Promise.withResolvers<void>();

function holding(readEarly: boolean) {
  return async (req: FwRequest) => {
    const gate = Promise.withResolvers<void>();
    const read = Promise.withResolvers<AbortSignal>();
    if (readEarly) read.resolve(req.signal);
    held.resolve({ req, release: gate.resolve, signal: read.promise });
    await gate.promise;
    if (!readEarly) read.resolve(req.signal);
    return json({ aborted: req.signal.aborted });
  };
}

/** A pre_request plugin in the functional style: it answers with a copy of the request. */
const copyingPlugin: FwPlugin = { name: 'copying_plugin', pre_request: (req, _env, _options, state) => ['ok', { ...req }, state] };

const get = { methods: ['get' as const] };

describe('req.signal', () => {
  let app: TestApp;
  /** An upstream that takes connections and never answers. */
  let upstream: Server;
  let upstreamUrl = '';
  before(async () => {
    upstream = createServer((socket) => socket.on('error', () => {}));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/`;
    const fetches = async (req: FwRequest) => {
      const answer = fetch(upstreamUrl, { signal: req.signal }).finally(() => fetchSettled.resolve());
      held.resolve({ req, release: () => {}, signal: Promise.resolve(req.signal) });
      return json(await (await answer).json());
    };
    const throwsAbort = () => { throw new DOMException('stopped for no client', 'AbortError'); };
    app = await startTestApp({
      plugins: [copyingPlugin],
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/early', handler: holding(true), options: get },
            { path: '/late', handler: holding(false), options: get },
            { path: '/fetch', handler: fetches, options: get },
            { path: '/abort-error', handler: throwsAbort, options: get },
          ],
        },
        { prefix: '/copied', security: false, plugins: [{ phase: 'pre_request', module: 'copying_plugin', options: {} }], routes: [{ path: '/early', handler: holding(true), options: get }] },
      ],
    });
  });
  after(async () => {
    await app.close();
    upstream.close();
  });

  /** Sends a GET over a raw socket; resolves once the handler holds it, with the server's request and response. */
  async function send(path: string): Promise<{ socket: Socket; held: Held; raw: IncomingMessage; res: ServerResponse }> {
    held = Promise.withResolvers<Held>();
    const taken = within('the server to take the request', new Promise<[IncomingMessage, ServerResponse]>((resolve) => app.server.server.once('request', (raw, res) => resolve([raw, res]))));
    const socket = connect(app.server.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const [raw, res] = await taken;
    return { socket, held: await within('the handler to hold the request', held.promise), raw, res };
  }

  /** Hangs up and waits until the server has seen the connection close. */
  async function hangUp(socket: Socket, raw: IncomingMessage): Promise<void> {
    const closed = within('the server to see the socket close', new Promise((resolve) => (raw.socket.destroyed ? resolve(undefined) : raw.socket.once('close', resolve))));
    socket.destroy();
    await closed;
  }

  it('aborts with an AbortError when the client hangs up while the handler works', async () => {
    const { socket, held: h, raw } = await send('/early');
    const signal = await h.signal;
    assert.equal(signal.aborted, false, 'not aborted while the client waits');
    const aborted = within('the signal to abort', new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true })));
    await hangUp(socket, raw);
    await aborted;
    assert.equal((signal.reason as Error).name, 'AbortError');
    h.release();
  });

  it('is aborted at once when first read after the client has gone', async () => {
    const { socket, held: h, raw } = await send('/late');
    await hangUp(socket, raw);
    h.release();
    const signal = await within('the handler to read its signal', h.signal);
    assert.equal(signal.aborted, true);
  });

  it('is not aborted for an answer that was sent, though the connection closes afterwards', async () => {
    const { socket, held: h, raw, res } = await send('/early');
    const answered = within('the answer', new Promise<string>((resolve) => { let text = ''; socket.setEncoding('utf8').on('data', (chunk: string) => { text += chunk; if (text.includes('}')) resolve(text); }); }));
    const finished = within('the response to close', new Promise((resolve) => res.once('close', resolve)));
    h.release();
    assert.match(await answered, /^HTTP\/1\.1 200 [\s\S]*\{"aborted":false\}$/);
    await finished;
    await hangUp(socket, raw);
    assert.equal((await h.signal).aborted, false);
  });

  it("is the request's own through a plugin that answers with a copy of it", async () => {
    const { socket, held: h, raw } = await send('/copied/early');
    assert.notEqual(h.req.constructor.name, 'PipelineRequest', 'the handler got the copy');
    const signal = await h.signal;
    await hangUp(socket, raw);
    assert.equal(signal.aborted, true);
    h.release();
  });

  it('stops a fetch given the signal, and its AbortError is no request_failed line: the request line says aborted', async () => {
    fetchSettled = Promise.withResolvers<void>();
    const { socket, held: h, raw } = await send('/fetch');
    const requestLine = app.waitForLog((line) => line.fields.event === 'request' && line.fields.request_id === h.req.id);
    await hangUp(socket, raw);
    assert.equal((await requestLine).fields.aborted, true);
    await within('the fetch to stop', fetchSettled.promise);
    await nextTurn();
    assert.deepEqual(app.logs.filter((line) => line.fields.event === 'request_failed' && line.fields.request_id === h.req.id), []);
  });

  it('logs an AbortError as request_failed, and answers 500, while the client is still there', async () => {
    const res = await fetch(`${app.url}/abort-error`);
    assert.equal(res.status, 500);
    const id = res.headers.get('x-request-id');
    const failed = await app.waitForLog((line) => line.fields.event === 'request_failed' && line.fields.request_id === id);
    assert.equal((failed.fields.err as Error).name, 'AbortError');
  });
});
