/**
 * A plain node:http listener in otel_fw_stream_h, on the lean or the full path, for the
 * propagation tests (issue 36, items 1 and 3): setupTelemetry exports to an OTLP receiver on
 * loopback, and the listener answers, as JSON, what the request's context holds as the
 * registered propagator sees it: the baggage, and the headers `propagation.inject` writes for
 * the active (server) span. A child span is started in it, so the span context's trace state
 * is exported too (the SDK copies the parent's into the child's).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, trace } from '@opentelemetry/api';
import { otelStreamHandler, setupTelemetry, type Telemetry } from '../../src/otel/index.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otel-receiver.ts';

/** What the listener saw of one request, and the spans exported for it. */
export interface PropagationExchange {
  readonly server: ReceivedSpan;
  readonly child: ReceivedSpan;
  /** The request context's baggage entries, by key. */
  readonly baggage: Record<string, string>;
  /** What the registered propagator injected for the server span. */
  readonly injected: Record<string, string>;
}

/** A running app on one path. */
export interface PropagationApp {
  readonly telemetry: Telemetry;
  /** One GET with `headers`, flushed: its SERVER span, the child span and what the listener saw. */
  exchange(headers: Record<string, string>): Promise<PropagationExchange>;
  close(): Promise<void>;
}

/** The two paths, by the env that chooses them. */
export const PATHS = { lean: {}, full: { FW_OTEL_PATH: 'full' } } as const;

/** Starts the receiver, setupTelemetry with `env` on `path`, and the listener. */
export async function startPropagationApp(path: keyof typeof PATHS, env: NodeJS.ProcessEnv = {}): Promise<PropagationApp> {
  const receiver = await startOtlpReceiver();
  let telemetry: Telemetry;
  try {
    telemetry = await setupTelemetry({ serviceName: 'propagation', env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`, ...PATHS[path], ...env } });
  } catch (error) {
    await receiver.close();
    throw error;
  }
  if (telemetry.path !== path) throw new Error(`setupTelemetry took the ${telemetry.path} path, not ${path}`);
  // Wrapped after setupTelemetry, as a server started by the app would be.
  const server = createServer(otelStreamHandler.wrap((_req, res) => answer(res)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { telemetry, exchange: (headers) => exchange(server, receiver, telemetry, headers), close: () => close(server, telemetry, receiver) };
}

function answer(res: import('node:http').ServerResponse): void {
  const active = context.active();
  trace.getTracer('propagation-test').startSpan('child').end();
  const injected: Record<string, string> = {};
  propagation.inject(active, injected);
  const baggage = Object.fromEntries((propagation.getBaggage(active)?.getAllEntries() ?? []).map(([key, entry]) => [key, entry.value]));
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ baggage, injected }));
}

async function exchange(server: Server, receiver: OtlpReceiver, telemetry: Telemetry, headers: Record<string, string>): Promise<PropagationExchange> {
  const seen = receiver.spans.length;
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
  const body = (await res.json()) as { baggage: Record<string, string>; injected: Record<string, string> };
  await telemetry.forceFlush();
  const spans = receiver.spans.slice(seen);
  const serverSpan = spans.find((span) => span.kind === 'SPAN_KIND_SERVER');
  const child = spans.find((span) => span.name === 'child');
  if (serverSpan === undefined || child === undefined) throw new Error(`expected a SERVER span and its child, got ${spans.map((span) => span.name).join(', ')}`);
  return { server: serverSpan, child, ...body };
}

async function close(server: Server, telemetry: Telemetry, receiver: OtlpReceiver): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await telemetry.shutdown();
  await receiver.close();
}
