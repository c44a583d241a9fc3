/**
 * How a listener's address is shown in log lines, error messages and URLs: an IPv6 address in
 * brackets (RFC 3986 §3.2.2), so that its colons are not read as the port separator.
 */
import type { AddressInfo } from 'node:net';

/** `host` as it goes before `:port`: an IPv6 address (it has colons) in brackets, anything else as is. */
export function hostForDisplay(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** A URL a client on this machine can use: a wildcard address is reached through loopback. */
export function reachableUrl({ address, port }: AddressInfo): string {
  if (address === '0.0.0.0' || address === '::') return `http://127.0.0.1:${port}`; // dual-stack: IPv4 reaches '::' too
  return `http://${hostForDisplay(address)}:${port}`;
}
