/**
 * Host names, on both sides: a route's host is checked and normalised once at start-up, a
 * request's Host header is reduced per request to the key the host tables are indexed by.
 */
import { isIPv6 } from 'node:net';
import { FwError } from '../errors.ts';
import type { RouteName } from './router.ts';

/** The host of routes that answer any host. */
export const ANY_HOST = '_';

// A DNS label (RFC 1123 section 2.1): letters, digits and inner hyphens, at most 63 characters.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Normalises a route's host to `'_'`, a lowercase host name without a trailing dot, or
 * `*.suffix`. `label` names the route in the error thrown for anything else.
 */
export function normaliseRouteHost(host: unknown, label: RouteName): string {
  if (host === undefined || host === ANY_HOST) return ANY_HOST;
  if (typeof host !== 'string') throw badHost(label, host, "use a host name, '*.example.com' or '_'");
  const name = host.toLowerCase().replace(/\.$/, '');
  const afterLiteral = name.startsWith('[') ? name.slice(name.indexOf(']') + 1) : name;
  if (afterLiteral.includes(':')) {
    throw badHost(label, host, 'remove the port; the port of the Host header is ignored');
  }
  if (name.startsWith('[') && name.endsWith(']') && isIPv6(name.slice(1, -1))) return name;
  if (name.startsWith('*.') && isHostName(name.slice(2))) return name;
  if (name.includes('*')) {
    throw badHost(label, host, "a wildcard is one leading label, as in '*.example.com'; use '_' for any host");
  }
  if (isHostName(name)) return name;
  throw badHost(label, host, "use a host name such as 'api.example.com', '*.example.com', '[::1]' or '_'");
}

/** The suffix a `*.example.com` host matches on (`.example.com`); undefined for other hosts. */
export function wildcardSuffix(host: string): string | undefined {
  return host.startsWith('*.') ? host.slice(1) : undefined;
}

/**
 * The table key of a raw Host header: the port dropped (also after an IPv6 literal such as
 * `[::1]:8080`), one trailing dot dropped, lowercased (host names are case-insensitive,
 * RFC 9110 section 4.2.3).
 */
export function requestHostKey(host: string): string {
  let key = host;
  if (key.charCodeAt(0) === 91) {
    // '[': an IPv6 literal; its colons are not a port separator.
    const close = key.indexOf(']');
    if (close !== -1 && close + 1 < key.length) key = key.slice(0, close + 1);
  } else {
    const colon = key.indexOf(':');
    if (colon !== -1) key = key.slice(0, colon);
  }
  if (key.charCodeAt(key.length - 1) === 46) key = key.slice(0, -1);
  return key.toLowerCase();
}

function isHostName(name: string): boolean {
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

function badHost(label: RouteName, host: unknown, fix: string): FwError {
  const shown = JSON.stringify(host) ?? String(host);
  return new FwError('FW_ERR_ROUTE_BAD_HOST', `${label}: the host ${shown} is not valid; ${fix}.`, {
    details: { route: String(label), host },
  });
}
