/**
 * The variables of issue 36, item 6 do the same on the lean and the full path: `grpc` refused at
 * start, OTEL_METRIC_EXPORT_TIMEOUT=abc a warning and the default, OTEL_LOG_LEVEL writing diag
 * through fw's log. otel-env-otlp-settings tests these on the default (lean) path only (its
 * protocols and timeouts on both); a full path that read its own environment would pass there.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diag } from '@opentelemetry/api';
import { setupTelemetry } from '../src/otel/index.ts';
import { setupFailureOf } from './support/otel-app.ts';
import { PATHS } from './support/otel-path-app.ts';

const PATH_ENV = { lean: {}, full: { FW_OTEL_PATH: 'full' } } as const;

for (const path of PATHS) {
  describe(`issue 36's variables on the ${path} path`, () => {
    it('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=grpc is refused at start, naming the variable', async () => {
      const failure = await setupFailureOf({ env: { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc', ...PATH_ENV[path] } });
      assert.equal(failure.code, 'FW_ERR_OTEL_UNSUPPORTED_PROTOCOL');
      assert.match(failure.message, /^OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=grpc is not supported/);
    });

    it('OTEL_METRIC_EXPORT_TIMEOUT=abc is a warning and the default; OTEL_LOG_LEVEL=error writes diag errors to fw\'s log', async () => {
      const lines: unknown[] = [];
      const log = (fields: Record<string, unknown>, message?: string): void => {
        if (fields.event === 'otel_diag' || fields.event === 'telemetry_bad_env') lines.push([fields, message]);
      };
      const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRIC_EXPORT_TIMEOUT: 'abc', OTEL_LOG_LEVEL: 'error', ...PATH_ENV[path] }, logger: { info: log, warn: log } });
      try {
        assert.equal(telemetry.path, path);
        diag.error('an error');
        diag.warn('below the level');
      } finally {
        await telemetry.shutdown();
      }
      assert.deepEqual(lines, [
        [{ event: 'telemetry_bad_env' }, 'OTEL_METRIC_EXPORT_TIMEOUT="abc" is not a number of milliseconds above 0: the default is used'],
        [{ event: 'otel_diag', diag_level: 'error' }, 'an error'],
      ]);
    });
  });
}
