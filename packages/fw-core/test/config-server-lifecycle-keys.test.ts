/**
 * The server_configuration keys of the drain, the keep-alive default and the per-connection
 * bounds (issue 35, items 1, 3 and 13): their defaults, FW_SHUTDOWN_DELAY_MS over the file, and
 * a coded error naming the key for a bad value.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { resolveConfig } from '../src/config/index.ts';
import type { ServerConfiguration } from '../src/config/config.ts';
import { rejection, removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

function withServer(fields: Record<string, unknown>): unknown {
  return { fw: { bootstrap_application: 'blog', server_configuration: fields } };
}

async function server(config: unknown, env: NodeJS.ProcessEnv = {}): Promise<{ value: ServerConfiguration; isDefault: boolean }> {
  const report = await resolveConfig(await writeApp(config), env);
  const entry = report.entries.find((candidate) => candidate.key === 'server_configuration')!;
  return { value: entry.value as ServerConfiguration, isDefault: entry.isDefault };
}

describe('server lifecycle configuration', () => {
  it('defaults: a 5 s drain, keep-alive 72 s, one request in flight per connection, a 30 s send timeout', async () => {
    const { value, isDefault } = await server(withServer({}));
    assert.equal(isDefault, true);
    assert.equal(value.shutdown_delay_ms, 5_000);
    assert.equal(value.keep_alive_timeout_ms, 72_000);
    assert.equal(value.headers_timeout_ms, 10_000);
    assert.equal(value.request_timeout_ms, 30_000);
    assert.equal(value.max_inflight_per_connection, 1);
    assert.equal(value.send_timeout_ms, 30_000);
  });

  it('takes each key from the file; shutdown_delay_ms may be 0 (no drain)', async () => {
    const { value } = await server(withServer({ shutdown_delay_ms: 0, max_inflight_per_connection: 4, send_timeout_ms: 250, keep_alive_timeout_ms: 65_000 }));
    assert.deepEqual(
      [value.shutdown_delay_ms, value.max_inflight_per_connection, value.send_timeout_ms, value.keep_alive_timeout_ms],
      [0, 4, 250, 65_000],
    );
  });

  it('FW_SHUTDOWN_DELAY_MS overrides the file and makes server_configuration not default', async () => {
    assert.deepEqual(await server(withServer({ shutdown_delay_ms: 9_000 }), { FW_SHUTDOWN_DELAY_MS: '1500' }).then((s) => s.value.shutdown_delay_ms), 1_500);
    const { value, isDefault } = await server(withServer({}), { FW_SHUTDOWN_DELAY_MS: '0' });
    assert.equal(value.shutdown_delay_ms, 0);
    assert.equal(isDefault, false);
    assert.equal((await server(withServer({}), { FW_SHUTDOWN_DELAY_MS: '' })).value.shutdown_delay_ms, 5_000, 'empty counts as unset');
  });

  const badFile: readonly (readonly [Record<string, unknown>, string])[] = [
    [{ shutdown_delay_ms: -1 }, 'fw.server_configuration.shutdown_delay_ms must be an integer from 0 to 2147483647; found -1 (a number)'],
    [{ shutdown_delay_ms: '5s' }, 'fw.server_configuration.shutdown_delay_ms must be an integer from 0 to 2147483647; found "5s" (a string)'],
    [{ max_inflight_per_connection: 0 }, 'fw.server_configuration.max_inflight_per_connection must be an integer from 1 to 64; found 0 (a number)'],
    [{ max_inflight_per_connection: 1.5 }, 'fw.server_configuration.max_inflight_per_connection must be an integer from 1 to 64; found 1.5 (a number)'],
    [{ send_timeout_ms: 0 }, 'fw.server_configuration.send_timeout_ms must be an integer from 1 to 2147483647; found 0 (a number)'],
  ];
  for (const [fields, message] of badFile) {
    it(`FW_ERR_CONFIG_BAD_VALUE for ${JSON.stringify(fields)}`, async () => {
      const error = await rejection(withServer(fields));
      assert.equal(error.code, 'FW_ERR_CONFIG_BAD_VALUE');
      assert.equal(error.message, message);
    });
  }

  for (const text of ['abc', '-1', '1.5', ' 100', '5s', '2147483648']) {
    it(`FW_ERR_CONFIG_BAD_VALUE for FW_SHUTDOWN_DELAY_MS=${JSON.stringify(text)}`, async () => {
      const error = await rejection(withServer({}), { FW_SHUTDOWN_DELAY_MS: text });
      assert.equal(error.code, 'FW_ERR_CONFIG_BAD_VALUE');
      assert.equal(error.message, `FW_SHUTDOWN_DELAY_MS must be an integer from 0 to 2147483647 (milliseconds); found ${JSON.stringify(text)} (a string)`);
    });
  }
});
