/**
 * Telemetry configured without `otel_fw_stream_h` in `server_configuration.stream_handlers`
 * traces nothing: no server span, so 0 spans exported and otel_fw_plugin has nothing to enrich.
 * fw warns (`telemetry_without_stream_handler`) at start when the configuration lists otel_fw_plugin
 * but not the handler (`fw audit` reports the same warning),
 * and setupTelemetry warns when the server_configuration it is given lists no otel_fw_stream_h,
 * unless the start-up warning already named that configuration.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { otelFwPlugin, otelStreamHandler, setupTelemetry } from '../src/otel/index.ts';
import { loadApplication } from '../src/app/load-application.ts';
import { json } from '../src/http/response.ts';
import type { PluginEntry } from '../src/plugins/plugin.ts';
import { injectTestApp } from './support/inject-app.ts';
import { captureLogger, testApp, writeTestAppDir, type LogLine, type TestAppSpec } from './support/test-app.ts';

const OTEL_PLUGIN: PluginEntry = { phase: 'pre_request', module: 'otel_fw_plugin', options: {} };
const groups = [{ prefix: '', security: false as const, routes: [{ path: '/hello', handler: () => json({ hello: 'world' }) }] }];
const FIX =
  'no request is traced (0 spans exported) and the HTTP metrics stay empty; to fix, list it first, "stream_handlers": ["otel_fw_stream_h", "fw_stream_h"], ' +
  'and give otelStreamHandler (fw-core/otel) to defineApp({streamHandlers: [otelStreamHandler]})';

/** The `telemetry_without_stream_handler` lines an app logs while starting. */
async function telemetryWarnings(spec: Omit<TestAppSpec, 'groups'> & Partial<Pick<TestAppSpec, 'groups'>>): Promise<LogLine[]> {
  const app = await injectTestApp({ groups, ...spec });
  await app.close();
  return app.logs.filter((line) => line.fields.event === 'telemetry_without_stream_handler');
}

describe('telemetry without otel_fw_stream_h', () => {
  it('warns at start, naming where otel_fw_plugin is listed and the fix, when the handler is not listed', async () => {
    assert.deepEqual(await telemetryWarnings({ plugins: [otelFwPlugin], fw: { plugins: [OTEL_PLUGIN] } }), [
      {
        level: 'warn',
        fields: { event: 'telemetry_without_stream_handler', listed_in: ['the global plugins'], stream_handlers: ['fw_stream_h'] },
        msg: `otel_fw_plugin is listed in the global plugins but server_configuration.stream_handlers (["fw_stream_h"]) does not list otel_fw_stream_h, so fw makes no server span: ${FIX}`,
      },
    ]);
  });

  it('names each group whose own plugin list has otel_fw_plugin', async () => {
    const grouped = [{ prefix: '/api', security: false as const, plugins: [OTEL_PLUGIN], routes: [{ path: '/x', handler: () => json({}) }] }];
    const warnings = await telemetryWarnings({ plugins: [otelFwPlugin], groups: grouped });
    assert.deepEqual(warnings.map((line) => line.fields.listed_in), [["group '/api'"]]);
  });

  it('stays silent when the handler is listed, or when the configuration lists no telemetry though the app provides it', async () => {
    const listed = { server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] }, plugins: [OTEL_PLUGIN] };
    assert.deepEqual(await telemetryWarnings({ plugins: [otelFwPlugin], streamHandlers: [otelStreamHandler], fw: listed }), []);
    assert.deepEqual(await telemetryWarnings({ plugins: [otelFwPlugin], streamHandlers: [otelStreamHandler] }), []);
    assert.deepEqual(await telemetryWarnings({}), []);
  });

  it('warns when the environment names a collector but the app sets up no telemetry, and only then', async () => {
    const warned = async (env: Record<string, string>, spec: Omit<TestAppSpec, 'groups'> = {}) => {
      const app = await injectTestApp({ groups, env, ...spec });
      await app.close();
      return app.logs.filter((line) => line.fields.event === 'telemetry_env_without_setup');
    };
    assert.deepEqual(await warned({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), [
      {
        level: 'warn',
        fields: { event: 'telemetry_env_without_setup', variable: 'OTEL_EXPORTER_OTLP_ENDPOINT' },
        msg: 'OTEL_EXPORTER_OTLP_ENDPOINT is set but the app sets up no telemetry (otel_fw_stream_h is not in stream_handlers): no request is traced and nothing is exported; to fix, wrap the app in withTelemetry from fw-core/otel (docs/telemetry.md, "In one call")',
      },
    ]);
    assert.deepEqual((await warned({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).map((line) => line.fields.variable), ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']);
    // No collector named, telemetry switched off on purpose, or telemetry listed: nothing to say.
    assert.deepEqual(await warned({}), []);
    assert.deepEqual(await warned({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' }), []);
    const listed = { server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] }, plugins: [OTEL_PLUGIN] };
    assert.deepEqual(await warned({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, { plugins: [otelFwPlugin], streamHandlers: [otelStreamHandler], fw: listed }), []);
  });

  it("says it once when the start hook's setupTelemetry gets the configuration the start-up warning named", async () => {
    const processWarnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => processWarnings.push(String(warning.code));
    process.on('warning', onWarning);
    try {
      for (const withLogger of [true, false]) {
        const warnings = await telemetryWarnings({
          plugins: [otelFwPlugin],
          fw: { plugins: [OTEL_PLUGIN] },
          start: async (app) => {
            const telemetry = await setupTelemetry({ serverConfiguration: app.config.fw.server_configuration, env: {}, ...(withLogger && { logger: app.logger }) });
            await telemetry.shutdown();
          },
        });
        assert.deepEqual(warnings.map((line) => line.fields.listed_in), [['the global plugins']], `one line, the start-up warning's (logger given: ${withLogger})`);
      }
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(processWarnings.filter((code) => code === 'FW_OTEL_NO_STREAM_HANDLER'), [], 'and no process warning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('still says it in setupTelemetry when the configuration was only loaded (fw audit, a tool), its warnings never logged', async () => {
    const appDir = await writeTestAppDir({ plugins: [OTEL_PLUGIN] });
    try {
      const loaded = await loadApplication({ appDir, app: testApp({ plugins: [otelFwPlugin], groups }), env: {} });
      assert.deepEqual(loaded.startupWarnings.map((warning) => warning.fields['event']), ['telemetry_without_stream_handler']);
      const logger = captureLogger();
      const telemetry = await setupTelemetry({ serverConfiguration: loaded.config.fw.server_configuration, env: {}, logger });
      await telemetry.shutdown();
      assert.deepEqual(logger.lines.filter((line) => line.fields.event === 'telemetry_without_stream_handler').length, 1);
    } finally {
      await rm(appDir, { recursive: true, force: true });
    }
  });

  it("setupTelemetry warns when the app's server_configuration lists no otel_fw_stream_h, not when it does", async () => {
    const logger = captureLogger();
    const telemetry = await setupTelemetry({ serverConfiguration: { stream_handlers: ['fw_stream_h'] }, env: {}, logger });
    await telemetry.shutdown();
    const listed = await setupTelemetry({ serverConfiguration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] }, env: {}, logger });
    await listed.shutdown();
    assert.deepEqual(logger.lines.filter((line) => line.level === 'warn'), [
      {
        level: 'warn',
        fields: { event: 'telemetry_without_stream_handler' },
        msg: `setupTelemetry: server_configuration.stream_handlers (["fw_stream_h"]) does not list otel_fw_stream_h, so fw makes no server span: ${FIX}`,
      },
    ]);
  });
});
