/**
 * An fw app with telemetry for the otel tests: an OTLP receiver on loopback, setupTelemetry
 * exporting to it (metrics listener on 127.0.0.1:0) and a test app wrapped in otel_fw_stream_h,
 * with or without otel_fw_plugin. Routes: GET /api/posts/:id (controller
 * blog_posts_controller:show, 200 for id 42 else 404), POST /api/posts (201 echo), GET /boom
 * (throws: 500), GET /logs (writes a line with req.log), GET /unavailable (503), GET /child (starts a child span), GET /slow (answers
 * when the test calls release()), GET /heartbeat (inline).
 */
import assert from 'node:assert/strict';
import { trace } from '@opentelemetry/api';
import { defineController } from '../../src/app/controller.ts';
import { json, status } from '../../src/http/response.ts';
import { otelFwPlugin, otelStreamHandler, setupTelemetry, type Telemetry, type TelemetryOptions } from '../../src/otel/index.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceiverMode } from './otel-receiver.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** The running pieces. */
export interface OtelApp {
  readonly app: TestApp;
  readonly receiver: OtlpReceiver;
  readonly telemetry: Telemetry;
  /** Lets every pending GET /slow answer. */
  release(): void;
  /** Resolves when the first GET /slow has reached its handler. */
  slowArrived(): Promise<void>;
  close(): Promise<void>;
}

/** The post GET /api/posts/42 answers. */
export const POST_42 = { id: 42, title: 'Hello', body: 'World', status: 'published', user_id: 7, inserted_at: '2026-11-22T08:00:00' };

/** Starts receiver, telemetry and app. */
export async function startOtelApp(options: { plugin?: boolean; receiverMode?: ReceiverMode; telemetry?: TelemetryOptions; env?: NodeJS.ProcessEnv } = {}): Promise<OtelApp> {
  const receiver = await startOtlpReceiver(options.receiverMode ?? 'ok');
  // A setup that fails closes the receiver, so a failed test leaves no server keeping the file's process alive.
  const telemetry = await setupTelemetry({
    metricsPort: 0,
    metricsHost: '127.0.0.1',
    serviceName: 'otel_test',
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, ...options.env },
    ...options.telemetry,
  }).catch(async (error: unknown) => {
    await receiver.close();
    throw error;
  });
  let releaseSlow: () => void = () => {};
  let slow = new Promise<void>((resolve) => (releaseSlow = resolve));
  let arrived: () => void = () => {};
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const controller = defineController('blog_posts_controller', {
    show: (req) => (req.bindings.id === '42' ? json(POST_42) : json({ error: 'post not found' }, 404)),
    create: (req) => json(req.body ?? null, 201),
  });
  const plugin = options.plugin ?? true;
  const app = await startTestApp({
    streamHandlers: [otelStreamHandler],
    plugins: [otelFwPlugin],
    fw: {
      server_configuration: { stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] },
      plugins: [
        ...(plugin ? [{ phase: 'pre_request', module: 'otel_fw_plugin', options: {} }] : []),
        { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } },
      ],
    },
    groups: [
      {
        prefix: '/api',
        security: false,
        routes: [
          { path: '/posts/:id', handler: controller.show, options: { methods: ['get'] } },
          { path: '/posts', handler: controller.create, options: { methods: ['post'] } },
        ],
      },
      {
        prefix: '',
        security: false,
        routes: [
          { path: '/heartbeat', handler: () => json({ status: 'ok' }), options: { methods: ['get'] } },
          { path: '/boom', handler: () => { throw new Error('boom'); }, options: { methods: ['get'] } },
          { path: '/logs', handler: (req) => (req.log.info({ event: 'handler_line' }), json({ logged: true })), options: { methods: ['get'] } },
          { path: '/unavailable', handler: () => status(503), options: { methods: ['get'] } },
          {
            path: '/child',
            handler: () => {
              trace.getTracer('otel-test').startSpan('child work').end();
              return json({ ok: true });
            },
            options: { methods: ['get'] },
          },
          {
            path: '/slow',
            handler: async () => {
              arrived();
              await slow;
              return json({ slow: true });
            },
            options: { methods: ['get'] },
          },
        ],
      },
    ],
  });
  return {
    app,
    receiver,
    telemetry,
    release: () => {
      releaseSlow();
      slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    },
    slowArrived: () => arrival,
    close: async () => {
      releaseSlow();
      await app.close();
      await telemetry.shutdown();
      await receiver.close();
    },
  };
}

/** The error setupTelemetry rejects with; a telemetry it sets up instead is shut down, so a failing test cannot hang the run. */
export async function setupFailureOf(options: TelemetryOptions): Promise<{ code?: string; message: string }> {
  let telemetry;
  try {
    telemetry = await setupTelemetry(options);
  } catch (error) {
    return error as { code?: string; message: string };
  }
  await telemetry.shutdown();
  assert.fail('setupTelemetry resolved');
}
