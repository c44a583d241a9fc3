/**
 * The start-up checks createListener runs after loadApplication that have no side effects, for
 * tools that load an app without starting it (fw-cli): what would stop the server stops them
 * too, with the same coded error. Left out: the app plugins' init (it may connect to a store),
 * the app's start hook and listening.
 */
import { silentLogger } from '../log/logger.ts';
import { builtinPlugins, initPlugins } from '../plugins/plugin-registry.ts';
import { resolveJsonLib } from './resolve-json-lib.ts';
import { namedStreamHandlers } from '../stream/stream-handler.ts';
import type { LoadedApplication } from './load-application.ts';

/**
 * Resolves `json_lib` from the app directory, checks every `stream_handlers` name, and runs the
 * init of fw's own plugins, which only checks their options. Load the app with `serveStatic:
 * true` for the static routes' checks. Rejects with the FwError the server would start with.
 */
export async function checkStartup(application: LoadedApplication, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { appDir, app, config, registry } = application;
  const fw = config.fw;
  await resolveJsonLib(fw.json_lib, appDir);
  namedStreamHandlers(fw.server_configuration.stream_handlers, app.streamHandlers ?? []);
  // Copies: the registry's instances keep no state from a check.
  const builtins = registry.instances().filter((instance) => builtinPlugins.includes(instance.plugin)).map((instance) => ({ ...instance }));
  await initPlugins(builtins, { app: app.name, environment: fw.environment, env, logger: silentLogger });
}
