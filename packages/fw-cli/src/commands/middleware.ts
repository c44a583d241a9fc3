/** `fw middleware`: the global plugins, then each route group's plugins and routes. */
import { printModel, type InspectArgs } from '../cli/command-context.ts';
import { withJson, type FwCommand } from '../cli/fw-command.ts';
import { loadApp } from '../cli/load-app.ts';
import { buildMiddlewareModel, renderMiddleware } from '../inspect/middleware-view.ts';

/** The middleware command. */
export const middlewareCommand: FwCommand<InspectArgs> = {
  command: 'middleware',
  describe: 'Show the global plugins and every route group with its security, plugins and routes',
  builder: withJson,
  async run(args, context) {
    printModel(context, args.json, buildMiddlewareModel(await loadApp(context, args)), renderMiddleware);
  },
};
