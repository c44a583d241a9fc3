/** `fw middleware`: the global plugins, then each route group's plugins and routes. */
import { printModel, type SecretArgs } from '../cli/command-context.ts';
import { withJsonAndSecrets, type FwCommand } from '../cli/fw-command.ts';

/** The middleware command. */
export const middlewareCommand: FwCommand<SecretArgs> = {
  command: 'middleware',
  describe: 'Show the global plugins and every route group with its security, plugins and routes',
  builder: withJsonAndSecrets,
  async run(args, context) {
    // Loaded here, not at the top: `fw --help` and the other commands need none of it.
    const [{ loadApp }, { buildMiddlewareModel, renderMiddleware }, { shownSecrets }] = await Promise.all([
      import('../cli/load-app.ts'),
      import('../inspect/middleware-view.ts'),
      import('../inspect/mask-secrets.ts'),
    ]);
    printModel(
      context,
      args.json,
      shownSecrets(buildMiddlewareModel(await loadApp(context, args)), args.showSecrets),
      renderMiddleware,
    );
  },
};
