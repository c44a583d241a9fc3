/**
 * The propagator setupTelemetry registers when OTEL_PROPAGATORS names only W3C propagators
 * (`tracecontext`, `baggage`, the default both): the official W3CTraceContextPropagator and
 * W3CBaggagePropagator of @opentelemetry/core do the work, in the order named, as the SDK's
 * CompositePropagator runs them. What it adds is identity: `fields()` returns the same array at
 * every call, so the lean path can tell, per request and for the price of a comparison, that the
 * registered propagator is still this one and read the W3C headers itself (server-telemetry.ts).
 */
import type { Context, TextMapGetter, TextMapPropagator, TextMapSetter } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import type { W3CFastPath } from '../server-telemetry.ts';

/** W3C trace context and/or baggage, in the order given, known by its `fields()` array. */
export class FwW3CPropagator implements TextMapPropagator {
  readonly #inner: CompositePropagator;
  readonly #fields: string[];
  /** How the lean path extracts what this propagator would. */
  readonly fastPath: W3CFastPath;

  constructor(names: readonly ('tracecontext' | 'baggage')[]) {
    this.#inner = new CompositePropagator({ propagators: names.map((name) => (name === 'tracecontext' ? new W3CTraceContextPropagator() : new W3CBaggagePropagator())) });
    // Frozen: the array is this propagator's identity, nobody may change it (reading it is all callers do).
    this.#fields = Object.freeze(this.#inner.fields()) as string[];
    this.fastPath = Object.freeze({ fields: this.#fields, traceContext: names.includes('tracecontext'), baggage: names.includes('baggage') });
  }

  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    this.#inner.inject(context, carrier, setter);
  }

  extract(context: Context, carrier: unknown, getter: TextMapGetter): Context {
    return this.#inner.extract(context, carrier, getter);
  }

  fields(): string[] {
    return this.#fields;
  }
}
