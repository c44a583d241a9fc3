/**
 * The drain before a stop (issue 35, item 1), on a real server and raw keep-alive connections:
 * during `stop({delayMs})` readiness fails, the server keeps listening and answering, each answer
 * with `connection: close`; and a request that reaches an idle keep-alive connection as the close
 * begins is answered whole, never reset.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { readinessHandler } from '../src/server/readiness.ts';
import { getHead, openConnection, type KeepAliveConnection } from './support/keep-alive-client.ts';
import { connectOutcome } from './support/raw-socket.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** An app with `/ready` (readinessHandler on the routes' lifecycle) and `/hello`. */
function startDrainApp(): Promise<TestApp> {
  return startTestApp({
    groups: (_env, { lifecycle }) => [
      {
        prefix: '',
        security: false,
        routes: [
          { path: '/ready', handler: readinessHandler({ lifecycle }), options: { methods: ['get'] } },
          { path: '/hello', handler: () => json({ hello: 'world' }), options: { methods: ['get'] } },
        ],
      },
    ],
  });
}

/** A connection that has had one keep-alive exchange, so it sits idle between requests. */
async function idleKeepAlive(app: TestApp): Promise<KeepAliveConnection> {
  const connection = await openConnection(app.server.port);
  connection.send(getHead('/hello'));
  const first = await connection.answer();
  assert.equal(first.status, 200);
  assert.equal(first.headers['connection'], 'keep-alive');
  return connection;
}

describe('drain before stop', () => {
  it('keeps listening and answering during the delay, every answer closing its connection, readiness 503', async () => {
    const app = await startDrainApp();
    const kept = await idleKeepAlive(app);
    assert.deepEqual((await fetch(`${app.url}/ready`).then((res) => res.json())), { status: 'ready' });
    const stopped = app.server.stop({ delayMs: 3_000 });
    assert.equal(app.server.lifecycle.draining, true, 'draining from the moment stop() is called');

    kept.send(getHead('/hello'));
    const onKept = await kept.answer();
    assert.equal(onKept.status, 200);
    assert.equal(onKept.headers['connection'], 'close');
    assert.deepEqual(JSON.parse(onKept.body), { hello: 'world' });
    assert.equal(await kept.ended, 'end');

    assert.equal(app.server.server.listening, true);
    const fresh = await openConnection(app.server.port);
    fresh.send(getHead('/ready'));
    const ready = await fresh.answer();
    assert.equal(ready.status, 503);
    assert.deepEqual(JSON.parse(ready.body), { status: 'draining' });
    assert.equal(ready.headers['connection'], 'close');
    assert.equal(ready.headers['cache-control'], 'no-store');
    assert.equal(ready.headers['retry-after'], undefined);
    assert.equal(await fresh.ended, 'end');

    await stopped;
    assert.equal(await connectOutcome(app.server.port, '127.0.0.1'), 'ECONNREFUSED');
    await app.close();
  });

  for (const order of ['written, then stop()', 'stop(), then written'] as const) {
    it(`answers a request on an idle keep-alive connection ${order} in the same tick, without a reset`, async () => {
      const app = await startDrainApp();
      const connection = await idleKeepAlive(app);
      let stopped: Promise<void>;
      if (order === 'written, then stop()') {
        connection.send(getHead('/hello'));
        stopped = app.server.stop();
      } else {
        stopped = app.server.stop();
        connection.send(getHead('/hello'));
      }
      const answer = await connection.answer();
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['connection'], 'close');
      assert.deepEqual(JSON.parse(answer.body), { hello: 'world' });
      assert.equal(await connection.ended, 'end');
      await stopped;
      await app.close();
    });
  }

  it('answers a request whose head was half received on an idle keep-alive connection when the close began', async () => {
    const app = await startDrainApp();
    const connection = await idleKeepAlive(app);
    const head = getHead('/hello');
    connection.send(head.slice(0, 10));
    // The half head is read before the close looks at the connection (one I/O poll, as the close waits).
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    const stopped = app.server.stop();
    connection.send(head.slice(10));
    const answer = await connection.answer();
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['connection'], 'close');
    assert.equal(await connection.ended, 'end');
    await stopped;
    await app.close();
  });

  it('ends an idle keep-alive connection with a FIN when the close begins and no request comes', async () => {
    const app = await startDrainApp();
    const connection = await idleKeepAlive(app);
    const stopped = app.server.stop();
    assert.equal(await connection.ended, 'end');
    connection.socket.end();
    await stopped;
    await app.close();
  });
});
