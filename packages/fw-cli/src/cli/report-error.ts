/**
 * The one line a failed command prints on stderr: `fw: <code>: <message>` for coded errors
 * (fw-core's FwError, fw-cli's CliError), `fw: <message>` otherwise. Never a stack trace: every
 * expected failure is coded, and its message names the fix; an uncoded one (from the app's own
 * code) is followed by where it was thrown.
 */
import { fileURLToPath } from 'node:url';
import { CliError } from '../errors.ts';

/** The stderr text of `error`, without a trailing newline. */
export function describeError(error: unknown): string {
  // A message quoting the app's text (a route path with a newline or an ANSI escape) stays one line, and colours nothing;
  // a tool's own output (a failed build's) follows it as the tool wrote it.
  const output = error instanceof CliError && error.output !== undefined ? `:\n${error.output}` : '';
  return `fw: ${errorText(error).replace(/[\u0000-\u001f\u007f-\u009f]/g, (character) => JSON.stringify(character).slice(1, -1))}${output}`;
}

/** `<code>: <message>` of a coded error, the message of another, the text of anything else. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code !== '') return `${code}: ${error.message}`;
  const at = whereThrown(error);
  return at === undefined ? error.message : `${error.message} (at ${at})`;
}

/**
 * Where an uncoded error was thrown: the first frame of its stack outside Node's own modules, as
 * a path (`/app/src/router.ts:12:5`). Such an error comes from the app's code (its routes()
 * throwing a TypeError), and a message alone ("Cannot read properties of undefined") names no file.
 */
function whereThrown(error: Error): string | undefined {
  for (const line of error.stack?.split('\n').slice(1) ?? []) {
    const frame = /^\s+at (?:.*\()?(.+?:\d+:\d+)\)?$/.exec(line)?.[1];
    if (frame === undefined || frame.startsWith('node:')) continue;
    const [, file, position] = /^(.*)(:\d+:\d+)$/.exec(frame)!;
    return `${file!.startsWith('file:') ? fileURLToPath(file!) : file}${position}`;
  }
  return undefined;
}
