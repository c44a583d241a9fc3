/**
 * The telemetry_bad_env warning for an OTEL_* variable fw does not read says why (docs/telemetry.md,
 * "Environment variables"), and the reason is true: OTEL_LOGS_EXPORTER's said fw's log was JSON
 * lines on stdout, where fw's default logger writes them on stderr (log/logger.ts,
 * docs/configuration.md "Logging"), so a reader looking for the log on stdout found nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { telemetryEnvWarnings } from '../src/otel/index.ts';

describe('the reasons telemetry_bad_env gives for variables fw does not read', () => {
  it('OTEL_LOGS_EXPORTER: fw exports no OpenTelemetry logs, its log being JSON lines on stderr or the app\'s logger', () => {
    assert.deepEqual(telemetryEnvWarnings({ OTEL_LOGS_EXPORTER: 'otlp' }), [
      "OTEL_LOGS_EXPORTER is set but fw does not read it (fw exports no OpenTelemetry logs: its log is JSON lines on stderr, or the logger the app passes): it has no effect",
    ]);
  });
});
