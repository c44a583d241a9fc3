/** The app directory of a command: `--app DIR` resolved against the cwd (default: the cwd). */
import { resolve } from 'node:path';
import type { CommandContext, CommonArgs } from './command-context.ts';

/** The absolute app directory. */
export function appDirOf(context: CommandContext, args: CommonArgs): string {
  return resolve(context.cwd, args.app);
}
