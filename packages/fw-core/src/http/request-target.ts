/**
 * The request target and the host it names (RFC 9112 §3.2, §3.2.2), read once per request into
 * its exchange. An absolute-form target (`GET http://h/p`) names its own authority, which wins
 * over the Host header; its userinfo is dropped so it never reaches a log line or a span.
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

/** Splits an origin-form target (`/path?query#fragment`) into path and query, dropping the fragment. */
export function splitPathAndQuery(target: string, authority?: string): RequestTarget {
  const hash = target.indexOf('#');
  const bare = hash === -1 ? target : target.slice(0, hash);
  const q = bare.indexOf('?');
  return q === -1 ? { path: bare, query: '', authority } : { path: bare.slice(0, q), query: bare.slice(q + 1), authority };
}

// RFC 3986 §3.2.2 host with an optional port (§3.2.3); empty is valid (RFC 9112 §3.2).
const VALID_HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]*)(?::[0-9]*)?$/;

/** The host a request names, or `invalid` when RFC 9112 §3.2 says to answer 400. */
export type RequestHost = { readonly host: string | undefined } | 'invalid';

/**
 * The host to route `raw` by: the target's authority, else the Host header. Two Host headers, or
 * one that is not `host[:port]`, is `invalid` (RFC 9112 §3.2: "MUST respond with a 400").
 */
export function requestHost(raw: IncomingMessage, target: RequestTarget): RequestHost {
  const host = raw.headers.host;
  if (host !== undefined && !VALID_HOST.test(host)) return 'invalid';
  if (hasRepeatedHeader(raw.rawHeaders, 'host')) return 'invalid';
  return { host: target.authority ?? host };
}

/** Whether header `name` (lowercase) is repeated: node:http keeps only the first of a Host or Authorization in `headers`. */
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
