/**
 * Percent-decoding of path segments, once, segment by segment: the path is split on raw '/'
 * first, so `%2F` never splits a segment (RFC 3986 section 2.2: a percent-encoded reserved
 * character is data, not a delimiter).
 *
 * Both route templates and request paths are brought to one "canonical" form: every segment
 * decoded, then only '%' and '/' escaped again (as `%25` and `%2F`). Two spellings of one
 * segment (`posts`, `p%6Fsts`) then have one canonical text, segments still split on '/', and a
 * captured value needs decoding only when its canonical text holds a '%'.
 */

/** The canonical text of one raw segment, or undefined when a percent-escape is malformed. */
export function canonicalSegment(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // URIError: `%zz`, a lone `%`, or a truncated UTF-8 sequence such as `%E0%A4`.
    return undefined;
  }
  return decoded.replaceAll('%', '%25').replaceAll('/', '%2F');
}

/**
 * The canonical form of a raw request path (already cut before any `?` or `#`), or undefined
 * when one of its segments has a malformed percent-escape: such a path can match no route.
 */
export function canonicalPath(path: string): string | undefined {
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const canonical = canonicalSegment(segments[i] as string);
    if (canonical === undefined) return undefined;
    segments[i] = canonical;
  }
  return segments.join('/');
}
