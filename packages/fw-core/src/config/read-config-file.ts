/** Reads and parses fw.config.json (and parses the app's package.json), turning I/O and syntax failures into coded errors. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FwError } from '../errors.ts';
import { CONFIG_FILE_NAME, MINIMAL_CONFIG } from './config.ts';

/** The three ways out of a missing file, for the first thing a new user is likely to hit. */
const MISSING_FILE_FIX =
  `create it with at least ${MINIMAL_CONFIG}, name another file with FW_CONFIG, ` +
  'or give the configuration in code: startServer({ app, config: { ... } }) or createListener({ app, config: { ... } }) (docs/applications-reference.md, "Configuration in code")';

/** The parsed JSON of `file` (an absolute path), which FW_CONFIG names as `named` when set. */
export async function readConfigFile(file: string, named?: string): Promise<unknown> {
  const read = await readFile(file, 'utf8').catch((error: unknown) => {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    const fix =
      reason === 'ENOENT'
        ? `; ${MISSING_FILE_FIX}`
        : reason === 'EISDIR'
          ? `: it is a directory; ${named === undefined ? `${CONFIG_FILE_NAME} must be a file` : `name the file itself, FW_CONFIG=${join(named, CONFIG_FILE_NAME)}`}`
          : '';
    const via = named === undefined ? '' : `, named by FW_CONFIG=${named}`;
    throw new FwError('FW_ERR_CONFIG_NOT_FOUND', `Cannot read the configuration file ${file}${via} (${reason})${fix}`, {
      cause: error,
      details: { file },
    });
  });
  // What else a configuration file may be mistaken for: nothing yet, or YAML, which many tools read.
  const hint =
    read.trim() === ''
      ? `; it is empty: give it at least ${MINIMAL_CONFIG}`
      : /\.ya?ml$/i.test(file)
        ? '; fw reads its configuration as JSON, not YAML'
        : '';
  return parseJsonText(read, file, 'FW_ERR_CONFIG_BAD_JSON', hint);
}

/** The value of the JSON `read` from `file`, else the FwError `code` saying where it breaks (and `hint`). */
export function parseJsonText(
  read: string,
  file: string,
  code: 'FW_ERR_CONFIG_BAD_JSON' | 'FW_ERR_APP_BAD_PACKAGE_JSON',
  hint = '',
): unknown {
  // Editors on Windows may save a byte order mark; JSON.parse refuses it, people cannot see it.
  const text = read.startsWith('\uFEFF') ? read.slice(1) : read;
  try {
    return JSON.parse(text);
  } catch (error) {
    // The scanner follows the same grammar, so it finds a problem wherever JSON.parse did.
    const problem = locateJsonError(text) ?? { offset: 0, reason: String(error) };
    const before = text.slice(0, problem.offset);
    const line = before.split('\n').length;
    const column = problem.offset - before.lastIndexOf('\n');
    throw new FwError(
      code,
      `${file} is not valid JSON at line ${line}, column ${column} (position ${problem.offset}): ${problem.reason}${hint}`,
      {
        cause: error,
        details: { file, position: problem.offset, line, column },
      },
    );
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const LITERALS = ['true', 'false', 'null'];
const HEX_DIGITS = /^[0-9a-fA-F]{0,4}/;
const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';
// Thrown by the scanner at the first problem, unwinding its recursion at once.
const STOP = new Error('JSON syntax problem');

/**
 * The first syntax problem in `text` (RFC 8259 grammar), or undefined when it is valid JSON: V8's
 * JSON.parse names no position for an unexpected token, and its wording is not a contract.
 */
function locateJsonError(text: string): { readonly offset: number; readonly reason: string } | undefined {
  let at = 0;
  let problem: { offset: number; reason: string } | undefined;
  const eat = (char: string): boolean => {
    if (text[at] !== char) return false;
    at += 1;
    return true;
  };
  const space = (): void => {
    while (WHITESPACE.has(text[at] ?? '')) at++;
  };
  const stop = (expected: string): never => {
    const char = text[at];
    // Control characters are invisible, so they are shown escaped: "\n".
    const found = char === undefined ? 'the end of the file' : char < ' ' ? JSON.stringify(char) : `'${char}'`;
    problem = { offset: at, reason: `expected ${expected}, found ${found}` };
    throw STOP;
  };
  const digits = (): void => {
    if (!isDigit(text[at])) stop('a digit');
    while (isDigit(text[at])) at++;
  };
  const string = (): void => {
    at++;
    for (;;) {
      const char = text[at];
      if (char === undefined) return stop("a closing '\"'");
      if (char < ' ') stop('an escape sequence for the control character');
      at++;
      if (char === '"') return;
      if (char !== '\\') continue;
      if (ESCAPES.has(text[at] ?? '')) at++;
      else if (!eat('u')) stop("one of \" \\ / b f n r t u after '\\'");
      else {
        const hex = HEX_DIGITS.exec(text.slice(at, at + 4))![0].length;
        at += hex;
        if (hex < 4) stop('a hex digit');
      }
    }
  };
  const sequence = (close: string, item: () => void): void => {
    at++;
    space();
    if (eat(close)) return;
    do {
      item();
      space();
    } while (eat(','));
    if (!eat(close)) stop(`',' or '${close}'`);
  };
  const member = (): void => {
    space();
    if (text[at] !== '"') stop('a double-quoted property name');
    string();
    space();
    if (!eat(':')) stop("':'");
    value();
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') sequence('}', member);
    else if (char === '[') sequence(']', value);
    else if (char === '"') string();
    else if (char === '-' || isDigit(char)) {
      eat('-');
      if (!eat('0')) digits();
      if (eat('.')) digits();
      if (eat('e') || eat('E')) {
        if (!eat('+')) eat('-');
        digits();
      }
    } else {
      const word = LITERALS.find((literal) => literal[0] === char) ?? stop('a value');
      for (const letter of word) if (!eat(letter)) stop(`'${word}'`);
    }
  };
  try {
    value();
    space();
    if (at < text.length) stop('the end of the file');
    return undefined;
  } catch (error) {
    if (error === STOP) return problem;
    // Only nesting deeper than the call stack gets here; the caller falls back to V8's message.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
