/**
 * The OTLP export variables the SDK honours and fw ignored (issue 36, item 6), honoured the same
 * way: OTEL_EXPORTER_OTLP_[TRACES_|METRICS_]PROTOCOL (`grpc` refused at start with a code),
 * OTEL_EXPORTER_OTLP_[TRACES_|METRICS_]TIMEOUT and OTEL_METRIC_EXPORT_TIMEOUT (a value that is not a
 * number is a warning and the default, as the SDK does), and OTEL_LOG_LEVEL (the diag logger at
 * that level, writing through fw's log), each observed on a real collector or the diag logger.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { readEnvConfig } from '../src/otel/env-config.ts';
import { setupTelemetry } from '../src/otel/index.ts';
import { startFakeCollector } from './support/otel-fake-collector.ts';
import { setupFailureOf, startOtelApp } from './support/otel-app.ts';

after(() => diag.disable());

/** A diag logger recording every message, and a promise for the first one matching `pattern`. */
function diagCapture(): { texts: string[]; next(pattern: RegExp): Promise<string> } {
  const texts: string[] = [];
  const waits: { pattern: RegExp; resolve: (text: string) => void }[] = [];
  const capture = (...args: unknown[]): void => {
    const text = args.map(String).join(' ');
    texts.push(text);
    for (const wait of waits.filter((candidate) => candidate.pattern.test(text))) wait.resolve(text);
  };
  diag.setLogger({ error: capture, warn: capture, info: capture, debug: capture, verbose: capture }, DiagLogLevel.ALL);
  return { texts, next: (pattern) => new Promise((resolve) => waits.push({ pattern, resolve })) };
}

describe('OTEL_EXPORTER_OTLP_*PROTOCOL', () => {
  for (const name of ['OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL']) {
    it(`${name}=grpc is refused at start with a coded error naming the variable`, async () => {
      const failure = await setupFailureOf({ env: { [name]: 'grpc' } });
      assert.equal(failure.code, 'FW_ERR_OTEL_UNSUPPORTED_PROTOCOL');
      assert.match(failure.message, new RegExp(`^${name}=grpc is not supported: fw exports OTLP over HTTP only`));
    });
  }

  it('an unknown protocol is FW_ERR_OTEL_BAD_ENV', async () => {
    assert.equal((await setupFailureOf({ env: { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/xml' } })).code, 'FW_ERR_OTEL_BAD_ENV');
  });

  const SIGNAL_OVER_GENERAL = [
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'http/protobuf' }, { '/v1/traces': 'application/json', '/v1/metrics': 'application/x-protobuf' }],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' }, { '/v1/traces': 'application/json', '/v1/metrics': 'application/x-protobuf' }],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }, { '/v1/traces': 'application/x-protobuf', '/v1/metrics': 'application/json' }],
  ] as const;
  for (const path of ['lean', 'full'] as const) {
    for (const [protocols, expected] of SIGNAL_OVER_GENERAL) {
      it(`each signal's own variable wins over the general one: ${Object.entries(protocols).map(([name, value]) => `${name}=${value}`).join(', ')} (${path} path)`, async () => {
        const collector = await startFakeCollector({ status: 200 });
        const otel = await startOtelApp({
          env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_METRICS_EXPORTER: 'otlp', ...protocols, ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
          telemetry: { batch: { scheduledDelayMillis: 60_000 }, exportIntervalMs: 60_000 },
        });
        try {
          assert.equal(otel.telemetry.path, path);
          await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
          await otel.telemetry.forceFlush();
          const types = Object.fromEntries(collector.requests.map((request) => [request.path, request.headers['content-type']]));
          assert.deepEqual(types, expected);
        } finally {
          await otel.close();
          await collector.close();
        }
      });
    }
  }
});

describe('the export timeouts', () => {
  for (const path of ['lean', 'full'] as const) {
    it(`OTEL_EXPORTER_OTLP_TRACES_TIMEOUT ends a held trace export over the general timeout (${path} path)`, async () => {
      const collector = await startFakeCollector('hang');
      const otel = await startOtelApp({
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_METRICS_EXPORTER: 'none', OTEL_EXPORTER_OTLP_TIMEOUT: '600000', OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '300', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
        telemetry: { batch: { scheduledDelayMillis: 60_000 } },
      });
      try {
        await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
        // With the general 10 minutes, the flush would wait for them.
        await otel.telemetry.forceFlush().catch(() => {});
        assert.match(await otel.telemetry.scrape(), /otel_sdk_exporter_span_exported_total\{[^}]*error_type="timeout"[^}]*\} 1\n/);
      } finally {
        await otel.close();
        await collector.close();
      }
    });
  }

  for (const path of ['lean', 'full'] as const) {
    it(`OTEL_EXPORTER_OTLP_METRICS_TIMEOUT ends a held metric export over the general timeout (${path} path)`, async () => {
      const seen = diagCapture();
      const collector = await startFakeCollector('hang');
      const otel = await startOtelApp({
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_TIMEOUT: '600000', OTEL_EXPORTER_OTLP_METRICS_TIMEOUT: '300', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
        telemetry: { exportIntervalMs: 60_000 },
      });
      try {
        const failed = seen.next(/metrics export failed/);
        assert.equal(otel.telemetry.path, path);
        await otel.telemetry.forceFlush();
        assert.match(await failed, /the collector did not answer in time/);
      } finally {
        await otel.close();
        await collector.close();
        diag.disable();
      }
    });
  }

  it("OTEL_METRIC_EXPORT_TIMEOUT is the periodic reader's limit on one export", async () => {
    const seen = diagCapture();
    const collector = await startFakeCollector('hang');
    const otel = await startOtelApp({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_METRICS_TIMEOUT: '600000', OTEL_METRIC_EXPORT_TIMEOUT: '200' },
      telemetry: { exportIntervalMs: 1000, shutdownTimeoutMs: 200 },
    });
    try {
      assert.equal(await seen.next(/metrics export timed out/), 'PeriodicExportingMetricReader: metrics export timed out after 200ms');
    } finally {
      await otel.close();
      await collector.close();
      diag.disable();
    }
  });

  it('a timeout that is not a number above 0 is a warning and the default, as the SDK reads it', async () => {
    const env = { OTEL_EXPORTER_OTLP_TIMEOUT: 'abc', OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '-5', OTEL_EXPORTER_OTLP_METRICS_TIMEOUT: '2000', OTEL_METRIC_EXPORT_TIMEOUT: 'abc' };
    const config = readEnvConfig(env);
    assert.deepEqual([config.tracesTimeoutMs, config.metricsTimeoutMs, config.metricExportTimeoutMs], [10_000, 2000, 30_000]);
    const warnings: unknown[] = [];
    const telemetry = await setupTelemetry({ env: { ...env, OTEL_TRACES_EXPORTER: 'none' }, logger: { info: () => {}, warn: (fields, message) => warnings.push([fields, message]) } });
    await telemetry.shutdown();
    assert.deepEqual(warnings, [
      [{ event: 'telemetry_bad_env' }, 'OTEL_EXPORTER_OTLP_TIMEOUT="abc" is not a number of milliseconds above 0: the default is used'],
      [{ event: 'telemetry_bad_env' }, 'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT="-5" is not a number of milliseconds above 0: the default is used'],
      [{ event: 'telemetry_bad_env' }, 'OTEL_METRIC_EXPORT_TIMEOUT="abc" is not a number of milliseconds above 0: the default is used'],
    ]);
  });
});

describe('OTEL_LOG_LEVEL', () => {
  /** Sets telemetry up with OTEL_LOG_LEVEL=`level`, runs `probe` on diag, returns fw's log lines. */
  async function diagLines(level: string | undefined, probe: () => void): Promise<unknown[]> {
    const lines: unknown[] = [];
    const log = (fields: Record<string, unknown>, message?: string): void => {
      if (fields.event === 'otel_diag' || fields.event === 'telemetry_bad_env') lines.push([fields, message]);
    };
    const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none', ...(level !== undefined && { OTEL_LOG_LEVEL: level }) }, logger: { info: log, warn: log } });
    probe();
    await telemetry.shutdown();
    // Removed at shutdown: nothing more reaches fw's log.
    diag.error('after shutdown');
    return lines;
  }

  it('sets the diag logger level and writes diag through fw\'s log', async () => {
    const all = await diagLines('debug', () => {
      diag.error('an error');
      diag.debug('a debug line', { n: 1 });
      diag.verbose('too verbose');
    });
    // The API's own debug lines (registering the globals) come through too.
    const api = all.filter((line) => String((line as unknown[])[1]).startsWith('@opentelemetry/api: '));
    assert.deepEqual((api[1] as unknown[])[0], { event: 'otel_diag', diag_level: 'debug' });
    assert.match(String((api[1] as unknown[])[1]), /^@opentelemetry\/api: Registered a global for trace v\d/);
    const lines = all.filter((line) => !api.includes(line));
    assert.deepEqual(lines, [
      [{ event: 'otel_diag', diag_level: 'error' }, 'an error'],
      [{ event: 'otel_diag', diag_level: 'debug' }, 'a debug line {"n":1}'],
    ]);
  });

  it('NONE silences diag; an unknown level is a warning and INFO', async () => {
    assert.deepEqual(await diagLines('NONE', () => diag.error('unseen')), []);
    assert.deepEqual(await diagLines('loud', () => (diag.info('seen'), diag.debug('unseen'))), [
      [{ event: 'telemetry_bad_env' }, 'OTEL_LOG_LEVEL="loud" is not one of NONE, ERROR, WARN, INFO, DEBUG, VERBOSE, ALL: INFO is used'],
      [{ event: 'otel_diag', diag_level: 'info' }, 'seen'],
    ]);
  });

  it("unset, a diag logger the application registered stays (as NodeSDK leaves it)", async () => {
    const seen = diagCapture();
    assert.deepEqual(await diagLines(undefined, () => diag.warn('to the app')), []);
    assert.ok(seen.texts.includes('to the app'));
    diag.disable();
  });
});
