/** The contract of a command module in src/commands/: its flags and its handler. */
import type { Argv } from 'yargs';
import type { CommandContext } from './command-context.ts';

/** One `fw <command>`. */
export interface FwCommand<A> {
  /** yargs command string, e.g. `openapi`. */
  readonly command: string;
  /** One line for `fw --help`. */
  readonly describe: string;
  /** Declares the command's flags (each with a description, for `fw <command> --help`). */
  builder(yargs: Argv): Argv;
  /** Runs the command with parsed flags. */
  run(args: A, context: CommandContext): Promise<void>;
}

/** Adds `--json` to an inspection command. */
export function withJson(yargs: Argv): Argv {
  return yargs.option('json', {
    type: 'boolean',
    default: false,
    describe: 'Print the same information as JSON (shapes in docs/cli.md)',
  });
}

/** Adds `--json` and `--show-secrets` to an inspection command that prints configuration values (inspect/mask-secrets.ts). */
export function withJsonAndSecrets(yargs: Argv): Argv {
  return withJson(yargs).option('show-secrets', {
    type: 'boolean',
    default: false,
    describe: 'Print tokens, passwords and URL passwords in clear instead of *** (docs/cli.md, "Secrets")',
  });
}
