/** Reads and parses fw.config.json, turning I/O and syntax failures into coded errors. */
import { readFile } from 'node:fs/promises';
import { FwError } from '../errors.ts';
import { lineAndColumn, locateJsonError } from './locate-json-error.ts';

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
