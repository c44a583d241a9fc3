/**
 * OTEL_PROPAGATORS (issue 36, items 1 and 6): the propagators setupTelemetry registers, read as
 * the SDK reads it (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/#general-sdk-configuration):
 * a comma-separated list, blanks around names and empty entries ignored, a name given twice
 * registered once; unset or empty means `tracecontext,baggage`, and `none` means no propagator.
 * Where fw differs, on purpose (docs/telemetry.md "Propagation"): names are read in any case, as
 * fw reads its other choices; a name fw does not know is FW_ERR_OTEL_BAD_ENV at start, not a
 * diag warning and a propagator less (a typo would silently break every trace that crosses the
 * service); so is `none` beside other names, which the SDK resolves by ignoring the others.
 */
import { FwError } from '../../errors.ts';

/** The propagators OTEL_PROPAGATORS can name, as the SDK (`@opentelemetry/sdk-node`) knows them. */
export type PropagatorName = 'tracecontext' | 'baggage' | 'b3' | 'b3multi' | 'jaeger';

const NAMES: readonly PropagatorName[] = ['tracecontext', 'baggage', 'b3', 'b3multi', 'jaeger'];

/** The specification's default. */
export const DEFAULT_PROPAGATORS: readonly PropagatorName[] = Object.freeze(['tracecontext', 'baggage']);

/** The names in OTEL_PROPAGATORS (`value`, already trimmed, undefined when unset or blank); [] for `none`. */
export function propagatorNames(value: string | undefined): readonly PropagatorName[] {
  if (value === undefined) return DEFAULT_PROPAGATORS;
  const names = [...new Set(value.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== ''))];
  if (names.length === 0) refuse(value, 'a comma-separated list of propagator names');
  if (names.includes('none')) {
    if (names.length === 1) return [];
    refuse(value, '`none` alone: it registers no propagator, so other names beside it would be ignored');
  }
  const unknown = names.filter((name) => !(NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) refuse(value, `names among ${NAMES.join(', ')} or none (${unknown.map((name) => JSON.stringify(name)).join(', ')} unknown; register another propagator with propagation.setGlobalPropagator before setupTelemetry)`);
  return names as PropagatorName[];
}

function refuse(value: string, expected: string): never {
  throw new FwError('FW_ERR_OTEL_BAD_ENV', `OTEL_PROPAGATORS=${JSON.stringify(value)} is not valid: expected ${expected}`, { details: { name: 'OTEL_PROPAGATORS', value } });
}
