/**
 * rate_limit_plugin's `trusted_proxies` option: addresses and CIDR blocks compiled once into a
 * node:net BlockList (a C++ matcher), so checking a peer per request is one call.
 */
import { BlockList, isIP } from 'node:net';
import { BlogError } from '../../errors.ts';
import { unmapIpv4 } from './client-address.ts';

/** The BlockList of `entries`, or undefined when there are none (X-Forwarded-For is never read). */
export function compileTrustedProxies(entries: readonly string[]): BlockList | undefined {
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) addEntry(list, entry);
  return list;
}

function addEntry(list: BlockList, entry: string): void {
  const slash = entry.indexOf('/');
  const address = unmapIpv4((slash === -1 ? entry : entry.slice(0, slash)).trim());
  const family = isIP(address);
  if (family === 0) throw bad(entry, 'is not an IPv4 or IPv6 address');
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (slash === -1) {
    list.addAddress(address, type);
    return;
  }
  const bitsText = entry.slice(slash + 1).trim();
  const bits = Number(bitsText);
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bitsText) || bits > max) throw bad(entry, `has a prefix length outside 0-${max}`);
  if (coversAFamily(address, bits, type))
    throw bad(entry, 'trusts every address, so any client could choose its own key by sending X-Forwarded-For');
  list.addSubnet(address, bits, type);
}

/**
 * True for a block that holds both ends, so all, of the IPv4 or the IPv6 space: a /0, or `::ffff:0:0/96` (every IPv4
 * peer, mapped). Trusting it, any client would pick its own key by sending X-Forwarded-For, the failure the option stops.
 */
function coversAFamily(address: string, bits: number, type: 'ipv4' | 'ipv6'): boolean {
  const block = new BlockList();
  block.addSubnet(address, bits, type);
  return (
    (block.check('0.0.0.0', 'ipv4') && block.check('255.255.255.255', 'ipv4')) ||
    (block.check('::', 'ipv6') && block.check('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ipv6'))
  );
}

function bad(entry: string, problem: string): BlogError {
  return new BlogError(
    'BLOG_ERR_PLUGIN_OPTION',
    `rate_limit_plugin option trusted_proxies: ${JSON.stringify(entry)} ${problem}; list proxy addresses or CIDR blocks, e.g. ["10.0.0.0/8", "::1"]`,
  );
}
