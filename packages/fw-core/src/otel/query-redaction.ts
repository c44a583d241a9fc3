/**
 * Which `url.query` values a span may carry. Semconv
 * (https://opentelemetry.io/docs/specs/semconv/attributes-registry/url/) says `AWSAccessKeyId`,
 * `Signature`, `sig` and `X-Goog-Signature` SHOULD be `REDACTED`; fw also redacts parameters that
 * commonly carry credentials, since spans are kept by people who must not replay a token. A
 * deployment adds names, never removes the defaults; names match case-insensitively, percent-decoded.
 */

/** What replaces a redacted value (the semantic conventions' word). */
export const REDACTED = 'REDACTED';

/** The names redacted by default; docs/telemetry.md lists why each is there. */
export const DEFAULT_REDACTED_QUERY_PARAMETERS: readonly string[] = Object.freeze([
  // Named by the semantic conventions: AWS signature v2, Azure SAS, Google signed URLs.
  'AWSAccessKeyId', 'Signature', 'sig', 'X-Goog-Signature',
  // AWS signature v4 presigned URLs (the v2 names above are their predecessors).
  'X-Amz-Credential', 'X-Amz-Security-Token', 'X-Amz-Signature',
  // OAuth 2.0 (RFC 6749 §4.1.2 code, §5.1 tokens, §2.3.1 client_secret) and OpenID Connect.
  'access_token', 'refresh_token', 'id_token', 'code', 'client_secret',
  // Generic bearer tokens, API keys (Google APIs take `key`) and passwords.
  'token', 'api_key', 'apikey', 'key', 'password',
]);

/** A compiled set of names: lowercase, built once at setup. */
export interface QueryRedaction {
  readonly names: ReadonlySet<string>;
  /** The longest name, so that longer keys are skipped without lowercasing them. */
  readonly longest: number;
}

/** Compiles the defaults plus `extra` names (blank ones ignored). */
export function compileQueryRedaction(extra: readonly string[] = []): QueryRedaction {
  const names = new Set<string>();
  for (const name of [...DEFAULT_REDACTED_QUERY_PARAMETERS, ...extra]) {
    const trimmed = name.trim();
    if (trimmed !== '') names.add(trimmed.toLowerCase());
  }
  let longest = 0;
  for (const name of names) longest = Math.max(longest, name.length);
  return { names, longest };
}

/**
 * `query` (no `?`) with the value of every listed parameter replaced by REDACTED, everything
 * else byte for byte as sent. It runs for every request that has a query, so it builds a new
 * string only when a name matches, and lowercases only keys short enough to be a name.
 */
export function redactQuery(query: string, redaction: QueryRedaction): string {
  let out: string | undefined;
  let copied = 0;
  let start = 0;
  while (start < query.length) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const eq = query.indexOf('=', start);
    if (eq !== -1 && eq < end && isRedacted(query, start, eq, redaction)) {
      out = (out ?? '') + query.slice(copied, eq + 1) + REDACTED;
      copied = end;
    }
    start = end + 1;
  }
  return out === undefined ? query : out + query.slice(copied);
}

function isRedacted(query: string, start: number, end: number, redaction: QueryRedaction): boolean {
  const length = end - start;
  if (length === 0) return false;
  const raw = query.slice(start, end);
  if (raw.indexOf('%') === -1) return length <= redaction.longest && redaction.names.has(raw.toLowerCase());
  // A percent-encoded key (`access%5Ftoken`) names the same parameter as the plain one.
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return false;
  }
  return redaction.names.has(decoded.toLowerCase());
}
