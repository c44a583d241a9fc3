/**
 * Validates a static route's options once, at start-up, and turns them into what the handler
 * uses per request (a content-type lookup, a ready cache-control value). Every mistake names the
 * key and the fix (FW_ERR_ROUTE_BAD_OPTIONS, the registry's code for route options).
 */
import { FwError } from '../errors.ts';
import { createContentTypeLookup, type ContentTypeLookup } from '../http/mime-types.ts';
import { isSafeSegment } from './resolve-static-path.ts';

/** Options after validation, with defaults applied. */
export interface ResolvedStaticOptions {
  readonly indexFiles: readonly string[];
  readonly listDir: boolean;
  readonly contentType: ContentTypeLookup;
  /** The `cache-control` value sent with files. */
  readonly cacheControl: string;
}

/** The defaults, as docs/static-files.md lists them. */
export const STATIC_OPTION_DEFAULTS = Object.freeze({
  index_files: Object.freeze(['index.html']),
  list_dir: false,
  mimetype: Object.freeze({}),
  max_age: 0,
});

const KEYS = Object.keys(STATIC_OPTION_DEFAULTS);
// A media type as RFC 9110 §8.3.1 spells it, parameters allowed; no control characters.
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;[\x20-\x7e]*)?$/;

/** Checks `options` (undefined means all defaults); `where` names the route in messages. */
export function resolveStaticOptions(options: unknown, where: string): ResolvedStaticOptions {
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw bad(where, 'options must be an object like {index_files: ["index.html"], list_dir: false}');
  }
  for (const key of Object.keys(options)) {
    if (!KEYS.includes(key)) throw bad(where, `unknown static option ${key}; static options are ${KEYS.join(', ')}`);
  }
  const given = { ...STATIC_OPTION_DEFAULTS, ...(options as Record<string, unknown>) };
  return {
    indexFiles: checkIndexFiles(given.index_files, where),
    listDir: checkBoolean(given.list_dir, where),
    contentType: createContentTypeLookup(checkMimetype(given.mimetype, where)),
    cacheControl: `public, max-age=${checkMaxAge(given.max_age, where)}`,
  };
}

function checkIndexFiles(value: unknown, where: string): readonly string[] {
  if (!Array.isArray(value)) throw bad(where, 'index_files must be a list of file names like ["index.html"]');
  for (const name of value) {
    // An index name is looked up inside the requested directory, so it obeys the request rules.
    if (typeof name !== 'string' || !isSafeSegment(name)) {
      throw bad(where, `index_files entry ${JSON.stringify(name)} must be a plain file name (no '/', '\\', leading '.' or NUL)`);
    }
  }
  return Object.freeze([...(value as string[])]);
}

function checkBoolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw bad(where, 'list_dir must be true or false');
  return value;
}

function checkMimetype(value: unknown, where: string): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw bad(where, 'mimetype must be an object like {md: "text/markdown; charset=utf-8"}');
  }
  const table: Record<string, string> = {};
  for (const [extension, type] of Object.entries(value)) {
    if (extension === '' || extension.startsWith('.') || /[/\\\0]/.test(extension)) {
      throw bad(where, `mimetype key ${JSON.stringify(extension)} must be an extension without the dot, like "md"`);
    }
    if (typeof type !== 'string' || !MEDIA_TYPE.test(type)) {
      throw bad(where, `mimetype.${extension} must be a content type like "text/markdown; charset=utf-8"`);
    }
    table[extension.toLowerCase()] = type;
  }
  return table;
}

function checkMaxAge(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw bad(where, 'max_age must be a whole number of seconds, 0 or more');
  }
  return value;
}

function bad(where: string, message: string): FwError {
  return new FwError('FW_ERR_ROUTE_BAD_OPTIONS', `${where}: ${message}`);
}
