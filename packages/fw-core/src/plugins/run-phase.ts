/**
 * Runs one phase's plugins in order (spec: "Result tuples"): `ok` goes on, `break` skips the
 * rest of the phase, `stop` ends all processing (the plugin replied), `error` and any throw,
 * rejection or malformed result become a 500. A returned state replaces the stored one.
 */
import type { FwRequest } from '../http/request.ts';
import type { PluginStep } from './plugin-chains.ts';
import type { PluginEnv, PluginResult } from './plugin.ts';

/** How a phase ended. */
export type PhaseOutcome =
  | { readonly kind: 'continue'; readonly req: FwRequest }
  | { readonly kind: 'stop'; readonly req: FwRequest }
  | { readonly kind: 'error'; readonly req: FwRequest; readonly plugin: string; readonly reason: unknown };

/** Runs `steps` on `req`. Never throws. */
export async function runPhase(steps: readonly PluginStep[], req: FwRequest, env: PluginEnv): Promise<PhaseOutcome> {
  let current = req;
  for (const { instance, callback } of steps) {
    let result: PluginResult<unknown>;
    try {
      result = await callback(current, env, instance.options, instance.state);
    } catch (error) {
      return { kind: 'error', req: current, plugin: instance.plugin.name, reason: error };
    }
    if (!Array.isArray(result)) {
      return { kind: 'error', req: current, plugin: instance.plugin.name, reason: malformed(result) };
    }
    const [tag] = result;
    if (tag === 'error') return { kind: 'error', req: current, plugin: instance.plugin.name, reason: result[1] };
    if (tag !== 'ok' && tag !== 'break' && tag !== 'stop') {
      return { kind: 'error', req: current, plugin: instance.plugin.name, reason: malformed(result) };
    }
    const next = result[1];
    if (typeof next !== 'object' || next === null) {
      return { kind: 'error', req: current, plugin: instance.plugin.name, reason: malformed(result) };
    }
    current = next;
    instance.state = result[2];
    if (tag === 'stop') return { kind: 'stop', req: current };
    if (tag === 'break') break;
  }
  return { kind: 'continue', req: current };
}

function malformed(result: unknown): Error {
  let shown: string;
  try {
    shown = JSON.stringify(result) ?? String(result);
  } catch {
    shown = String(result);
  }
  return new Error(`plugin returned a malformed result: ${shown.slice(0, 200)}`);
}
