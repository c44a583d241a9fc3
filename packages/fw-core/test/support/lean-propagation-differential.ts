/**
 * The harness of the propagation differential tests: one request's headers through fw's lean
 * listener (wrapLean, driven by `inject`: no socket) under a propagator made as setupTelemetry
 * makes it from OTEL_PROPAGATORS, and the same headers through the official propagators
 * (@opentelemetry/core, -propagator-b3, -propagator-jaeger) in the terms both are compared in:
 * the server span's context (trace, parent, flags, trace state, as the context carries it and as
 * the export writes it), the baggage entries, and what `propagation.inject` writes for the span.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  type Context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  propagation,
  ROOT_CONTEXT,
  type SpanContext,
  type TextMapPropagator,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { B3InjectEncoding, B3Propagator } from '@opentelemetry/propagator-b3';
import { JaegerPropagator } from '@opentelemetry/propagator-jaeger';
import { inject } from '../../src/inject/inject.ts';
import { DEFAULT_KNOWN_METHODS, propagatorNames, readEnvConfig } from '../../src/otel/env-config.ts';
import { compileQueryRedaction } from '../../src/otel/http-attributes.ts';
import { HttpMetricSeriesTable } from '../../src/otel/http-metrics.ts';
import type { LeanServerSpan } from '../../src/otel/lean/lean-span.ts';
import { FIXED_SAMPLING_DECISIONS, wrapLean } from '../../src/otel/lean/lean-stream-listener.ts';
import { toLeanSpanData } from '../../src/otel/lean/lean-trace-export.ts';
import { propagatorFromNames } from '../../src/otel/propagation/propagators.ts';
import { FwW3CPropagator, type LeanPath, type ServerTelemetry } from '../../src/otel/server-telemetry.ts';
import { samplerFor } from '../../src/otel/trace-pipeline.ts';
import { encodeTraceRequest } from './otel-lean-trace-request.ts';
import { decodeTraceRequest } from './otlp-official-trace.ts';

/** Request headers as a listener gets them: a string per name, or (a carrier an application builds) several values. */
export type Headers = Record<string, string | string[]>;

/** One request as either side sees it. */
export interface Seen {
  /** The server span's context; its trace id only when it continues an upstream trace (a new one is random). */
  readonly span: { traceId: string | undefined; traceFlags: number; traceState: string | undefined };
  /** The upstream span the server span is a child of: from the context, and as the export writes it. */
  readonly parent: { spanId: string; isRemote: boolean } | undefined;
  /** The exported span's trace state, parent and flags; undefined when it is not sampled (not exported). */
  readonly exported: { traceState: string; parentSpanId: string; flags: number } | undefined;
  /** The baggage entries, in order, with their metadata as text. */
  readonly baggage: [string, string, string | undefined][];
  /** What `propagation.inject` writes for the server span's context. */
  readonly injected: Record<string, string>;
}

/** fw's side: the server span's own ids too (a new trace's id, and every span id, are random), and the headers its listener got. */
export interface LeanSeen extends Seen {
  readonly own: { traceId: string; spanId: string };
  readonly received: Headers;
}

/** The official propagator OTEL_PROPAGATORS names, made as sdk-node's getPropagatorFromEnv makes it. */
export function officialPropagator(variable: string): TextMapPropagator {
  const propagators = propagatorNames(variable).map((name): TextMapPropagator => {
    if (name === 'tracecontext') return new W3CTraceContextPropagator();
    if (name === 'baggage') return new W3CBaggagePropagator();
    if (name === 'jaeger') return new JaegerPropagator();
    return new B3Propagator(name === 'b3' ? {} : { injectEncoding: B3InjectEncoding.MULTI_HEADER });
  });
  return propagators.length === 1 ? propagators[0]! : new CompositePropagator({ propagators });
}

/** fw's lean listener under the propagator setupTelemetry registers for `variable`; `exchange` runs one request through it. */
export async function leanServer(variable: string): Promise<{ exchange(headers: Headers, asGiven: boolean): Promise<LeanSeen>; close(): void }> {
  const propagator = await propagatorFromNames(propagatorNames(variable));
  if (propagator === undefined) throw new Error(`OTEL_PROPAGATORS=${variable} registers no propagator`);
  propagation.setGlobalPropagator(propagator);
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const config = readEnvConfig({});
  let ended: LeanServerSpan | undefined;
  const lean: LeanPath = {
    sampler: samplerFor(config.sampler, config.samplerRatio),
    decide: FIXED_SAMPLING_DECISIONS[config.sampler],
    limits: config.spanLimits,
    onEnd: (span) => void (ended = span),
    metrics: new HttpMetricSeriesTable(),
  };
  const server: ServerTelemetry = {
    lean,
    knownMethods: DEFAULT_KNOWN_METHODS,
    spanNames: 'fw',
    redaction: compileQueryRedaction(),
    w3c: propagator instanceof FwW3CPropagator ? propagator.fastPath : undefined,
  };
  let seen: Omit<LeanSeen, 'exported'> | undefined;
  const listener = wrapLean(
    (req, res) => {
      const active = context.active();
      const own = (trace.getSpan(active) as LeanServerSpan).spanContext();
      const injected: Record<string, string> = {};
      propagation.inject(active, injected);
      seen = { ...viewOf(active, own), injected, own: { traceId: own.traceId, spanId: own.spanId }, received: { ...req.headers } as Headers };
      res.end();
    },
    lean,
    server,
  );
  return {
    async exchange(headers, asGiven) {
      seen = undefined;
      ended = undefined;
      // asGiven: the headers object as it is (arrays and all), as an application's carrier would be; else header lines as node:http joins them.
      const run = asGiven
        ? (req: IncomingMessage, res: ServerResponse) => {
            req.headers = { host: 'localhost', ...headers };
            listener(req, res);
          }
        : listener;
      await inject(run, { url: '/', headers: asGiven ? {} : headers });
      // Set by the listener that inject ran (a closure TypeScript does not follow).
      const got = seen as Omit<LeanSeen, 'exported'> | undefined;
      const span = ended as LeanServerSpan | undefined;
      if (got === undefined) throw new Error(`the listener did not run for ${JSON.stringify(headers)}`);
      return { ...got, exported: span === undefined ? undefined : exportedOf(span) };
    },
    close() {
      contextManager.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** What the official `propagator` extracts from `headers` (`received`: the headers object fw's listener saw), and injects for a server span with `spanId`. */
export function officialView(propagator: TextMapPropagator, received: Headers, spanId: string, newTraceId: string): Seen {
  const extracted = propagator.extract(ROOT_CONTEXT, received, defaultTextMapGetter);
  const found = trace.getSpanContext(extracted);
  // B3 and Jaeger ids may arrive in uppercase: fw's lean span writes them lowercase, on purpose (docs/telemetry.md, Propagation), where the SDK's span keeps the case.
  const upstream = found === undefined ? undefined : { ...found, traceId: found.traceId.toLowerCase(), spanId: found.spanId.toLowerCase() };
  const valid = upstream !== undefined && trace.isSpanContextValid(upstream);
  // The SDK's server span: the upstream's trace and trace state, sampled as the default parent-based sampler decides.
  const sampled = valid ? (upstream.traceFlags & 1) === 1 : true;
  const spanContext: SpanContext = {
    traceId: valid ? upstream.traceId : newTraceId,
    spanId,
    traceFlags: sampled ? 1 : 0,
    ...(valid && upstream.traceState !== undefined ? { traceState: upstream.traceState } : {}),
  };
  const injected: Record<string, string> = {};
  propagator.inject(trace.setSpanContext(extracted, spanContext), injected, defaultTextMapSetter);
  const view = viewOf(extracted, spanContext, valid ? upstream : undefined);
  const exported =
    sampled
      ? {
          traceState: view.span.traceState ?? '',
          parentSpanId: view.parent?.spanId ?? '',
          flags: 0x101 | (view.parent?.isRemote === true ? 0x200 : 0),
        }
      : undefined;
  return { ...view, exported, injected };
}

function viewOf(active: Context, spanContext: SpanContext, upstream?: SpanContext): Omit<Seen, 'exported' | 'injected'> {
  const span = upstream === undefined ? (trace.getSpan(active) as LeanServerSpan | undefined) : undefined;
  const parent = upstream ?? (span?.parent === undefined ? undefined : { spanId: hex(span.parent.spanId), isRemote: span.parent.isRemote });
  const baggage = (propagation.getBaggage(active)?.getAllEntries() ?? []).map(
    ([key, entry]): [string, string, string | undefined] => [key, entry.value, entry.metadata?.toString()],
  );
  return {
    span: {
      traceId: parent === undefined ? undefined : spanContext.traceId,
      traceFlags: spanContext.traceFlags,
      traceState: spanContext.traceState?.serialize(),
    },
    parent: parent === undefined ? undefined : { spanId: parent.spanId, isRemote: parent.isRemote === true },
    baggage,
  };
}

/** The exported span's fields of the comparison, decoded from fw's OTLP request with the official definitions. */
function exportedOf(span: LeanServerSpan): Seen['exported'] {
  const request = decodeTraceRequest(encodeTraceRequest({ attributes: {} }, [toLeanSpanData(span, { name: 'fw-core' })])) as any;
  const decoded = request.resourceSpans[0].scopeSpans[0].spans[0];
  return { traceState: decoded.traceState, parentSpanId: hex(decoded.parentSpanId), flags: decoded.flags };
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
