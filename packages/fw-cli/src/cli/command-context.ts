/**
 * What a command handler gets besides its flags: where to print and how to set the exit
 * status. Commands print through it, never to process.stdout directly, so the entry point owns
 * the process.
 */

/** Exit statuses of fw (docs/cli.md, "Exit status"). */
export const EXIT = {
  ok: 0,
  /** A load failure, a bad flag, a missing required key, an invalid document, a failed build. */
  error: 1,
  /** `fw audit --strict` found warnings. */
  auditWarnings: 2,
} as const;

/** `info.version` of an OpenAPI document when none is given (`fw openapi --api-version`, the Swagger UI route's `version`, `fw release`). */
export const DEFAULT_API_VERSION = '0.1.0';

/** The handler side of a command. */
export interface CommandContext {
  /** Writes `text` and a newline to stdout. */
  print(text: string): void;
  /** Writes `fw: warning: <text>` and a newline to stderr. */
  warn(text: string): void;
  /** Writes `fw: <text>` and a newline to stderr: a choice fw made that the command line did not state. */
  note(text: string): void;
  /** The process's exit status once the command ends (default 0). */
  setExitCode(code: number): void;
  /** The environment the app is loaded with (FW_ENV, PORT, ...). */
  readonly env: NodeJS.ProcessEnv;
  /** The directory relative paths on the command line resolve against. */
  readonly cwd: string;
}

/** Flags every command takes. */
export interface CommonArgs {
  /** `--app`: the app directory, relative to the cwd; unset, fw looks for the app from the cwd up. */
  readonly app: string | undefined;
}

/** Flags of the inspection commands. */
export interface InspectArgs extends CommonArgs {
  readonly json: boolean;
}

/** Flags of the inspection commands that print configuration values. */
export interface SecretArgs extends InspectArgs {
  /** `--show-secrets`: print them in clear, not masked. */
  readonly showSecrets: boolean;
}

/** Prints `model` as JSON, or its text. */
export function printModel<T>(context: CommandContext, json: boolean, model: T, render: (model: T) => string): void {
  context.print(json ? JSON.stringify(model, null, 2) : render(model));
}
