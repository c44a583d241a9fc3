/**
 * The one line a failed command prints on stderr: `fw: <code>: <message>` for coded errors
 * (fw-core's FwError, fw-cli's CliError), `fw: <message>` otherwise. Never a stack trace: every
 * expected failure is coded, and its message names the fix.
 */

/** The stderr text of `error`, without a trailing newline. */
export function describeError(error: unknown): string {
  return `fw: ${errorText(error)}`;
}

/** `<code>: <message>` of a coded error, the message of another, the text of anything else. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code !== '' ? `${code}: ${error.message}` : error.message;
}
