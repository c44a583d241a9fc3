/**
 * An exchange's times are read once (issue 37, item 1): its start when it opens, its end when the
 * response finishes or the connection closes first. The request log line's `duration_ms` and what
 * observeExchange reports to every stream handler (telemetry's request duration) are that one
 * duration, not each its own clock readings.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import { createListener } from '../src/server/create-listener.ts';
import { existingExchange, observeExchange } from '../src/stream/exchange.ts';
import type { ExchangeEnd, StreamHandler } from '../src/stream/stream-handler.ts';
import { captureLogger, testApp, writeTestAppDir } from './support/test-app.ts';

/** A stream handler that keeps what observeExchange reports, and the exchange's start. */
function timing(ends: { end: ExchangeEnd; startedMs: number | undefined }[]): StreamHandler {
  return {
    name: 'timing_h',
    wrap: (next) => (req, res) => {
      observeExchange(req, res, (end) => ends.push({ end, startedMs: existingExchange(req)?.startedMs }));
      next(req, res);
    },
  };
}

describe("an exchange's duration", () => {
  it('is one: the request log line gives the duration observeExchange reports, from the exchange\'s start to its end', async () => {
    const ends: { end: ExchangeEnd; startedMs: number | undefined }[] = [];
    const spec = {
      streamHandlers: [timing(ends)],
      groups: [{ prefix: '', security: false as const, routes: [{ path: '/slow', handler: async () => json({ ok: true }) }] }],
    };
    const logger = captureLogger('info');
    const fw = await createListener({ appDir: await writeTestAppDir({ server_configuration: { stream_handlers: ['timing_h', 'fw_stream_h'] } }), app: testApp(spec), env: {}, logger });
    try {
      for (let i = 0; i < 5; i += 1) assert.equal((await inject(fw, '/slow')).status, 200);
    } finally {
      await fw.close();
    }
    const logged = logger.lines.filter((line) => line.fields.event === 'request').map((line) => line.fields.duration_ms);
    assert.equal(ends.length, 5);
    assert.deepEqual(logged, ends.map(({ end }) => Math.round(end.durationMs * 1000) / 1000));
    for (const { end, startedMs } of ends) assert.equal(end.endedMs - end.durationMs, startedMs);
  });
});
