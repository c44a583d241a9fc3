/**
 * The app directory of a command: `--app DIR` resolved against the cwd, else the nearest
 * directory from the cwd up that holds the app (find-app-dir.ts). Either way its configuration
 * file must exist: a missing one is FW_ERR_CONFIG_NOT_FOUND with the fixes the command line has
 * (fw-core's own message suggests configuration in code, which fw cannot use).
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from '../errors.ts';
import type { CommandContext, CommonArgs } from './command-context.ts';
import { displayPath } from './display-path.ts';
import { findAppDir } from './find-app-dir.ts';

const CONFIG_FILE = 'fw.config.json';
const MINIMAL_CONFIG = `{"fw": {"bootstrap_application": "<your app's name>"}}`;

/**
 * The absolute app directory. Throws FW_CLI_ERR_APP_DIR_MISSING when `--app` is not a
 * directory, FW_ERR_CONFIG_NOT_FOUND when no app is found or its configuration file is missing.
 * Notes the directory on stderr when the search found it above the cwd.
 */
export async function appDirOf(context: CommandContext, args: CommonArgs): Promise<string> {
  const configFile = configFileName(context.env);
  const dir = args.app === undefined ? await searchedDir(context, configFile) : givenDir(context, args.app);
  const file = resolve(dir, configFile);
  if (statSync(file, { throwIfNoEntry: false }) === undefined) {
    const via = configFile === CONFIG_FILE ? '' : `, named by FW_CONFIG=${configFile}`;
    throw await configNotFound(
      `Cannot read the configuration file ${file}${via} (ENOENT); create it with at least ${MINIMAL_CONFIG}, or point --app at the app's directory or FW_CONFIG at its configuration file`,
      file,
    );
  }
  return dir;
}

function givenDir(context: CommandContext, app: string): string {
  // `--app "$APP_DIR"` with the variable unset: the current directory would be inspected unasked.
  if (app === '')
    throw new CliError('FW_CLI_ERR_USAGE', '--app is empty; give the app directory (--app . for the current one)');
  const dir = resolve(context.cwd, app);
  const stats = statSync(dir, { throwIfNoEntry: false });
  if (stats?.isDirectory() !== true) {
    const what = stats === undefined ? `there is no directory ${dir}` : `${dir} is not a directory`;
    throw new CliError(
      'FW_CLI_ERR_APP_DIR_MISSING',
      `--app ${app}: ${what}; give the directory that holds ${CONFIG_FILE}`,
    );
  }
  return dir;
}

async function searchedDir(context: CommandContext, configFile: string): Promise<string> {
  const invalid: string[] = [];
  const found = findAppDir(context.cwd, configFile, invalid);
  if (found === undefined) {
    const marker = configFile === CONFIG_FILE ? CONFIG_FILE : `${configFile} (FW_CONFIG)`;
    // A package.json fw cannot parse may be the app's: its "fw" field is unreadable, so say so rather than "none holds".
    const unread =
      invalid.length === 0 ? '' : `; ${invalid.join('; ')}, so fw could not tell whether it marks the app: fix it`;
    throw await configNotFound(
      `No fw app in ${context.cwd} or any directory above it (none holds ${marker} or a package.json with an "fw" field)${unread}; ` +
        `run fw in the app directory or below it, point --app at it, or create ${CONFIG_FILE} there with at least ${MINIMAL_CONFIG} (FW_CONFIG names another file)`,
      resolve(context.cwd, configFile),
    );
  }
  if (found !== context.cwd) context.note(`using the app in ${displayPath(context.cwd, found)}`);
  return found;
}

// The same variable fw-core reads: FW_CONFIG names the file, relative to the app directory.
function configFileName(env: NodeJS.ProcessEnv): string {
  const named = env['FW_CONFIG'];
  return named === undefined || named === '' ? CONFIG_FILE : named;
}

// fw-core's code, so scripts that switch on it keep working; loaded only on this path.
async function configNotFound(message: string, file: string): Promise<Error> {
  const { FwError } = await import('fw-core');
  return new FwError('FW_ERR_CONFIG_NOT_FOUND', message, { details: { file } });
}
