/** `fw openapi`: the OpenAPI 3.0.3 document of the app's routes and schemas, swagger.html, and with --types its TypeScript types. */
import { resolve } from 'node:path';
import { DEFAULT_API_VERSION, type CommonArgs } from '../cli/command-context.ts';
import { displayPath } from '../cli/display-path.ts';
import type { FwCommand } from '../cli/fw-command.ts';
import { CliError } from '../errors.ts';

/** Flags of `fw openapi`. */
export interface OpenapiArgs extends CommonArgs {
  readonly output: string;
  readonly title: string | undefined;
  readonly apiVersion: string;
  readonly offline: boolean;
  readonly ui: boolean;
  readonly types: string | undefined;
}

/** The openapi command. */
export const openapiCommand: FwCommand<OpenapiArgs> = {
  command: 'openapi',
  describe: 'Write the OpenAPI 3.0.3 document of the routes and priv/schemas, and swagger.html beside it',
  builder: (yargs) =>
    yargs
      .option('output', {
        alias: 'o',
        type: 'string',
        requiresArg: true,
        default: 'openapi.json',
        describe: 'The spec file to write, relative to the current directory; swagger.html goes beside it',
      })
      .option('title', {
        type: 'string',
        requiresArg: true,
        defaultDescription: 'the application name',
        describe: 'info.title of the document',
      })
      .option('api-version', {
        type: 'string',
        requiresArg: true,
        default: DEFAULT_API_VERSION,
        describe: 'info.version of the document',
      })
      .option('offline', {
        type: 'boolean',
        default: false,
        describe: 'Copy the Swagger UI assets beside swagger.html instead of loading them from a CDN',
      })
      .option('ui', {
        type: 'boolean',
        default: true,
        describe: 'Write swagger.html beside the document (--no-ui: the document, and --types, only)',
      })
      .option('types', {
        type: 'string',
        requiresArg: true,
        describe:
          "Also write the document's TypeScript types (paths, components, operations) for openapi-fetch to this file",
      }),
  async run(args, context) {
    // An empty value is an unset variable (`--api-version "$VERSION"`), not a choice: an empty info.title or info.version names nothing.
    const empty = [
      ['--output', args.output, 'the file'],
      ['--types', args.types, 'the file'],
      ['--title', args.title, 'the info.title'],
      ['--api-version', args.apiVersion, 'the info.version'],
    ] as const;
    for (const [flag, value, what] of empty) {
      if (value === '') throw new CliError('FW_CLI_ERR_USAGE', `${flag} is empty; give ${what} to write`);
    }
    if (args.offline && !args.ui)
      throw new CliError(
        'FW_CLI_ERR_USAGE',
        '--offline copies the Swagger UI assets beside swagger.html, which --no-ui does not write: give one of them',
      );
    // Loaded here, not at the top: `fw --help` and the other commands need none of it.
    const [{ loadApp }, { writeOpenapi }] = await Promise.all([
      import('../cli/load-app.ts'),
      import('../openapi/write-openapi.ts'),
    ]);
    const loaded = await loadApp(context, args);
    const result = await writeOpenapi({
      loaded,
      output: resolve(context.cwd, args.output),
      title: args.title ?? loaded.config.fw.bootstrap_application,
      version: args.apiVersion,
      offline: args.offline,
      ui: args.ui,
      types: args.types === undefined ? undefined : resolve(context.cwd, args.types),
    });
    for (const note of result.notes) context.warn(note);
    for (const file of result.files) context.print(`${file.what} written to ${displayPath(context.cwd, file.path)}`);
  },
};
