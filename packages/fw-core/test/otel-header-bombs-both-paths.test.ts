/**
 * Hostile trace-context headers, sent as raw bytes to a real server on port 0, on the lean path and
 * the full SDK path: 1,000 baggage members, baggage values that are not UTF-8 or not percent-encoded
 * right, 300 `tracestate` lines, a `tracestate` near the header size limit, a 15 KB `traceparent`.
 * Each is answered 200 at once, and what the handler sees (the baggage, the span context's trace
 * state and whether the upstream trace was continued) is the same on both paths: the W3C limits
 * (180 baggage members, 32 tracestate members in 512 characters) bound the work. A header's bytes
 * are latin1 characters to node:http, so `b=\xff\xfe\xc3` is the value `ÿþÃ` on both.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { it } from 'node:test';
import { context, propagation, trace } from '@opentelemetry/api';
import { json } from '../src/http/response.ts';
import { otelFwPlugin, otelStreamHandler, setupTelemetry } from '../src/otel/index.ts';
import { startTestApp } from './support/test-app.ts';

const UPSTREAM = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

const REQUESTS: Record<string, string> = {
  'a thousand baggage members': `baggage: ${Array.from({ length: 1000 }, (_, i) => `k${i}=v${i}`).join(',')}\r\n`,
  'baggage values not UTF-8, or with broken escapes': 'baggage: a=%FF%FE,b=\xff\xfe\xc3,c=%E0%A4%A,d=%zz,e=ok%20x;meta=1\r\n',
  '300 tracestate lines': `traceparent: ${UPSTREAM}\r\n${Array.from({ length: 300 }, (_, i) => `tracestate: k${i}=v${i}\r\n`).join('')}`,
  'a 15 KB tracestate': `traceparent: ${UPSTREAM}\r\ntracestate: ${'a=b,'.repeat(3900)}z=1\r\n`,
  'a 15 KB traceparent': `traceparent: ${'0'.repeat(15_000)}\r\n`,
};

/** The raw answer to `GET /seen` with `headers` (latin1: one byte per character). */
function send(url: string, headers: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1'))).on('close', () => resolve(answer)).on('error', reject);
    socket.end(Buffer.from(`GET /seen HTTP/1.1\r\nhost: x\r\n${headers}connection: close\r\n\r\n`, 'latin1'));
  });
}

async function seenOn(path: 'lean' | 'full'): Promise<Record<string, unknown>> {
  const telemetry = await setupTelemetry({ serviceName: 'bombs', env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) } });
  const app = await startTestApp({
    streamHandlers: [otelStreamHandler],
    plugins: [otelFwPlugin],
    fw: { server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] } },
    groups: [{ prefix: '', security: false, routes: [{ path: '/seen', options: { methods: ['get'] }, handler: () => {
      const entries = propagation.getBaggage(context.active())?.getAllEntries() ?? [];
      const span = trace.getSpan(context.active())!.spanContext();
      return json({ members: entries.length, first: entries.slice(0, 2), last: entries.at(-1), traceState: span.traceState?.serialize(), continued: span.traceId === UPSTREAM.slice(3, 35) });
    } }] }],
  });
  try {
    assert.equal(telemetry.path, path);
    const seen: Record<string, unknown> = {};
    for (const [name, headers] of Object.entries(REQUESTS)) {
      const answer = await send(app.url, headers);
      assert.match(answer, /^HTTP\/1\.1 200 /, `${path}, ${name}`);
      seen[name] = JSON.parse(Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));
    }
    return seen;
  } finally {
    await app.close();
    await telemetry.shutdown();
  }
}

it('hostile traceparent, tracestate and baggage headers: bounded, answered, the same on the lean and the full path', async () => {
  const lean = await seenOn('lean');
  assert.deepEqual(lean, await seenOn('full'));
  assert.equal((lean['a thousand baggage members'] as { members: number }).members, 180);
  assert.deepEqual((lean['baggage values not UTF-8, or with broken escapes'] as { first: unknown }).first, [['b', { value: '\u00ff\u00fe\u00c3' }], ['e', { value: 'ok x', metadata: {} }]]);
  const lines = lean['300 tracestate lines'] as { traceState: string; continued: boolean };
  assert.equal(lines.continued, true);
  assert.equal(lines.traceState.split(',').length, 32);
  assert.equal((lean['a 15 KB traceparent'] as { continued: boolean }).continued, false);
});
