/** `fw config`: every configuration key with its value, ` (default)` or a missing mark. */
import { appDirOf } from '../cli/app-dir.ts';
import { EXIT, printModel, type InspectArgs } from '../cli/command-context.ts';
import { withJson, type FwCommand } from '../cli/fw-command.ts';

/** The config command. Reads only fw.config.json: it works before the app module exists. */
export const configCommand: FwCommand<InspectArgs> = {
  command: 'config',
  describe: 'Show every configuration key with its value; (default) marks built-in defaults',
  builder: withJson,
  async run(args, context) {
    // Loaded here, not at the top: `fw --help` and the other commands need none of it.
    const [{ resolveConfig }, { buildConfigModel, hasMissingKey, renderConfig }] = await Promise.all([import('fw-core/inspect'), import('../inspect/config-view.ts')]);
    const model = buildConfigModel(await resolveConfig(await appDirOf(context, args), context.env));
    printModel(context, args.json, model, renderConfig);
    if (hasMissingKey(model)) context.setExitCode(EXIT.error);
  },
};
