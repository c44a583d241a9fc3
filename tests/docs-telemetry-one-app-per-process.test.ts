/**
 * docs/telemetry.md, "In tests": telemetry is the process's own, so while one listener of a
 * withTelemetry app is open a second one (a test file's shared createListener, then a startServer
 * for the socket tests) fails its start with FW_ERR_OTEL_ALREADY_REGISTERED; OTEL_SDK_DISABLED in
 * each one's env lets both open, and the second opens once the first is closed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createListener, defineApp, json } from 'fw-core';
import { withTelemetry } from 'fw-core/otel';

const app = withTelemetry(
  defineApp({
    name: 'notes',
    router: { name: 'notes_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/health', handler: () => json({ status: 'ok' }) }] }] },
  }),
);
/** Exports nothing, so no collector is needed: telemetry is still set up and registered. */
const EXPORT_NOTHING = { LOG_LEVEL: 'silent', OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' };
const open = (env: Record<string, string>) => createListener({ app, config: {}, env });

describe('docs/telemetry.md: one telemetry app per process', () => {
  it('refuses a second listener of a withTelemetry app while the first is open, and opens it once the first is closed', async () => {
    const first = await open(EXPORT_NOTHING);
    try {
      await assert.rejects(open(EXPORT_NOTHING), {
        code: 'FW_ERR_OTEL_ALREADY_REGISTERED',
        message: /by an open listener of a withTelemetry app, .*close or shut that one down first, or start test listeners with OTEL_SDK_DISABLED=true$/,
      });
    } finally {
      await first.close();
    }
    const second = await open(EXPORT_NOTHING);
    await second.close();
  });

  it('opens both when each gets OTEL_SDK_DISABLED', async () => {
    const off = { LOG_LEVEL: 'silent', OTEL_SDK_DISABLED: 'true' };
    const first = await open(off);
    const second = await open(off);
    await Promise.all([first.close(), second.close()]);
  });
});
