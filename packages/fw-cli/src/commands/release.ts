/** `fw release`: a self-contained release directory and tarball under _build/<profile>/rel/. */
import { appDirOf } from '../cli/app-dir.ts';
import type { CommonArgs } from '../cli/command-context.ts';
import { displayPath } from '../cli/display-path.ts';
import type { FwCommand } from '../cli/fw-command.ts';
import { CliError } from '../errors.ts';

/** Flags of `fw release`. */
export interface ReleaseArgs extends CommonArgs {
  readonly profile: string;
}

/** Profile names end up in paths and in the start script: keep them plain. */
const PROFILE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The release command. */
export const releaseCommand: FwCommand<ReleaseArgs> = {
  command: 'release',
  describe: 'Regenerate the OpenAPI files, build the app and assemble _build/<profile>/rel/<app> and its tarball',
  builder: (yargs) =>
    yargs.option('profile', {
      type: 'string',
      requiresArg: true,
      default: 'prod',
      describe:
        'Release profile: names the _build/<profile> directory, and is the environment (FW_ENV) the docs are generated for and the release starts in',
    }),
  async run(args, context) {
    if (!PROFILE.test(args.profile)) {
      throw new CliError(
        'FW_CLI_ERR_USAGE',
        `--profile ${JSON.stringify(args.profile)} is not a profile name: use letters, digits, _ . - (e.g. prod)`,
      );
    }
    // Loaded here, not at the top: `fw --help` and the other commands need none of it (tar).
    const { assembleRelease } = await import('../release/assemble-release.ts');
    await assembleRelease({
      appDir: await appDirOf(context, args),
      profile: args.profile,
      env: context.env,
      report: context.print,
      path: (absolute) => displayPath(context.cwd, absolute),
    });
  },
};
