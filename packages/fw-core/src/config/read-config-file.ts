/** Reads and parses fw.config.json, turning I/O and syntax failures into coded errors. */
import { readFile } from 'node:fs/promises';
import { FwError } from '../errors.ts';

const BYTE_ORDER_MARK = '\uFEFF';

/** The three ways out of a missing file, for the first thing a new user is likely to hit. */
const MISSING_FILE_FIX =
  'create it with at least {"fw": {"bootstrap_application": "<your app\'s name>"}}, name another file with FW_CONFIG, ' +
  'or give the configuration in code: startServer({ app, config: { ... } }) or createListener({ app, config: { ... } }) (docs/applications.md)';

/** The parsed JSON of `file` (an absolute path). */
export async function readConfigFile(file: string): Promise<unknown> {
  const text = await readText(file);
  // Editors on Windows may save a byte order mark; JSON.parse refuses it, people cannot see it.
  return parseJson(text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text, file);
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    const fix = reason === 'ENOENT' ? `; ${MISSING_FILE_FIX}` : '';
    throw new FwError('FW_ERR_CONFIG_NOT_FOUND', `Cannot read the configuration file ${file} (${reason})${fix}`, {
      cause: error,
      details: { file },
    });
  }
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // The scanner follows the same grammar, so it finds a problem wherever JSON.parse did.
    const problem = locateJsonError(text) ?? { offset: 0, reason: String(error) };
    const { line, column } = lineAndColumn(text, problem.offset);
    const where = `line ${line}, column ${column} (position ${problem.offset})`;
    throw new FwError('FW_ERR_CONFIG_BAD_JSON', `${file} is not valid JSON at ${where}: ${problem.reason}`, {
      cause: error,
      details: { file, position: problem.offset, line, column },
    });
  }
}

// Finds where JSON text stops being valid (RFC 8259 grammar) and what was expected there.
// V8's JSON.parse names no position for an unexpected token ("Unexpected token ']', ... is not
// valid JSON") and its wording is not a contract, so fw scans the text itself.

/** Where the text stops being JSON: offset, and `expected X, found Y`. */
interface JsonSyntaxProblem {
  readonly offset: number;
  readonly reason: string;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const LITERALS = ['true', 'false', 'null'];
const HEX_DIGIT = /^[0-9a-fA-F]$/;

/** The first syntax problem in `text`, or undefined when it is valid JSON. */
function locateJsonError(text: string): JsonSyntaxProblem | undefined {
  try {
    new JsonScanner(text).document();
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxStop) return { offset: error.offset, reason: error.reason };
    // Only nesting deeper than the call stack gets here; the caller falls back to V8's message.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** The 1-based line and column of `offset` in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

class SyntaxStop {
  readonly offset: number;
  readonly reason: string;
  constructor(offset: number, reason: string) {
    this.offset = offset;
    this.reason = reason;
  }
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

// Control characters are invisible, so they are shown escaped: "\n".
function quoteChar(char: string): string {
  return char < ' ' ? JSON.stringify(char) : `'${char}'`;
}

class JsonScanner {
  readonly #text: string;
  #at = 0;

  constructor(text: string) {
    this.#text = text;
  }

  document(): void {
    this.#value();
    this.#skipWhitespace();
    if (this.#at < this.#text.length) this.#stop('the end of the file');
  }

  #value(): void {
    this.#skipWhitespace();
    const char = this.#peek();
    if (char === '{') this.#object();
    else if (char === '[') this.#array();
    else if (char === '"') this.#string();
    else if (char === '-' || isDigit(char)) this.#number();
    else this.#literal();
  }

  #object(): void {
    this.#at++;
    this.#skipWhitespace();
    if (this.#eat('}')) return;
    do {
      this.#skipWhitespace();
      if (this.#peek() !== '"') this.#stop('a double-quoted property name');
      this.#string();
      this.#skipWhitespace();
      this.#expect(':');
      this.#value();
      this.#skipWhitespace();
    } while (this.#eat(','));
    if (!this.#eat('}')) this.#stop("',' or '}'");
  }

  #array(): void {
    this.#at++;
    this.#skipWhitespace();
    if (this.#eat(']')) return;
    do {
      this.#value();
      this.#skipWhitespace();
    } while (this.#eat(','));
    if (!this.#eat(']')) this.#stop("',' or ']'");
  }

  #string(): void {
    this.#at++;
    for (;;) {
      const char = this.#peek();
      if (char === undefined) this.#stop('a closing \'"\'');
      if (char < ' ') this.#stop('an escape sequence for the control character');
      this.#at++;
      if (char === '"') return;
      if (char === '\\') this.#escape();
    }
  }

  #escape(): void {
    const char = this.#peek();
    if (char !== undefined && ESCAPES.has(char)) {
      this.#at++;
      return;
    }
    if (char !== 'u') this.#stop("one of \" \\ / b f n r t u after '\\'");
    this.#at++;
    for (let digit = 0; digit < 4; digit++) {
      if (!HEX_DIGIT.test(this.#peek() ?? '')) this.#stop('a hex digit');
      this.#at++;
    }
  }

  #number(): void {
    this.#eat('-');
    if (!this.#eat('0')) this.#digits();
    if (this.#eat('.')) this.#digits();
    if (this.#eat('e') || this.#eat('E')) {
      if (!this.#eat('+')) this.#eat('-');
      this.#digits();
    }
  }

  #digits(): void {
    if (!isDigit(this.#peek())) this.#stop('a digit');
    while (isDigit(this.#peek())) this.#at++;
  }

  #literal(): void {
    const word = LITERALS.find((literal) => literal[0] === this.#peek());
    if (word === undefined) this.#stop('a value');
    for (const char of word) {
      if (!this.#eat(char)) this.#stop(`'${word}'`);
    }
  }

  #skipWhitespace(): void {
    while (WHITESPACE.has(this.#peek() ?? '')) this.#at++;
  }

  #peek(): string | undefined {
    return this.#text[this.#at];
  }

  #eat(char: string): boolean {
    if (this.#peek() !== char) return false;
    this.#at++;
    return true;
  }

  #expect(char: string): void {
    if (!this.#eat(char)) this.#stop(`'${char}'`);
  }

  #stop(expected: string): never {
    const char = this.#peek();
    const found = char === undefined ? 'the end of the file' : quoteChar(char);
    throw new SyntaxStop(this.#at, `expected ${expected}, found ${found}`);
  }
}
