/**
 * Where a server with no `host` in its configuration listens: loopback only, so a service is not
 * reachable from the network until someone opens it up (HOST, or host in the file). Real
 * servers on port 0; the non-loopback check connects to this machine's own network address.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { after, describe, it } from 'node:test';
import { defineApp } from '../src/app/app.ts';
import { json } from '../src/http/response.ts';
import { startServer, type FwServer } from '../src/server/start-server.ts';
import { removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';
import { captureLogger } from './support/test-app.ts';

after(removeApps);

const app = defineApp({
  name: 'listen_app',
  router: {
    name: 'listen_router',
    routes: () => [{ prefix: '', security: false, routes: [{ path: '/', handler: () => json({ ok: true }), options: { methods: ['get'] } }] }],
  },
});

async function startWithoutHost(env: NodeJS.ProcessEnv): Promise<FwServer> {
  const dir = await writeApp({ fw: { bootstrap_application: 'listen_app' } });
  return startServer({ appDir: dir, app, env: { PORT: '0', ...env }, logger: captureLogger() });
}

/** This machine's first non-loopback IPv4 address, if it has one. */
function externalIPv4(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === 'IPv4' && !address.internal);
    if (found) return found.address;
  }
  return undefined;
}

/** 'refused' or 'connected'. */
function tryConnect(host: string, port: number): Promise<'refused' | 'connected'> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error)));
  });
}

describe('the listener address without host in the configuration', () => {
  it('binds 127.0.0.1 and answers there', async () => {
    const server = await startWithoutHost({});
    try {
      assert.deepEqual(server.server.address(), { address: '127.0.0.1', family: 'IPv4', port: server.port });
      assert.equal(server.url, `http://127.0.0.1:${server.port}`);
      assert.deepEqual(await (await fetch(`${server.url}/`)).json(), { ok: true });
    } finally {
      await server.stop();
    }
  });

  const external = externalIPv4();
  it(`refuses connections on the machine's network address (${external ?? 'none'})`, { skip: external === undefined && 'no non-loopback IPv4 address' }, async () => {
    const server = await startWithoutHost({});
    try {
      assert.equal(await tryConnect(external as string, server.port), 'refused');
    } finally {
      await server.stop();
    }
  });

  it('HOST=0.0.0.0 opens it to every IPv4 interface', async () => {
    const server = await startWithoutHost({ HOST: '0.0.0.0' });
    try {
      assert.deepEqual(server.server.address(), { address: '0.0.0.0', family: 'IPv4', port: server.port });
      if (external !== undefined) assert.equal(await tryConnect(external, server.port), 'connected');
    } finally {
      await server.stop();
    }
  });
});
