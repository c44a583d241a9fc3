/**
 * The request target and the host it names, read once per request for routing, logs and
 * telemetry alike (RFC 9112 §3.2 and §3.2.2). An absolute-form target (`GET http://h/p`, sent
 * to proxies) names its own authority: that authority wins over the Host header, and its
 * userinfo (`user:password@`) is dropped so that it never reaches a log line or a span.
 */
import type { IncomingMessage } from 'node:http';

/** A request target split into what fw routes on. */
export interface RequestTarget {
  /** The path, percent-encoding kept, without query or fragment. */
  readonly path: string;
  /** The query string without `?`; '' when absent. */
  readonly query: string;
  /** The authority of an absolute-form target without its userinfo (`host[:port]`); undefined for origin-form. */
  readonly authority: string | undefined;
}

const ABSOLUTE_FORM = /^https?:\/\//i;

/**
 * Splits `url` (IncomingMessage.url). Undefined for a target fw cannot route: `*`
 * (asterisk-form), authority-form, another scheme, or an absolute URL that does not parse.
 */
export function parseRequestTarget(url: string): RequestTarget | undefined {
  if (url.charCodeAt(0) === 47 /* '/' */) return splitPathAndQuery(url, undefined);
  if (!ABSOLUTE_FORM.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return splitPathAndQuery(parsed.pathname + parsed.search, parsed.host);
}

/**
 * Splits an origin-form target (`/path?query#fragment`) into path and query, dropping the
 * fragment; `authority` is carried into the result as is. The one split of a target into path
 * and query, for fw's pipeline, its telemetry and the tests' requests alike.
 */
export function splitPathAndQuery(target: string, authority?: string): RequestTarget {
  const hash = target.indexOf('#');
  const bare = hash === -1 ? target : target.slice(0, hash);
  const q = bare.indexOf('?');
  return q === -1 ? { path: bare, query: '', authority } : { path: bare.slice(0, q), query: bare.slice(q + 1), authority };
}

/**
 * RFC 3986 §3.2.2 host (IP-literal, IPv4 or reg-name) with an optional port (§3.2.3). An empty
 * Host is valid (RFC 9112 §3.2: a target without authority sends one).
 */
const VALID_HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]*)(?::[0-9]*)?$/;

/** The host a request names, or `invalid` when RFC 9112 §3.2 says to answer 400. */
export type RequestHost = { readonly host: string | undefined } | 'invalid';

/**
 * The host to route `raw` by: the absolute-form target's authority when there is one, else the
 * Host header. More than one Host header, or a Host that is not `host[:port]`, is `invalid`
 * (RFC 9112 §3.2: "MUST respond with a 400"), even when the target's authority would win.
 * node:http keeps only the first of repeated Host headers in `headers`, so `rawHeaders` is read.
 */
export function requestHost(raw: IncomingMessage, target: RequestTarget): RequestHost {
  const host = raw.headers.host;
  if (host !== undefined && !VALID_HOST.test(host)) return 'invalid';
  if (hasRepeatedHeader(raw.rawHeaders, 'host')) return 'invalid';
  return { host: target.authority ?? host };
}

/**
 * Whether the header `name` (lowercase) appears more than once in `rawHeaders`. node:http keeps
 * only the first of a repeated Host or Authorization in `headers`, so only rawHeaders tells.
 */
export function hasRepeatedHeader(rawHeaders: readonly string[], name: string): boolean {
  let seen = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const field = rawHeaders[i] as string;
    if (field.length === name.length && field.toLowerCase() === name) {
      if (seen) return true;
      seen = true;
    }
  }
  return false;
}
