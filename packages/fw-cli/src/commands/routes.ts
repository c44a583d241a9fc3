/** `fw routes`: the compiled routing tree, host by host, as fw-core's router prints it. */
import { printModel, type InspectArgs } from '../cli/command-context.ts';
import { withJson, type FwCommand } from '../cli/fw-command.ts';
import { loadApp } from '../cli/load-app.ts';
import { buildRoutesModel, renderRoutes } from '../inspect/routes-view.ts';

/** The routes command. */
export const routesCommand: FwCommand<InspectArgs> = {
  command: 'routes',
  describe: 'Show the compiled routing tree, host by host',
  builder: withJson,
  async run(args, context) {
    printModel(context, args.json, buildRoutesModel((await loadApp(context, args)).router), renderRoutes);
  },
};
