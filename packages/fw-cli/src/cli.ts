/**
 * The `fw` command line: the commands of src/commands/ on yargs, strict about unknown commands
 * and flags. `main` returns the exit status; it never exits the process itself.
 */
import { readFileSync } from 'node:fs';
import { closestKey } from 'fw-core/inspect';
import yargs, { type Argv } from 'yargs';
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

const COMMANDS: readonly FwCommand<any>[] = [
  configCommand,
  middlewareCommand,
  routesCommand,
  auditCommand,
  openapiCommand,
  releaseCommand,
];

/** Where `main` reads and writes; the process by default. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}

// Bound before any command runs: appOutputOnStderr swaps process.stdout.write while one does.
const writeStdout = process.stdout.write.bind(process.stdout);

const processIo: CliIo = {
  stdout: (text) => writeStdout(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: invocationDir(),
};

// `npx fw` runs in the nearest package's directory, not where it was typed; npm keeps that in
// INIT_CWD. Only trusted when npm's exec started us: under another npm script it is stale.
function invocationDir(): string {
  const { INIT_CWD, npm_command } = process.env;
  return npm_command === 'exec' && INIT_CWD !== undefined && INIT_CWD !== '' ? INIT_CWD : process.cwd();
}

/** Runs `fw <argv>`; resolves to the exit status. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const context: CommandContext = {
    print: (text) => io.stdout(`${text}\n`),
    warn: (text) => io.stderr(`fw: warning: ${text}\n`),
    note: (text) => io.stderr(`fw: ${text}\n`),
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

/** The long flags a yargs instance declares (`types`, `api-version`), without aliases' camel-case copies, and which of them are switches. */
function longFlags(built: Argv): { all: string[]; switches: string[] } {
  const { key, boolean } = (
    built as unknown as { getOptions(): { key: Record<string, unknown>; boolean: string[] } }
  ).getOptions();
  const all = Object.keys(key).filter((name) => name.length > 1 && name === name.toLowerCase());
  return { all, switches: all.filter((name) => boolean.includes(name)) };
}

// yargs reads a switch given any value but `true` as false: `fw audit --strict=1` (or `=yes`) ran without --strict, and CI passed.
function checkSwitchValues(argv: readonly string[], switches: readonly string[]): void {
  for (const arg of argv) {
    const given = /^--(?:no-)?([^=]+)=(.*)$/.exec(arg);
    if (given !== null && switches.includes(given[1]!) && given[2] !== 'true' && given[2] !== 'false') {
      throw new CliError(
        'FW_CLI_ERR_USAGE',
        `${arg}: --${given[1]} is a switch; give it alone (--${given[1]}), or =true or =false`,
      );
    }
  }
}

function createParser(argv: readonly string[], context: CommandContext) {
  // The flags of the command the arguments run (its builder runs only for it), for "did you mean" on a mistyped one.
  let flags: readonly string[] = [];
  let switches: readonly string[] = [];
  let parser = yargs([...argv])
    .scriptName('fw')
    .usage(
      'Usage: $0 <command> [options]\n\nInspect, document and release the fw application in the current directory or the nearest one above it (or --app DIR).',
    )
    .option('app', {
      type: 'string',
      requiresArg: true,
      defaultDescription: 'the current directory, or the nearest above it holding the app',
      describe: 'The app directory: where fw.config.json and package.json are',
      global: true,
    });
  for (const command of COMMANDS) {
    parser = parser.command(
      command.command,
      command.describe,
      (y) => {
        const built = command.builder(y);
        ({ all: flags, switches } = longFlags(built));
        return built;
      },
      (args) => {
        checkSwitchValues(argv, switches);
        return appOutputOnStderr(() => command.run(args, context));
      },
    );
  }
  return parser
    .demandCommand(1, NO_COMMAND)
    .strict()
    .recommendCommands()
    .help()
    .alias('help', 'h')
    .version(cliVersion())
    .wrap(process.stdout.isTTY ? Math.min(100, process.stdout.columns) : null)
    .exitProcess(false)
    .fail((message, error) => {
      // yargs hands its own parse errors (YError, e.g. a flag without its value) over as `error`.
      if (error !== undefined && error !== null && error.name !== 'YError') throw error;
      throw new CliError(
        'FW_CLI_ERR_USAGE',
        usageMessage(argv, message ?? error?.message ?? 'bad command line', flags),
      );
    });
}

/**
 * Runs a command with what the app's own modules print on stdout while fw loads them (a
 * console.log at import or in routes()) sent to stderr: stdout is the command's output, and
 * `--json` must stay JSON. fw prints through CliIo, which writes with the stream's own write.
 */
async function appOutputOnStderr(run: () => Promise<void>): Promise<void> {
  const write = process.stdout.write;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof write;
  try {
    await run();
  } finally {
    process.stdout.write = write;
  }
}

const COMMAND_NAMES = new Set(COMMANDS.map((command) => command.command));
// Flags other tools have for what fw reads from the environment, as the server does (docs/cli.md, "What fw checks").
const BY_VARIABLE: Readonly<Record<string, string>> = {
  '--env': 'FW_ENV=prod fw ...',
  '--environment': 'FW_ENV=prod fw ...',
  '--config': 'FW_CONFIG=<file> fw ..., relative to the app directory',
};
const NO_COMMAND = 'name a command: config, middleware, routes, audit, openapi or release';

// yargs says "Unknown argument: x" or "Did you mean y?" for a mistyped command: name it.
// For a flag it says "Unknown argument: bogus": name it as typed, `--bogus`, with the command's flag it is closest to.
function usageMessage(argv: readonly string[], message: string, known: readonly string[]): string {
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  const unknownNames = unknown?.[1]!.split(', ') ?? [];
  // The first word that is no flag is the command, unless yargs names only flags (`--ap . routes`: the unknown is --ap).
  const first = argv.find((arg, index) => !arg.startsWith('-') && argv[index - 1] !== '--app');
  if (first !== undefined && !COMMAND_NAMES.has(first) && (unknown === null || unknownNames.includes(first))) {
    return message.startsWith('Did you mean') ? `Unknown command: ${first}. ${message}` : `Unknown command: ${first}`;
  }
  // An unknown flag before the command takes the command as its value (`fw -x routes`): yargs then finds no command.
  const command = argv.findIndex((arg) => COMMAND_NAMES.has(arg));
  const taker = argv[command - 1];
  if (message === NO_COMMAND && taker?.startsWith('-') === true && taker !== '--app') return `Unknown flag: ${taker}`;
  const missing = /^Not enough arguments following: (.+)$/.exec(message);
  if (missing !== null) return `${missing[1]!.length === 1 ? '-' : '--'}${missing[1]} needs a value`;
  if (unknown === null) return message;
  // yargs names a dashed flag twice, as typed and camel-cased (api-verison, apiVerison): once is enough.
  const camel = new Set(
    unknownNames
      .filter((name) => name.includes('-'))
      .map((name) => name.replace(/-+([^-])/g, (_, letter: string) => letter.toUpperCase())),
  );
  const names = unknownNames
    .filter((name) => !camel.has(name))
    .map(
      (name) =>
        argv.find((arg) => arg.replace(/^-+/, '').split('=')[0] === name && arg.startsWith('-'))?.split('=')[0] ?? name,
    );
  const flags = names.filter((name) => name.startsWith('-'));
  const others = names.filter((name) => !name.startsWith('-'));
  const parts = [];
  const meant = (flag: string): string => {
    const variable = BY_VARIABLE[flag];
    if (variable !== undefined) return `${flag} (fw takes it from the environment: ${variable})`;
    const close = flag.startsWith('--') ? closestKey(flag.slice(2), known) : undefined;
    return close === undefined ? flag : `${flag} (did you mean --${close}?)`;
  };
  if (flags.length > 0) parts.push(`Unknown flag${flags.length > 1 ? 's' : ''}: ${flags.map(meant).join(', ')}`);
  if (others.length > 0) parts.push(`Unexpected argument${others.length > 1 ? 's' : ''}: ${others.join(', ')}`);
  return parts.join('; ');
}

function usageHint(argv: readonly string[]): string {
  const command = argv.find((arg) => COMMAND_NAMES.has(arg));
  return command === undefined ? `Run 'fw --help' for the commands.` : `Run 'fw ${command} --help' for its flags.`;
}

function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}
