/**
 * The outage proxy's cut (support/store-tcp-proxy.ts), which the fault tests time their
 * expectations by: it resolves when the client has closed every connection, not when the proxy
 * dropped its side, so "the client knew the database was gone" is an observed time.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { startTcpProxy, type TcpProxy } from './support/store-tcp-proxy.ts';

let target: Server;
const received: string[] = [];
let proxy: TcpProxy;

before(async () => {
  target = createServer((socket) => socket.setEncoding('utf8').on('data', (text: string) => (received.push(text), socket.write(text))));
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  proxy = await startTcpProxy({ host: '127.0.0.1', port: (target.address() as { port: number }).port });
});
after(async () => {
  await proxy.close();
  target.close();
});

/** A client through the proxy that keeps its side open after the proxy's end, until told. */
async function halfOpenClient(): Promise<Socket> {
  const client = connect({ port: proxy.port, host: '127.0.0.1', allowHalfOpen: true }).setEncoding('utf8');
  await once(client, 'connect');
  client.write('ping');
  assert.equal((await once(client, 'data'))[0], 'ping');
  return client;
}

test('cut resolves only once the client has closed its side, with that time, and what the client sends meanwhile is dropped without a reset', async () => {
  const client = await halfOpenClient();
  const errors: Error[] = [];
  client.on('error', (error) => errors.push(error));
  let resolved = false;
  const cutting = proxy.cut().then((closedAt) => ((resolved = true), closedAt));
  await once(client, 'end');
  assert.equal(resolved, false, 'the proxy resolved before its client closed');
  await new Promise<void>((resolve, reject) => client.write('late', (error) => (error ? reject(error) : resolve())));
  const closed = once(client, 'close');
  const endedAt = Date.now();
  client.end();
  const closedAt = await cutting;
  assert.ok(closedAt >= endedAt, `closed at ${closedAt}, before the client ended at ${endedAt}`);
  await closed;
  assert.deepEqual(errors, []);
  assert.deepEqual(received, ['ping']);
});

test('while cut, connections are refused; restored, they are proxied again', async () => {
  const refused = connect({ port: proxy.port, host: '127.0.0.1' });
  const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
  assert.equal(error.code, 'ECONNREFUSED');
  await proxy.restore();
  const client = await halfOpenClient();
  client.destroy();
});

test('a client that never closes its side is destroyed after a second, and cut still resolves', async () => {
  const client = await halfOpenClient();
  const startedAt = Date.now();
  const closedAt = await proxy.cut();
  client.destroy();
  assert.ok(closedAt - startedAt >= 900, `resolved after ${closedAt - startedAt} ms`);
});
