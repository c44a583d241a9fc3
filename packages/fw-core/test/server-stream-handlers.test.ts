import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { exchangeOf, observeExchange } from '../src/stream/exchange.ts';
import type { ExchangeEnd, StreamHandler } from '../src/stream/stream-handler.ts';
import { startTestApp } from './support/test-app.ts';
import { until } from './support/until.ts';

/** A stream handler that records start and end events. */
function recorder(name: string, events: string[], ends: ExchangeEnd[]): StreamHandler {
  return {
    name,
    wrap: (next) => (req, res) => {
      events.push(`${name}:start`);
      const exchange = exchangeOf(req);
      observeExchange(req, res, (end) => {
        events.push(`${name}:end:${end.status}:${exchange.route?.template ?? '-'}`);
        ends.push(end);
      });
      next(req, res);
    },
  };
}

describe('stream handlers', () => {
  it('wrap the whole pipeline in the listed order and see status, sizes and duration at the end', async () => {
    const events: string[] = [];
    const ends: ExchangeEnd[] = [];
    const app = await startTestApp({
      streamHandlers: [recorder('outer_h', events, ends), recorder('inner_h', events, [])],
      fw: {
        server_configuration: { stream_handlers: ['outer_h', 'inner_h', 'fw_stream_h'] },
        plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
      },
      groups: [{ prefix: '', security: false, routes: [{ path: '/echo', handler: (req) => json({ echo: req.body }, 201), options: { methods: ['post'] } }] }],
    });
    try {
      const payload = JSON.stringify({ hello: 'world' });
      const res = await fetch(`${app.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
      const text = await res.text();
      assert.equal(text, '{"echo":{"hello":"world"}}');
      // The ends are reported on the response's finish or close, which may come after the client has the body.
      await until('the outer handler to see the end', () => events.some((e) => e.startsWith('outer_h:end:')));
      assert.deepEqual(events, ['outer_h:start', 'inner_h:start', 'inner_h:end:201:/echo', 'outer_h:end:201:/echo']);
      assert.equal(ends[0]?.requestBodySize, Buffer.byteLength(payload));
      assert.equal(ends[0]?.responseBodySize, Buffer.byteLength(text));
      assert.equal(ends[0]?.aborted, false);
      assert.ok((ends[0]?.durationMs ?? -1) > 0);
    } finally {
      await app.close();
    }
  });

  it('works around a plain node:http listener that is not an fw app', async () => {
    const events: string[] = [];
    const ends: ExchangeEnd[] = [];
    const listener = recorder('plain_h', events, ends).wrap((_req, res) => {
      res.writeHead(202, { 'content-type': 'text/plain' });
      res.write('ab');
      res.end('cde');
    });
    const server = createServer(listener).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/anything`, { method: 'PUT', body: 'xyz123' });
    assert.equal(await res.text(), 'abcde');
    await until('the handler to see the end', () => events.some((e) => e.startsWith('plain_h:end:')));
    assert.deepEqual(events, ['plain_h:start', 'plain_h:end:202:-']);
    assert.equal(ends[0]?.requestBodySize, 6);
    assert.equal(ends[0]?.responseBodySize, 5);
    server.close();
  });

  it('fails start-up for an unknown stream handler, naming it', async () => {
    await assert.rejects(
      startTestApp({ fw: { server_configuration: { stream_handlers: ['nope_h', 'fw_stream_h'] } }, groups: [] }),
      (error: { code?: string; message: string }) => error.code === 'FW_ERR_STREAM_HANDLER_UNKNOWN' && error.message.includes('nope_h'),
    );
  });
});
