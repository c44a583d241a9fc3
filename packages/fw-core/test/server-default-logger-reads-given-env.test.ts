/**
 * The JSON logger fw makes when startServer (or createListener) is given no logger reads the `env`
 * the caller gave, as the rest of the start does: FW_LOG_REPEAT_INTERVAL_MS and
 * OTEL_RESOURCE_ATTRIBUTES's service.instance.id. It read process.env, so a caller's `env` was
 * checked by the configuration and then not used by the logger. A real subprocess, whose own
 * environment says otherwise, writes the default logger's lines to its stderr.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { writeTestAppDir } from './support/test-app.ts';

const dirs: string[] = [];
after(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const src = (path: string): string => JSON.stringify(pathToFileURL(join(import.meta.dirname, '..', 'src', path)).href);

/** The stderr lines of a process that starts a server with `entry` (startServer or createListener) given `env`, and answers one request whose handler logs the same error three times. */
async function linesOf(entry: 'startServer' | 'createListener', env: Record<string, string>): Promise<Record<string, unknown>[]> {
  const dir = await writeTestAppDir({});
  dirs.push(dir);
  const script = `
    import { startServer } from ${src('server/start-server.ts')};
    import { createListener } from ${src('server/create-listener.ts')};
    import { defineApp } from ${src('app/app.ts')};
    import { json } from ${src('http/response.ts')};
    const handler = (req) => {
      for (let i = 0; i < 3; i += 1) req.log.error({ event: 'lookup_failed' }, 'lookup failed');
      return json({});
    };
    const app = defineApp({ name: 'test_app', router: { name: 'test_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/', handler }] }] } });
    const options = { appDir: ${JSON.stringify(dir)}, app, env: ${JSON.stringify(env)} };
    if (${JSON.stringify(entry)} === 'startServer') {
      const server = await startServer(options);
      await (await fetch(server.url + '/')).text();
      await server.stop();
    } else {
      const fw = await createListener(options);
      await (await fw.fetch('http://localhost/')).text();
      await fw.close();
    }
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, FW_LOG_REPEAT_INTERVAL_MS: '3600000', OTEL_RESOURCE_ATTRIBUTES: 'service.instance.id=from-process', LOG_LEVEL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  assert.equal(code, 0, stderr);
  return stderr.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the default logger of startServer and createListener", { concurrency: true }, () => {
  for (const entry of ['startServer', 'createListener'] as const) {
    it(`${entry}({env}): FW_LOG_REPEAT_INTERVAL_MS and service.instance.id come from the env given, not the process's`, async () => {
      const lines = await linesOf(entry, { FW_LOG_REPEAT_INTERVAL_MS: '0', OTEL_RESOURCE_ATTRIBUTES: 'service.instance.id=from-option' });
      const failures = lines.filter((line) => line['event'] === 'lookup_failed');
      assert.deepEqual(failures.map((line) => [line['service.instance.id'], line['repeated']]), [['from-option', undefined], ['from-option', undefined], ['from-option', undefined]]);
      assert.deepEqual([...new Set(lines.map((line) => line['service.instance.id']))], ['from-option']);
    });
  }
});
