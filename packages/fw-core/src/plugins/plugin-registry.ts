/**
 * Plugin registrations (`{phase, module, options}`) resolved at start to instances and per-phase
 * chains, then the instances' `init` and `stop`. One instance per (module, options): a module
 * registered twice with the same options (both phases, or global and group) shares one state.
 */
import { FwError, provideHint } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { FwPlugin, PhaseCallback, PluginEntry, PluginInitContext, PluginOptions } from './plugin.ts';
import { fwCorsPlugin } from './cors-plugin.ts';
import { bodyDecodingOf, fwRequestPlugin, type RequestPluginOptions } from './request-plugin.ts';

/** The plugins fw ships, by the names configuration uses: `fw_request_plugin` and `fw_cors_plugin`. */
export const builtinPlugins: readonly FwPlugin<any, any>[] = [fwRequestPlugin, fwCorsPlugin];

/** A plugin with its options and live state. */
export interface PluginInstance {
  readonly plugin: FwPlugin<any, any>;
  readonly options: PluginOptions;
  state: unknown;
}

/** One step of a phase: the instance and the callback to call. */
export interface PluginStep {
  readonly instance: PluginInstance;
  readonly callback: PhaseCallback<any, any>;
}

/** The plugins a group runs. */
export interface PluginChain {
  readonly pre: readonly PluginStep[];
  readonly post: readonly PluginStep[];
  /** What the body stage decodes: the options of the chain's last pre_request fw_request_plugin, when they decode anything. */
  readonly decoding: RequestPluginOptions | undefined;
  /** The registrations this chain came from. */
  readonly entries: readonly PluginEntry[];
  /** True when the group set no plugins and uses the global list. */
  readonly inherited: boolean;
}

/** Builds chains and keeps every instance, for init and stop. */
export class PluginRegistry {
  readonly #modules: ReadonlyMap<string, FwPlugin<any, any>>;
  readonly #instances = new Map<string, PluginInstance>();

  /** `modules`: every plugin that configuration may name (built-ins and the app's). */
  constructor(modules: readonly FwPlugin<any, any>[]) {
    this.#modules = new Map(modules.map((plugin) => [plugin.name, plugin]));
    // Configuration names a plugin by its name: a second one would replace the first unseen (fw_request_plugin's body decoding with it).
    const hidden = modules.find((plugin) => this.#modules.get(plugin.name) !== plugin);
    if (hidden)
      throw new FwError(
        'FW_ERR_APP_BAD_MODULE',
        `two plugins are named ${hidden.name}${builtinPlugins.includes(hidden) ? ", fw's built-in one and one of defineApp({plugins})" : ' in defineApp({plugins})'}: configuration names a plugin by its name, so one would replace the other; give the app's plugin a name of its own`,
        { details: { name: hidden.name } },
      );
  }

  /** The chain for a list of registrations; `where` names the list in errors. */
  chain(entries: readonly PluginEntry[], inherited: boolean, where: string): PluginChain {
    const pre: PluginStep[] = [];
    const post: PluginStep[] = [];
    let decoding: RequestPluginOptions | undefined;
    for (const entry of entries) {
      const instance = this.#instance(entry, where);
      const callback = instance.plugin[entry.phase];
      if (typeof callback !== 'function') {
        const other = entry.phase === 'pre_request' ? 'post_request' : 'pre_request';
        const fix =
          typeof instance.plugin[other] === 'function'
            ? `it exports ${other}: register it for ${other}, or give it ${entry.phase}`
            : `it exports no phase callback: give it ${entry.phase}`;
        throw new FwError(
          'FW_ERR_PLUGIN_MISSING_CALLBACK',
          `plugin ${entry.module} is registered for ${entry.phase} in ${where} but does not export ${entry.phase}(req, env, options, state); ${fix}`,
          { details: { module: entry.module, phase: entry.phase } },
        );
      }
      (entry.phase === 'pre_request' ? pre : post).push({ instance, callback });
      if (entry.phase === 'pre_request' && instance.plugin === fwRequestPlugin)
        decoding = bodyDecodingOf(instance.options);
    }
    return { pre, post, decoding, entries, inherited };
  }

  /** Every instance, in first-registration order. */
  instances(): readonly PluginInstance[] {
    return [...this.#instances.values()];
  }

  #instance(entry: PluginEntry, where: string): PluginInstance {
    const options = entry.options ?? {};
    const key = `${entry.module}\u0000${stableStringify(options)}`;
    const existing = this.#instances.get(key);
    if (existing) return existing;
    const plugin = this.#modules.get(entry.module);
    if (!plugin) {
      const known = [...this.#modules.keys()];
      throw new FwError(
        'FW_ERR_PLUGIN_UNKNOWN',
        `unknown plugin ${entry.module} in ${where}; known plugins: ${known.join(', ')}; to fix, ${provideHint('plugins', entry.module, known)}`,
        { details: { module: entry.module } },
      );
    }
    const instance: PluginInstance = { plugin, options, state: undefined };
    this.#instances.set(key, instance);
    return instance;
  }
}

/** JSON with object keys sorted, so equal options give equal keys. */
function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)));
  });
}

/** Runs every instance's init in order; a failure stops those already started and fails start-up. */
export async function initPlugins(instances: readonly PluginInstance[], context: PluginInitContext): Promise<void> {
  for (const [index, { plugin, options }] of instances.entries()) {
    if (typeof plugin.init !== 'function') continue;
    try {
      instances[index]!.state = await plugin.init(options, context);
    } catch (error) {
      await stopPlugins(instances.slice(0, index), context.logger);
      throw new FwError(
        'FW_ERR_PLUGIN_INIT_FAILED',
        `plugin ${plugin.name} failed to start: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error, details: { module: plugin.name } },
      );
    }
  }
}

/** Runs every instance's stop(state), in reverse order; failures are logged, never thrown. */
export async function stopPlugins(instances: readonly PluginInstance[], logger: Logger): Promise<void> {
  for (const { plugin, state } of [...instances].reverse()) {
    if (typeof plugin.stop !== 'function') continue;
    try {
      await plugin.stop(state);
    } catch (error) {
      logger.error({ event: 'plugin_stop_failed', plugin: plugin.name, err: error }, 'plugin stop failed');
    }
  }
}
