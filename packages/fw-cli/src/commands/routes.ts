/** `fw routes`: the compiled routing tree, host by host, as fw-core's router prints it. */
import { printModel, type InspectArgs } from '../cli/command-context.ts';
import { withJson, type FwCommand } from '../cli/fw-command.ts';

/** The routes command. */
export const routesCommand: FwCommand<InspectArgs> = {
  command: 'routes',
  describe: 'Show the compiled routing tree, host by host',
  builder: withJson,
  async run(args, context) {
    // Loaded here, not at the top: `fw --help` and the other commands need none of it.
    const [{ loadApp }, { buildRoutesModel, renderRoutes }] = await Promise.all([
      import('../cli/load-app.ts'),
      import('../inspect/routes-view.ts'),
    ]);
    printModel(context, args.json, buildRoutesModel((await loadApp(context, args)).router), renderRoutes);
  },
};
