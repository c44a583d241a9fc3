/**
 * Content types by file extension. The built-in table covers what web pages usually load; text
 * types carry `charset=utf-8` so browsers never guess. A route's `mimetype` option is merged over
 * it once, at start-up.
 */
import { extname } from 'node:path';

const UTF8 = '; charset=utf-8';

/** The built-in table: lowercase extension without the dot → content type. */
export const MIME_TYPES: ReadonlyMap<string, string> = new Map([
  ['html', `text/html${UTF8}`],
  ['htm', `text/html${UTF8}`],
  ['css', `text/css${UTF8}`],
  // RFC 9239: text/javascript is the one JavaScript type, for classic scripts and modules alike.
  ['js', `text/javascript${UTF8}`],
  ['mjs', `text/javascript${UTF8}`],
  ['cjs', `text/javascript${UTF8}`],
  ['json', `application/json${UTF8}`],
  ['map', `application/json${UTF8}`],
  ['webmanifest', `application/manifest+json${UTF8}`],
  ['txt', `text/plain${UTF8}`],
  ['csv', `text/csv${UTF8}`],
  ['md', `text/markdown${UTF8}`],
  ['xml', `application/xml${UTF8}`],
  ['svg', `image/svg+xml${UTF8}`],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
  ['ico', 'image/x-icon'],
  ['pdf', 'application/pdf'],
  ['wasm', 'application/wasm'],
  ['zip', 'application/zip'],
  ['woff', 'font/woff'],
  ['woff2', 'font/woff2'],
  ['ttf', 'font/ttf'],
  ['otf', 'font/otf'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['mp3', 'audio/mpeg'],
  ['ogg', 'audio/ogg'],
  ['wav', 'audio/wav'],
]);

/** What a file of unknown extension is sent as. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Maps a file path to the content type to send. */
export type ContentTypeLookup = (path: string) => string;

/** A lookup over the built-in table with `overrides` (lowercase extension → type) on top. */
export function createContentTypeLookup(overrides: Readonly<Record<string, string>>): ContentTypeLookup {
  const entries = Object.entries(overrides);
  if (entries.length === 0) return contentTypeFor;
  const table = new Map([...MIME_TYPES, ...entries]);
  return (path) => table.get(extensionOf(path)) ?? DEFAULT_CONTENT_TYPE;
}

/** The built-in content type for `path`, `application/octet-stream` when its extension is unknown. */
export function contentTypeFor(path: string): string {
  return MIME_TYPES.get(extensionOf(path)) ?? DEFAULT_CONTENT_TYPE;
}

function extensionOf(path: string): string {
  return extname(path).slice(1).toLowerCase();
}
