/**
 * Loads the app of a command exactly as the server does (configuration, app module, plugin
 * chains, routes, router) without starting anything: no listener, no app start hook, no static
 * directory checks.
 */
import { loadApplication, type LoadedApplication } from 'fw-core/inspect';
import { appDirOf } from './app-dir.ts';
import type { CommandContext, CommonArgs } from './command-context.ts';

/** The loaded app of the command's app directory; throws fw-core's coded errors. */
export function loadApp(context: CommandContext, args: CommonArgs): Promise<LoadedApplication> {
  return loadApplication({ appDir: appDirOf(context, args), env: context.env, serveStatic: false });
}
