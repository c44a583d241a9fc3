/** Host names: a route's, checked once at start-up, and a request's Host header as a host table key. */
import { isIPv6 } from 'node:net';
import type { FwError } from '../errors.ts';
import { routeError } from './parse-path.ts';
import type { RouteName } from './router.ts';

/** The host of routes that answer any host. */
export const ANY_HOST = '_';

// A DNS label (RFC 1123 section 2.1): letters, digits and inner hyphens, at most 63 characters.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A route's host as `'_'`, a lowercase host name without a trailing dot, or `*.suffix`; throws for anything else. */
export function normaliseRouteHost(host: unknown, label: RouteName): string {
  if (host === undefined || host === ANY_HOST) return ANY_HOST;
  if (typeof host !== 'string') throw badHost(label, host, "use a host name, '*.example.com' or '_'");
  const name = host.toLowerCase().replace(/\.$/, '');
  const afterLiteral = name.startsWith('[') ? name.slice(name.indexOf(']') + 1) : name;
  if (afterLiteral.includes(':')) throw badHost(label, host, 'remove the port; the port of the Host header is ignored');
  if (name.startsWith('[') && name.endsWith(']') && isIPv6(name.slice(1, -1))) return name;
  if (name.startsWith('*.') && isHostName(name.slice(2))) return name;
  if (name.includes('*')) throw badHost(label, host, "a wildcard is one leading label, as in '*.example.com'; use '_' for any host");
  if (isHostName(name)) return name;
  throw badHost(label, host, "use a host name such as 'api.example.com', '*.example.com', '[::1]' or '_'");
}

/** The suffix a `*.example.com` host matches on (`.example.com`); undefined for other hosts. */
export function wildcardSuffix(host: string): string | undefined {
  return host.startsWith('*.') ? host.slice(1) : undefined;
}

/**
 * The table key of a raw Host header: port dropped (also after an IPv6 literal, `[::1]:8080`), one
 * trailing dot dropped, lowercased (host names are case-insensitive, RFC 9110 section 4.2.3).
 */
export function requestHostKey(host: string): string {
  let key = host;
  // '[': an IPv6 literal, whose colons are not a port separator.
  if (key.charCodeAt(0) === 91) {
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
  const message = `${label}: the host ${JSON.stringify(host) ?? String(host)} is not valid; ${fix}.`;
  return routeError('FW_ERR_ROUTE_BAD_HOST', label, message, { host });
}
