/**
 * Parsing a Content-Type header (RFC 9110 §8.3.1: `type "/" subtype *( OWS ";" OWS parameter )`).
 * Only the part before the first `;` is the media type, so a parameter that merely mentions
 * one (`text/plain; content-type="application/json"`) never changes what the body is.
 */

/** A parsed Content-Type: lowercased media type and the charset parameter, if any. */
export interface ContentType {
  /** `type/subtype`, lowercased, e.g. `application/json`. */
  readonly mediaType: string;
  /** The `charset` parameter, lowercased and unquoted; undefined when absent. */
  readonly charset: string | undefined;
}

const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;
const PARAMETER = /[ \t]*;[ \t]*([!#$%&'*+.^_`|~0-9A-Za-z-]+)=("(?:[^"\\]|\\.)*"|[!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*/y;

/** Parses `header`; undefined when it is absent or its media type is not `type/subtype`. */
export function parseContentType(header: string | undefined): ContentType | undefined {
  if (header === undefined) return undefined;
  const semicolon = header.indexOf(';');
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (!MEDIA_TYPE.test(mediaType)) return undefined;
  return { mediaType, charset: semicolon === -1 ? undefined : charsetOf(header, semicolon) };
}

/** True for `application/json` and every `+json` structured-syntax type (RFC 6839 §3.1). */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** True for UTF-8 under its WHATWG Encoding labels (`utf-8`, `utf8`, `unicode-1-1-utf-8`...). */
export function isUtf8Charset(charset: string): boolean {
  return charset === 'utf-8' || charset === 'utf8' || charset === 'unicode-1-1-utf-8' ||
    charset === 'unicode11utf8' || charset === 'unicode20utf8' || charset === 'x-unicode20utf8';
}

/** The first `charset` parameter; parsing stops quietly at the first malformed parameter. */
function charsetOf(header: string, from: number): string | undefined {
  PARAMETER.lastIndex = from;
  for (let match = PARAMETER.exec(header); match !== null; match = PARAMETER.exec(header)) {
    if (match[1]?.toLowerCase() !== 'charset') continue;
    const value = match[2] ?? '';
    const unquoted = value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
    return unquoted.toLowerCase();
  }
  return undefined;
}
