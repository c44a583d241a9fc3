/**
 * Keep-alive above the balancers' idle timeouts (issue 35, item 3): by default a client is told
 * `Keep-Alive: timeout=72` and the server keeps an idle connection at least that long, with
 * node:http's header and request timeouts consistent (headers <= request).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import { getHead, openConnection } from './support/keep-alive-client.ts';
import { startTestApp } from './support/test-app.ts';

const groups: RouteGroup[] = [{ prefix: '', security: false, routes: [{ path: '/hello', handler: () => json({ hello: 'world' }), options: { methods: ['get'] } }] }];

/** The keep-alive answer a raw client gets from an app with `server_configuration`, and the node:http server's settings. */
async function keepAliveSeen(serverConfiguration: Record<string, unknown>) {
  const app = await startTestApp({ fw: { server_configuration: serverConfiguration }, groups });
  try {
    const connection = await openConnection(app.server.port);
    connection.send(getHead('/hello'));
    const answer = await connection.answer();
    connection.socket.end();
    const { keepAliveTimeout, keepAliveTimeoutBuffer, headersTimeout, requestTimeout } = app.server.server;
    return { answer, keepAliveTimeout, keepAliveTimeoutBuffer, headersTimeout, requestTimeout };
  } finally {
    await app.close();
  }
}

describe('keep-alive defaults', () => {
  it('tells a client timeout=72 and keeps idle connections 72 s plus node:http\'s buffer', async () => {
    const seen = await keepAliveSeen({});
    assert.equal(seen.answer.status, 200);
    assert.equal(seen.answer.headers['connection'], 'keep-alive');
    assert.equal(seen.answer.headers['keep-alive'], 'timeout=72');
    assert.equal(seen.keepAliveTimeout, 72_000);
    assert.equal(seen.keepAliveTimeoutBuffer, 1_000);
    assert.equal(seen.headersTimeout, 10_000);
    assert.equal(seen.requestTimeout, 30_000);
  });

  it('advertises the configured keep-alive in whole seconds, rounded down, never more than the server keeps', async () => {
    const seen = await keepAliveSeen({ keep_alive_timeout_ms: 65_500 });
    assert.equal(seen.answer.headers['keep-alive'], 'timeout=65');
    assert.equal(seen.keepAliveTimeout, 65_500);
  });
});
