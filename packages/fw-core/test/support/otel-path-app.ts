/**
 * An fw app with telemetry on a chosen path (lean, or full with FW_OTEL_PATH=full) and routes the
 * test gives, exporting to its own OTLP receiver on loopback: for the tests that run the same
 * requests on both paths and compare what each exported.
 */
import assert from 'node:assert/strict';
import type { RouteGroup } from '../../src/app/route-group.ts';
import { otelFwPlugin, otelStreamHandler, setupTelemetry, type Telemetry, type TelemetryOptions } from '../../src/otel/index.ts';
import { startOtlpReceiver, type OtlpReceiver } from './otel-receiver.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** The two telemetry paths. */
export const PATHS = ['lean', 'full'] as const;

/** The running pieces. */
export interface PathApp {
  readonly app: TestApp;
  readonly receiver: OtlpReceiver;
  readonly telemetry: Telemetry;
  close(): Promise<void>;
}

/** Starts receiver, telemetry on `path` and an app of `groups` behind otel_fw_stream_h (and otel_fw_plugin unless `plugin: false`). */
export async function startPathApp(path: 'lean' | 'full', groups: RouteGroup[], options: { plugin?: boolean; env?: NodeJS.ProcessEnv; telemetry?: TelemetryOptions } = {}): Promise<PathApp> {
  const receiver = await startOtlpReceiver();
  const telemetry = await setupTelemetry({
    metricsPort: 0,
    metricsHost: '127.0.0.1',
    serviceName: 'otel_path_test',
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, FW_OTEL_PATH: path === 'full' ? 'full' : 'auto', ...options.env },
    ...options.telemetry,
  }).catch(async (error: unknown) => {
    await receiver.close();
    throw error;
  });
  let app: TestApp;
  try {
    assert.equal(telemetry.path, path, `telemetry took the ${path} path`);
    app = await startTestApp({
      streamHandlers: [otelStreamHandler],
      plugins: [otelFwPlugin],
      fw: {
        server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] },
        plugins: options.plugin === false ? [] : [{ phase: 'pre_request', module: 'otel_fw_plugin', options: {} }],
      },
      groups,
    });
  } catch (error) {
    await telemetry.shutdown();
    await receiver.close();
    throw error;
  }
  return {
    app,
    receiver,
    telemetry,
    close: async () => {
      await app.close();
      await telemetry.shutdown();
      await receiver.close();
    },
  };
}
