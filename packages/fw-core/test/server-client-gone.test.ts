/**
 * Nothing is done for a client that is gone: a controller is not called once the client has
 * hung up (while a plugin or an asynchronous schema check ran), and a response body is not encoded for it.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import type { StandardSchemaV1 } from '../src/schema/route-schema.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { nextTurn, within } from './support/until.ts';

const counts = { handled: 0, encoded: 0, checkedHandled: 0 };

/** What the slow plugin or handler waits on: the test opens it once the client is gone (open until a test arms it). */
let gate: { promise: Promise<void>; resolve: () => void } = Promise.withResolvers<void>();
gate.resolve();
/** A promise the slow plugin or handler resolves as it hands its result back, armed per test. */
let handingBack: { promise: Promise<void>; resolve: () => void } = Promise.withResolvers<void>();

/** A slow pre_request plugin (the slowness is the scenario: the client hangs up meanwhile). */
const slowPlugin: FwPlugin = {
  name: 'slow_plugin',
  pre_request: async (req, _env, _options, state) => {
    await gate.promise;
    handingBack.resolve();
    return ['ok', req, state];
  },
};

/** A query schema that checks asynchronously (a Standard Schema, as zod's `refine(async ...)`): it waits on the gate. */
const slowSchema: StandardSchemaV1 = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: async (value) => {
      await gate.promise;
      handingBack.resolve();
      return { value };
    },
  },
};

/**
 * Sends a request, hangs up once the server has it, lets the slow step go on once the server has
 * seen the connection close, and waits until the step has handed its result to fw and fw has
 * reacted (promise reactions and writes: done by the next turn).
 */
async function hangUp(app: TestApp, path: string): Promise<void> {
  gate = Promise.withResolvers<void>();
  handingBack = Promise.withResolvers<void>();
  const taken = within('the server to take the request', new Promise<IncomingMessage>((resolve) => app.server.server.once('request', resolve)));
  const socket = connect(app.server.port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  const req = await taken;
  const gone = within('the server to see the client gone', new Promise((resolve) => req.socket.once('close', resolve)));
  socket.destroy();
  await gone;
  gate.resolve();
  await within('the slow step to hand back its result', handingBack.promise);
  await nextTurn();
}

describe('a client that is gone', () => {
  let app: TestApp;
  before(async () => {
    const get = { methods: ['get' as const] };
    app = await startTestApp({
      plugins: [slowPlugin],
      groups: [
        {
          prefix: '/slow-plugin',
          security: false,
          plugins: [{ phase: 'pre_request', module: 'slow_plugin', options: {} }],
          routes: [{ path: '/x', handler: () => { counts.handled += 1; return json({}); }, options: get }],
        },
        {
          prefix: '/slow-handler',
          security: false,
          routes: [
            {
              path: '/x',
              handler: async () => {
                await gate.promise;
                handingBack.resolve();
                return json({ toJSON: () => { counts.encoded += 1; return 'big'; } });
              },
              options: get,
            },
          ],
        },
        {
          prefix: '/slow-schema',
          security: false,
          routes: [{ path: '/x', handler: () => { counts.checkedHandled += 1; return json({}); }, options: { ...get, schema: { query: slowSchema } } }],
        },
      ],
    });
  });
  after(() => app.close());

  it('does not call the controller once the client has hung up', async () => {
    await hangUp(app, '/slow-plugin/x');
    assert.equal(counts.handled, 0);
    assert.equal((await fetch(`${app.url}/slow-plugin/x`)).status, 200);
    assert.equal(counts.handled, 1);
  });

  it('does not call the controller once the client has hung up while a schema checked asynchronously', async () => {
    await hangUp(app, '/slow-schema/x');
    assert.equal(counts.checkedHandled, 0);
    assert.equal((await fetch(`${app.url}/slow-schema/x`)).status, 200);
    assert.equal(counts.checkedHandled, 1);
  });

  it('does not encode a response body for a client that hung up while the handler ran', async () => {
    await hangUp(app, '/slow-handler/x');
    assert.equal(counts.encoded, 0);
    assert.equal(await (await fetch(`${app.url}/slow-handler/x`)).text(), '"big"');
    assert.equal(counts.encoded, 1);
  });
});
