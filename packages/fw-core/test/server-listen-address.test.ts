/**
 * Where fw listens: loopback unless told otherwise, and the log line names the address actually
 * bound (not a guess), so an operator sees at once when a service is open to the network.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { startServer } from '../src/server/start-server.ts';
import { captureLogger, testApp } from './support/test-app.ts';

const groups = [{ prefix: '', security: false as const, routes: [{ path: '/ping', handler: () => json({ ok: true }), options: { methods: ['get' as const] } }] }];

async function start(serverConfiguration: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'fw-listen-'));
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'test_app', server_configuration: serverConfiguration } }));
  const logger = captureLogger();
  const server = await startServer({ appDir: dir, app: testApp({ groups }), env, logger });
  const listening = logger.lines.find((l) => l.fields.event === 'listening');
  return {
    server,
    listening,
    async close() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe('the listen address', () => {
  it('binds loopback 127.0.0.1 when the configuration names no host', async () => {
    const app = await start({ port: 0 });
    try {
      const bound = app.server.server.address() as AddressInfo;
      assert.equal(bound.address, '127.0.0.1');
      assert.equal(app.listening?.fields.address, `127.0.0.1:${bound.port}`);
      assert.equal(app.server.url, `http://127.0.0.1:${bound.port}`);
    } finally {
      await app.close();
    }
  });

  it('logs the IPv6 address it bound, bracketed, and a URL that reaches it', async () => {
    const app = await start({ port: 0, host: '::1' });
    try {
      const { port } = app.server;
      assert.equal(app.listening?.fields.address, `[::1]:${port}`);
      assert.equal(app.listening?.msg, `test_app listening on [::1]:${port} (http://[::1]:${port})`);
      assert.equal((await fetch(`http://[::1]:${port}/ping`)).status, 200);
    } finally {
      await app.close();
    }
  });

  it('says plainly when it listens on every interface', async () => {
    const app = await start({ port: 0, host: '0.0.0.0' });
    try {
      assert.equal(app.listening?.fields.address, `0.0.0.0:${app.server.port}`);
    } finally {
      await app.close();
    }
  });
});
