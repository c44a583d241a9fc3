/**
 * A start that fails once fw has its logger says why in the log too (`start_failed`, level error,
 * the error with its code and cause), so a log pipeline sees why an instance never came up: an
 * app author's trial saw a plugin whose init could not reach Redis end the process with a bare
 * stack trace and no log line. The start still rejects with the same coded error.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { rm } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { startServer } from '../src/server/start-server.ts';
import { captureLogger, testApp, writeTestAppDir, type TestAppSpec } from './support/test-app.ts';

const routes: RouteGroup[] = [{ prefix: '', security: false, routes: [{ path: '/', handler: () => json({ ok: true }) }] }];

/** Starts `spec` on `port`; resolves with the rejection's code and the start_failed lines logged. */
async function failedStart(spec: TestAppSpec, port = 0): Promise<{ code: unknown; logged: { level: string; code: unknown; message: string | undefined }[] }> {
  const dir = await writeTestAppDir({ ...spec.fw, server_configuration: { port } });
  const logger = captureLogger();
  try {
    const error = await startServer({ appDir: dir, app: testApp(spec), env: {}, logger }).then(
      async (server) => {
        await server.stop();
        assert.fail('the start succeeded');
      },
      (reason: unknown) => reason as { code?: unknown },
    );
    const logged = logger.lines.filter((line) => line.fields.event === 'start_failed').map((line) => ({ level: line.level, code: (line.fields.err as { code?: unknown }).code, message: line.msg }));
    return { code: error.code, logged };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a failed start is logged', () => {
  it("logs start_failed when a plugin's init throws (a store it cannot reach)", async () => {
    const plugin: FwPlugin = { name: 'limits', init: () => { throw new Error('connect ECONNREFUSED 127.0.0.1:6379'); }, pre_request: (req, _env, _options, state) => ['ok', req, state] };
    const { code, logged } = await failedStart({ groups: routes, plugins: [plugin], fw: { plugins: [{ phase: 'pre_request', module: 'limits' }] } });
    assert.equal(code, 'FW_ERR_PLUGIN_INIT_FAILED');
    assert.equal(logged.length, 1);
    assert.deepEqual([logged[0]?.level, logged[0]?.code], ['error', 'FW_ERR_PLUGIN_INIT_FAILED']);
    assert.match(logged[0]?.message ?? '', /^start failed: .*limits/);
  });

  it("logs start_failed when the app's start hook throws", async () => {
    const { logged } = await failedStart({ groups: routes, start: () => Promise.reject(new Error('database unreachable')) });
    assert.deepEqual(logged.map((line) => [line.level, line.message]), [['error', 'start failed: database unreachable']]);
  });

  it("runs the app's stop after a start hook that threw partway, so what it opened is closed", async () => {
    const steps: string[] = [];
    const start = async () => {
      steps.push('pool opened');
      throw new Error('migrations failed');
    };
    const { logged } = await failedStart({ groups: routes, start, stop: async () => void steps.push('stop ran') });
    assert.deepEqual(steps, ['pool opened', 'stop ran']);
    assert.deepEqual(logged.map((line) => line.message), ['start failed: migrations failed']);
  });

  it('logs start_failed when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { code, logged } = await failedStart({ groups: routes }, (taken.address() as { port: number }).port);
      assert.equal(code, 'FW_ERR_SERVER_LISTEN');
      assert.deepEqual(logged.map((line) => [line.level, line.code]), [['error', 'FW_ERR_SERVER_LISTEN']]);
    } finally {
      taken.close();
    }
  });
});
