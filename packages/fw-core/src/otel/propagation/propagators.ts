/**
 * The propagator OTEL_PROPAGATORS asks for, made as sdk-node's getPropagatorFromEnv makes it (one
 * name: that propagator; several: a CompositePropagator in the order named; none: none). W3C names
 * only give fw's FwW3CPropagator, the lean path's fast one. `b3`, `b3multi` and `jaeger` come from
 * packages fw-core does not depend on: imported at start by literal names in a try, which a bundler
 * inlines (or leaves to run time where they are missing), FW_ERR_OTEL_PROPAGATOR_MISSING naming the
 * package when missing. Loads the SDK.
 */
import type { TextMapPropagator } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { FwError } from '../../errors.ts';
import type { PropagatorName } from '../env-config.ts';
import { FwW3CPropagator } from '../server-telemetry.ts';

/** A test's stand-in for importing a package by name. */
export type PackageImporter = (name: string) => Promise<Record<string, unknown>>;

type B3Package = typeof import('@opentelemetry/propagator-b3');
type JaegerPackage = typeof import('@opentelemetry/propagator-jaeger');

/** The package each name needs, beyond @opentelemetry/core. */
const PACKAGES = {
  b3: '@opentelemetry/propagator-b3',
  b3multi: '@opentelemetry/propagator-b3',
  jaeger: '@opentelemetry/propagator-jaeger',
} as const;

/** The propagator for `names`; undefined for none. Rejects with FW_ERR_OTEL_PROPAGATOR_MISSING when a package cannot be loaded. */
export async function propagatorFromNames(
  names: readonly PropagatorName[],
  load?: PackageImporter,
): Promise<TextMapPropagator | undefined> {
  if (names.length === 0) return undefined;
  const propagators: TextMapPropagator[] = [];
  for (const name of names) propagators.push(await propagatorNamed(name, load));
  // One name is that propagator alone, whose carrier's errors reach the caller (a composite catches them and warns).
  const propagator = propagators.length === 1 ? propagators[0]! : new CompositePropagator({ propagators });
  // fw's W3C propagator, which the lean path knows by its `fields()` array, for W3C names only.
  const w3c = names.every((name): name is 'tracecontext' | 'baggage' => name === 'tracecontext' || name === 'baggage');
  return w3c ? new FwW3CPropagator(propagator, names) : propagator;
}

async function propagatorNamed(name: PropagatorName, load?: PackageImporter): Promise<TextMapPropagator> {
  if (name === 'tracecontext') return new W3CTraceContextPropagator();
  if (name === 'baggage') return new W3CBaggagePropagator();
  if (name === 'jaeger') return new ((await packageFor(name, load)) as JaegerPackage).JaegerPropagator();
  const b3 = (await packageFor(name, load)) as B3Package;
  return new b3.B3Propagator(name === 'b3' ? {} : { injectEncoding: b3.B3InjectEncoding.MULTI_HEADER });
}

/** The package `name` needs, loaded; FW_ERR_OTEL_PROPAGATOR_MISSING when it cannot be. */
async function packageFor(name: keyof typeof PACKAGES, load?: PackageImporter): Promise<object> {
  const pkg = PACKAGES[name];
  try {
    if (load !== undefined) return await load(pkg);
    return name === 'jaeger'
      ? await import('@opentelemetry/propagator-jaeger')
      : await import('@opentelemetry/propagator-b3');
  } catch (cause) {
    const { code, message } = cause as { code?: string; message?: string };
    // Not found is about this package only when node names it (a dependency of it may be what is missing).
    const reason =
      code === 'ERR_MODULE_NOT_FOUND' && message?.includes(`'${pkg}'`) === true
        ? 'is not installed'
        : `could not be loaded (${message})`;
    throw new FwError(
      'FW_ERR_OTEL_PROPAGATOR_MISSING',
      `OTEL_PROPAGATORS names ${name}, whose package ${pkg} ${reason}: install it beside fw-core (npm install ${pkg}), or leave ${name} out of OTEL_PROPAGATORS`,
      { details: { name: 'OTEL_PROPAGATORS', propagator: name, package: pkg }, cause },
    );
  }
}
