/** The app directory of a command: `--app DIR` resolved against the cwd (default: the cwd). */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from '../errors.ts';
import type { CommandContext, CommonArgs } from './command-context.ts';

/** The absolute app directory; throws FW_CLI_ERR_APP_DIR_MISSING when it is not a directory. */
export function appDirOf(context: CommandContext, args: CommonArgs): string {
  const dir = resolve(context.cwd, args.app);
  const stats = statSync(dir, { throwIfNoEntry: false });
  if (stats?.isDirectory() !== true) {
    const what = stats === undefined ? `there is no directory ${dir}` : `${dir} is not a directory`;
    throw new CliError('FW_CLI_ERR_APP_DIR_MISSING', `--app ${args.app}: ${what}; give the directory that holds fw.config.json`);
  }
  return dir;
}
