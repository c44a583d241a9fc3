/**
 * The decision of the built-in samplers that need neither the trace id nor the attributes
 * (always_on, always_off, parentbased_always_on, parentbased_always_off), made without asking
 * the SDK's Sampler object: the lean listener then makes no id and no hex string before the span
 * needs one. The ratio samplers read the trace id, so they are asked as the SDK would ask them.
 * The parent-based rules are the SDK's defaults (a sampled remote parent: sampled; one that is
 * not: not; no parent: the root sampler); a server span's parent is always remote.
 */
import type { SamplerName } from '../env-config.ts';
import type { SamplingDecision } from '../server-telemetry.ts';

const always = (): boolean => true;
const never = (): boolean => false;
const parentOr =
  (root: boolean): SamplingDecision =>
  (remote) =>
    remote === undefined ? root : (remote.flags & 1) === 1;

/** The decision of sampler `name`, or undefined when it reads the trace id (the ratio samplers). */
export function fixedSamplingDecision(name: SamplerName): SamplingDecision | undefined {
  switch (name) {
    case 'always_on':
      return always;
    case 'always_off':
      return never;
    case 'parentbased_always_on':
      return parentOr(true);
    case 'parentbased_always_off':
      return parentOr(false);
    default:
      return undefined;
  }
}
