/**
 * The `fw` command line: the commands of src/commands/ on yargs, strict about unknown commands
 * and flags. `main` returns the exit status; it never exits the process itself.
 */
import { readFileSync } from 'node:fs';
import yargs from 'yargs';
import { EXIT, type CommandContext } from './cli/command-context.ts';
import type { FwCommand } from './cli/fw-command.ts';
import { describeError } from './cli/report-error.ts';
import { auditCommand } from './commands/audit.ts';
import { configCommand } from './commands/config.ts';
import { middlewareCommand } from './commands/middleware.ts';
import { openapiCommand } from './commands/openapi.ts';
import { releaseCommand } from './commands/release.ts';
import { routesCommand } from './commands/routes.ts';
import { CliError } from './errors.ts';

const COMMANDS: readonly FwCommand<any>[] = [configCommand, middlewareCommand, routesCommand, auditCommand, openapiCommand, releaseCommand];

/** Where `main` reads and writes; the process by default. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
};

/** Runs `fw <argv>`; resolves to the exit status. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const context: CommandContext = {
    print: (text) => io.stdout(`${text}\n`),
    warn: (text) => io.stderr(`fw: warning: ${text}\n`),
    setExitCode: (code) => {
      exitCode = code;
    },
    env: io.env,
    cwd: io.cwd,
  };
  try {
    await createParser(argv, context).parseAsync();
    return exitCode;
  } catch (error) {
    io.stderr(`${describeError(error)}\n`);
    if (error instanceof CliError && error.code === 'FW_CLI_ERR_USAGE') io.stderr(`${usageHint(argv)}\n`);
    return EXIT.error;
  }
}

function createParser(argv: readonly string[], context: CommandContext) {
  let parser = yargs([...argv])
    .scriptName('fw')
    .usage('Usage: $0 <command> [options]\n\nInspect, document and release the fw application in the current directory (or --app DIR).')
    .option('app', {
      type: 'string',
      default: '.',
      defaultDescription: 'the current directory',
      describe: 'The app directory: where fw.config.json and package.json are',
      global: true,
    });
  for (const command of COMMANDS) {
    parser = parser.command(command.command, command.describe, (y) => command.builder(y), (args) => command.run(args, context));
  }
  return parser
    .demandCommand(1, 'name a command: config, middleware, routes, audit, openapi or release')
    .strict()
    .recommendCommands()
    .help()
    .alias('help', 'h')
    .version(cliVersion())
    .wrap(process.stdout.isTTY ? Math.min(100, process.stdout.columns) : null)
    .exitProcess(false)
    .fail((message, error) => {
      throw error ?? new CliError('FW_CLI_ERR_USAGE', usageMessage(argv, message));
    });
}

const COMMAND_NAMES = new Set(COMMANDS.map((command) => command.command));

// yargs says "Unknown argument: x" or "Did you mean y?" for a mistyped command: name it.
function usageMessage(argv: readonly string[], message: string): string {
  const first = argv.find((arg, index) => !arg.startsWith('-') && argv[index - 1] !== '--app');
  if (first === undefined || COMMAND_NAMES.has(first)) return message;
  return message.startsWith('Did you mean') ? `Unknown command: ${first}. ${message}` : `Unknown command: ${first}`;
}

function usageHint(argv: readonly string[]): string {
  const command = argv.find((arg) => COMMAND_NAMES.has(arg));
  return command === undefined ? `Run 'fw --help' for the commands.` : `Run 'fw ${command} --help' for its flags.`;
}

function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}
