/**
 * otel_fw_stream_h listed while nothing is registered (the app never called setupTelemetry and
 * registered no SDK of its own) traces nothing; an app author's trial found it said nothing
 * either. Wrapping then warns (FW_OTEL_NOT_SET_UP), and stays quiet once a provider is
 * registered or when OTEL_SDK_DISABLED=true says telemetry is off on purpose, in the process's
 * environment or in the one setupTelemetry was given.
 */
import assert from 'node:assert/strict';
import { after, afterEach, describe, it } from 'node:test';
import { trace } from '@opentelemetry/api';
import { otelStreamHandler, setupTelemetry } from '../src/otel/index.ts';

/** The FW_OTEL_NOT_SET_UP warnings `wrap()` emits. */
async function warningsOfWrap(): Promise<string[]> {
  const seen: string[] = [];
  const onWarning = (warning: Error & { code?: string }): void => {
    if (warning.code === 'FW_OTEL_NOT_SET_UP') seen.push(warning.message);
  };
  process.on('warning', onWarning);
  try {
    otelStreamHandler.wrap(() => {});
    // process.emitWarning delivers on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  return seen;
}

const disabled = process.env['OTEL_SDK_DISABLED'];
afterEach(() => {
  if (disabled === undefined) delete process.env['OTEL_SDK_DISABLED'];
  else process.env['OTEL_SDK_DISABLED'] = disabled;
});
after(() => trace.disable());

describe('otel_fw_stream_h without telemetry set up', { concurrency: false }, () => {
  it('warns once per wrap that nothing is traced, naming setupTelemetry', async () => {
    trace.disable();
    delete process.env['OTEL_SDK_DISABLED'];
    const warnings = await warningsOfWrap();
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /^otel_fw_stream_h is listed but no tracer provider is registered: nothing is traced\. Call setupTelemetry in the app's start hook/);
  });

  it('says nothing with OTEL_SDK_DISABLED=true', async () => {
    trace.disable();
    process.env['OTEL_SDK_DISABLED'] = 'true';
    assert.deepEqual(await warningsOfWrap(), []);
  });

  it("says nothing when setupTelemetry's env says OTEL_SDK_DISABLED=true (telemetry.md's advice for tests), though the process's does not", async () => {
    trace.disable();
    delete process.env['OTEL_SDK_DISABLED'];
    const telemetry = await setupTelemetry({ env: { OTEL_SDK_DISABLED: 'true' } });
    assert.equal(telemetry.enabled, false);
    assert.deepEqual(await warningsOfWrap(), []);
    // A later setup that is on, then gone: the next wrap with nothing registered warns again.
    await (await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' } })).shutdown();
    assert.equal((await warningsOfWrap()).length, 1);
  });

  it('says nothing once setupTelemetry registered its providers', async () => {
    trace.disable();
    delete process.env['OTEL_SDK_DISABLED'];
    const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' } });
    try {
      assert.deepEqual(await warningsOfWrap(), []);
    } finally {
      await telemetry.shutdown();
    }
  });
});
