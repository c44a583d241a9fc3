/** Why importing the app module failed, as a coded error: not there, a package not installed, or there but failing to load. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FwError } from '../errors.ts';

/** The FwError for `error`, thrown importing the app module `file`; `named` says where package.json names it. */
export function importFailure(error: unknown, file: string, named: string): FwError {
  // fw's own coded error, thrown by a call the module makes as it loads (bearerAuth({}) at its top level), names the slip itself.
  if (error instanceof FwError) return error;
  const { name, message, stack } =
    error instanceof Error ? error : { name: 'Error', message: String(error), stack: undefined };
  if (!existsSync(file))
    return new FwError('FW_ERR_APP_NOT_FOUND', `cannot import ${named}: ${message}`, { cause: error });
  // A package it imports that nobody installed (fw-core/otel's peers, a store's driver): the app is there, the fix is an install.
  const absent =
    (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND'
      ? /^Cannot find package '([^']+)'/.exec(message)?.[1]
      : undefined;
  if (absent !== undefined) {
    const install = absent.startsWith('@opentelemetry/')
      ? "fw-core/otel's OpenTelemetry peers: the npm install line of docs/telemetry.md"
      : absent;
    return new FwError('FW_ERR_APP_BAD_MODULE', `cannot import ${named}: ${message}; to fix, npm install ${install}`, {
      cause: error,
    });
  }
  // Node prints an ES module's syntax error with its place (`node --check` too, running nothing) but keeps the place out of the error.
  const check = (): string =>
    spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 10_000 }).stderr ?? '';
  const at =
    name !== 'SyntaxError' ? thrownAt(stack) : (syntaxErrorAt(stack, message) ?? syntaxErrorAt(check(), message));
  // `node --check` finds a syntax error in the module itself (not in a TypeScript one: it strips no types there), so with none it is in an import.
  const nested =
    name === 'SyntaxError' && !/\.[cm]?ts$/.test(file) ? ' (in a module it imports, which Node does not name)' : '';
  return new FwError(
    'FW_ERR_APP_LOAD_FAILED',
    `${named}, was found but failed to load: ${name}: ${message}${at === undefined ? nested : ` (at ${at})`}`,
    { cause: error, details: { file, at } },
  );
}

/** `file:line:column` from Node's print of a syntax error (atop the stack of a CommonJS or TypeScript module's): `file:line`, the line, a caret under the column. */
function syntaxErrorAt(print: string | undefined, message: string): string | undefined {
  const lines = print?.split('\n') ?? [];
  const [place, caret] = [/^(\S+)(:\d+)$/.exec(lines[0] ?? ''), lines.find((line) => /^\s*\^+\s*$/.test(line))];
  // The print must be of this error: the module may be fine and the syntax error in one it imports.
  if (place === null || caret === undefined || !print!.includes(message)) return undefined;
  return `${pathOf(place[1]!)}${place[2]}:${caret.indexOf('^') + 1}`;
}

/** Where an error thrown while the module ran comes from: the first frame of its stack outside Node's own modules. */
function thrownAt(stack: string | undefined): string | undefined {
  const frame = stack
    ?.split('\n')
    .map((line) => /^\s+at (?:.*\()?(.+?)(:\d+:\d+)\)?$/.exec(line))
    .find((at) => at != null && !at[1]!.startsWith('node:'));
  return frame == null ? undefined : `${pathOf(frame[1]!)}${frame[2]}`;
}

const pathOf = (place: string): string => (place.startsWith('file:') ? fileURLToPath(place) : place);
