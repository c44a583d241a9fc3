/**
 * Loads the app of a command as the server does (configuration, app module, plugin chains,
 * routes, router, route schemas, static directories) and runs the server's other start-up
 * checks that have no side effects (json_lib, stream handler names, fw's plugins' options), so
 * what the server refuses at start fails here too. Starts nothing: no listener, no app start
 * hook, no app plugin init (docs/cli.md lists each check).
 */
import { checkStartup, loadApplication, type LoadedApplication } from 'fw-core/inspect';
import { appDirOf } from './app-dir.ts';
import type { CommandContext, CommonArgs } from './command-context.ts';

/** The checked app of the command's app directory; throws fw-core's coded errors. */
export async function loadApp(context: CommandContext, args: CommonArgs): Promise<LoadedApplication> {
  return loadCheckedApp(await appDirOf(context, args), context.env);
}

/** The app in `appDir` loaded with `env`, after every start-up check without side effects. */
export async function loadCheckedApp(appDir: string, env: NodeJS.ProcessEnv): Promise<LoadedApplication> {
  const loaded = await loadApplication({ appDir, env, serveStatic: true });
  await checkStartup(loaded, env);
  return loaded;
}
