/**
 * Start-up errors about a name nobody provides say how to provide it (issue 38, item 16): the
 * defineApp option, and for fw-core/otel's plugin and stream handler the import to write; a
 * plugin name one typo away from a known one gets "did you mean" it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineApp } from '../src/app/app.ts';
import type { InCodeConfig } from '../src/config/resolve-config.ts';
import { isFwError } from '../src/errors.ts';
import { silentLogger } from '../src/log/logger.ts';
import { createListener } from '../src/server/create-listener.ts';

const app = defineApp({
  name: 'hints',
  router: { name: 'hints_router', routes: () => [{ prefix: '', security: false, routes: [] }] },
});

/** `code: message` of the error createListener rejects with for `config`. */
async function startupError(config: InCodeConfig): Promise<string> {
  try {
    const fw = await createListener({ app, config, env: {}, logger: silentLogger });
    await fw.close();
  } catch (error) {
    assert.ok(isFwError(error), String(error));
    return `${error.code}: ${error.message}`;
  }
  return assert.fail('createListener started');
}

describe('start-up errors name the fix', () => {
  it('FW_ERR_PLUGIN_UNKNOWN for otel_fw_plugin names the import and defineApp({plugins: [otelFwPlugin]})', async () => {
    assert.equal(
      await startupError({ plugins: [{ phase: 'pre_request', module: 'otel_fw_plugin', options: {} }] }),
      "FW_ERR_PLUGIN_UNKNOWN: unknown plugin otel_fw_plugin in the global plugins; known plugins: fw_request_plugin, fw_cors_plugin; to fix, import { otelFwPlugin } from 'fw-core/otel' and give it to defineApp({plugins: [otelFwPlugin]})",
    );
  });

  it("FW_ERR_PLUGIN_UNKNOWN for another name names defineApp's plugins option", async () => {
    assert.equal(
      await startupError({ plugins: [{ phase: 'pre_request', module: 'auth_plugin', options: {} }] }),
      "FW_ERR_PLUGIN_UNKNOWN: unknown plugin auth_plugin in the global plugins; known plugins: fw_request_plugin, fw_cors_plugin; to fix, give the app's plugin whose name is auth_plugin to defineApp({plugins: [...]}), or correct the name",
    );
  });

  it('FW_ERR_PLUGIN_UNKNOWN for a misspelt name suggests the known plugin it likely means', async () => {
    assert.equal(
      await startupError({ plugins: [{ phase: 'pre_request', module: 'fw_cors_plugn', options: {} }] }),
      "FW_ERR_PLUGIN_UNKNOWN: unknown plugin fw_cors_plugn in the global plugins; known plugins: fw_request_plugin, fw_cors_plugin; to fix, give the app's plugin whose name is fw_cors_plugn to defineApp({plugins: [...]}), or correct the name (did you mean fw_cors_plugin?)",
    );
  });

  it('FW_ERR_STREAM_HANDLER_UNKNOWN for otel_fw_stream_h names the import and defineApp({streamHandlers: [otelStreamHandler]})', async () => {
    assert.equal(
      await startupError({ server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] } }),
      "FW_ERR_STREAM_HANDLER_UNKNOWN: server_configuration.stream_handlers names otel_fw_stream_h, which neither fw nor the app provides; known: fw_stream_h; to fix, import { otelStreamHandler } from 'fw-core/otel' and give it to defineApp({streamHandlers: [otelStreamHandler]})",
    );
  });
});
