/**
 * init and stop of plugin instances: `init(options, context)` once per instance at start (its value is
 * the state; without init the state is undefined), `stop(state)` once at shutdown, so each
 * instance can release what its init opened.
 */
import { FwError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { PluginInitContext } from './plugin.ts';
import type { PluginInstance } from './plugin-registry.ts';

/**
 * Runs every instance's init in order; a failure stops the instances already started and is a
 * start-up error naming the plugin.
 */
export async function initPlugins(instances: readonly PluginInstance[], context: PluginInitContext): Promise<void> {
  const { logger } = context;
  for (const [index, instance] of instances.entries()) {
    const { plugin } = instance;
    if (typeof plugin.init !== 'function') continue;
    try {
      instance.state = await plugin.init(instance.options, context);
    } catch (error) {
      await stopPlugins(instances.slice(0, index), logger);
      const reason = error instanceof Error ? error.message : String(error);
      throw new FwError('FW_ERR_PLUGIN_INIT_FAILED', `plugin ${plugin.name} failed to start: ${reason}`, {
        cause: error,
        details: { module: plugin.name },
      });
    }
  }
}

/** Runs every instance's stop(state), in reverse order; failures are logged, never thrown. */
export async function stopPlugins(instances: readonly PluginInstance[], logger: Logger): Promise<void> {
  for (const instance of [...instances].reverse()) {
    const { plugin } = instance;
    if (typeof plugin.stop !== 'function') continue;
    try {
      await plugin.stop(instance.state);
    } catch (error) {
      logger.error({ event: 'plugin_stop_failed', plugin: plugin.name, err: error }, 'plugin stop failed');
    }
  }
}
