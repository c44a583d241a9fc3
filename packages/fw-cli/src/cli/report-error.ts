/**
 * The one line a failed command prints on stderr: `fw: <code>: <message>` for coded errors
 * (fw-core's FwError, fw-cli's CliError), `fw: <message>` otherwise. Never a stack trace: every
 * expected failure is coded, and its message names the fix.
 */

/** The stderr text of `error`, without a trailing newline. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && code !== '' ? `fw: ${code}: ${error.message}` : `fw: ${error.message}`;
  }
  return `fw: ${String(error)}`;
}
