/**
 * The client address a request is counted under, and reported under: with trusted proxies the
 * plugin sets `req.clientAddress`, which fw's request log line reports as `client.address`. The
 * socket's peer address is the default; only when that peer is a trusted proxy is
 * `X-Forwarded-For` read, right to left, skipping trusted hops, so a client cannot pick its own
 * key by sending the header (the failure peers had).
 * IPv4-mapped IPv6 addresses count as IPv4; IPv6 clients are grouped by their /64, the block one
 * subscriber usually holds, so rotating through it does not multiply the limit.
 */
import { isIP, type BlockList } from 'node:net';
import type { FwRequest } from 'fw-core';

/** Most X-Forwarded-For entries looked at; a longer chain stops at the last one read. */
const MAX_FORWARDED_HOPS = 16;
/** Longest X-Forwarded-For entry parsed (an IPv6 address with a zone and brackets fits). */
const MAX_ENTRY_LENGTH = 64;

/**
 * The client's address: the socket peer (IPv4-mapped IPv6 unmapped), or, when the peer is in
 * `trusted`, the client X-Forwarded-For names; undefined without a peer.
 */
export function clientAddress(req: FwRequest, trusted: BlockList | undefined): string | undefined {
  const peer = req.raw.socket.remoteAddress;
  if (peer === undefined) return undefined;
  const address = unmapIpv4(peer);
  if (trusted === undefined || !isTrusted(address, trusted)) return address;
  const forwarded = req.headers['x-forwarded-for'];
  return typeof forwarded === 'string' ? forwardedClient(forwarded, address, trusted) : address;
}

/** The rate-limit key of a client address: the IPv4 address, an IPv6 `/64` prefix, or `unknown` without one. */
export function clientKey(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  return address.includes(':') ? ipv6Prefix64(address) : address;
}

/** True when `address` (IPv4 or IPv6, already unmapped) is in `trusted`. */
function isTrusted(address: string, trusted: BlockList): boolean {
  return trusted.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
}

/**
 * Walks `header` from the right: each entry was appended by the hop after it, so entries are
 * believed only while the hop that wrote them is trusted. The first untrusted address is the
 * client; an entry that is not an address stops the walk at the hop that sent it.
 */
export function forwardedClient(header: string, peer: string, trusted: BlockList): string {
  let client = peer;
  let end = header.length;
  for (let hop = 0; hop < MAX_FORWARDED_HOPS && end >= 0; hop += 1) {
    const comma = header.lastIndexOf(',', end - 1);
    const entry = parseForwardedEntry(header.slice(comma + 1, end));
    if (entry === undefined) return client;
    client = entry;
    if (!isTrusted(entry, trusted)) return client;
    end = comma;
  }
  return client;
}

// An IPv4 address or a bracketed IPv6 one, and the port some balancers append (Azure Application Gateway, some ingress controllers).
const WITH_PORT = /^(?:\[([^\]]*)\]|(\d+\.\d+\.\d+\.\d+))(?::(\d{1,5}))?$/;

/**
 * One X-Forwarded-For entry as an address (`1.2.3.4`, `2001:db8::1`, `[2001:db8::1]`), its port dropped as nginx's realip drops
 * it (`1.2.3.4:51234`, `[2001:db8::1]:443`), or undefined. A bare IPv6 address has no port: `2001:db8::1:443` is an address.
 */
function parseForwardedEntry(raw: string): string | undefined {
  if (raw.length > MAX_ENTRY_LENGTH) return undefined;
  const entry = raw.trim();
  const parts = WITH_PORT.exec(entry);
  const port = Number(parts?.[3] ?? 1);
  const address = parts === null ? entry : (parts[1] ?? parts[2] ?? '');
  const family = parts === null || parts[1] !== undefined ? 6 : 4;
  return port >= 1 && port <= 65_535 && isIP(address) === family ? unmapIpv4(address) : undefined;
}

/** `::ffff:1.2.3.4` (as node:http reports IPv4 peers on a dual-stack socket) → `1.2.3.4`. */
export function unmapIpv4(address: string): string {
  if (address.length > 7 && address.charCodeAt(0) === 58 /* ':' */ && /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address))
    return address.slice(7);
  return address;
}

/** The /64 prefix of an IPv6 address as `a:b:c:d::/64` (or the IPv4 address it maps). */
export function ipv6Prefix64(address: string): string {
  const groups = expandIpv6(address);
  if (groups === undefined) return address;
  if (
    groups[0] === 0 &&
    groups[1] === 0 &&
    groups[2] === 0 &&
    groups[3] === 0 &&
    groups[4] === 0 &&
    groups[5] === 0xffff
  ) {
    const [hi = 0, lo = 0] = [groups[6], groups[7]];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone ignored, trailing IPv4 allowed). */
function expandIpv6(address: string): number[] | undefined {
  const zone = address.indexOf('%');
  const bare = zone === -1 ? address : address.slice(0, zone);
  const toGroups = (part: string): number[] => {
    if (part === '') return [];
    const out: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else {
        out.push(Number.parseInt(piece, 16));
      }
    }
    return out;
  };
  const gap = bare.indexOf('::');
  const head = toGroups(gap === -1 ? bare : bare.slice(0, gap));
  const tail = gap === -1 ? [] : toGroups(bare.slice(gap + 2));
  const zeros = 8 - head.length - tail.length;
  if (zeros < 0 || head.some(Number.isNaN) || tail.some(Number.isNaN)) return undefined;
  return [...head, ...new Array<number>(zeros).fill(0), ...tail];
}
