/** `fw middleware`: the global plugins, then each route group's plugins and routes. */
import { printModel, type InspectArgs } from '../cli/command-context.ts';
import { withJson, type FwCommand } from '../cli/fw-command.ts';

/** The middleware command. */
export const middlewareCommand: FwCommand<InspectArgs> = {
  command: 'middleware',
  describe: 'Show the global plugins and every route group with its security, plugins and routes',
  builder: withJson,
  async run(args, context) {
    // Loaded here, not at the top: `fw --help` and the other commands need none of it.
    const [{ loadApp }, { buildMiddlewareModel, renderMiddleware }] = await Promise.all([import('../cli/load-app.ts'), import('../inspect/middleware-view.ts')]);
    printModel(context, args.json, buildMiddlewareModel(await loadApp(context, args)), renderMiddleware);
  },
};
