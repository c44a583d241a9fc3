/**
 * Which client a request counts for. X-Forwarded-For is read only when the socket peer is a
 * trusted proxy, right to left past trusted hops; otherwise the peer address is the key, so a
 * spoofed header changes nothing. IPv6 clients share a /64. Bad header values fall back to the
 * peer and never fail the request. The address the rule finds is the one the request log line
 * reports (`client.address`). Requests go through inject(), whose peer is 127.0.0.1 as a local
 * socket's is.
 */
import assert from 'node:assert/strict';
import { BlockList } from 'node:net';
import { describe, test } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { forwardedClient, ipv6Prefix64, unmapIpv4 } from '../src/plugins/rate-limit/client-address.ts';
import type { InjectedBlog } from './support/blog-injected.ts';
import { blogWithPlugins } from './support/plugins-config.ts';

/** A blog with rate_limit_plugin (max 2 per minute, memory store) and `trusted_proxies`. */
function blogWithProxies(trusted: readonly string[] | undefined): () => InjectedBlog {
  const options = { max_requests: 2, window_ms: 60_000, ...(trusted && { trusted_proxies: trusted }) };
  return blogWithPlugins([{ module: 'rate_limit_plugin', options }]);
}

const statusFor = async (blog: InjectedBlog, forwardedFor?: string): Promise<number> =>
  (await blog.request('GET', '/heartbeat', forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } })).status;

describe('untrusted peer (trusted_proxies not set)', () => {
  const blog = blogWithProxies(undefined);

  test('a spoofed X-Forwarded-For does not change the key: the peer address is counted', async () => {
    assert.equal(await statusFor(blog(), '203.0.113.1'), 200);
    assert.equal(await statusFor(blog(), '203.0.113.2'), 200);
    assert.equal(await statusFor(blog(), '203.0.113.3'), 429);
    assert.equal(await statusFor(blog()), 429);
  });
});

describe('trusted proxy 127.0.0.0/8', () => {
  const blog = blogWithProxies(['127.0.0.0/8']);

  test('X-Forwarded-For from the trusted peer is the key', async () => {
    assert.equal(await statusFor(blog(), '203.0.113.1'), 200);
    assert.equal(await statusFor(blog(), '203.0.113.1'), 200);
    assert.equal(await statusFor(blog(), '203.0.113.1'), 429);
    assert.equal(await statusFor(blog(), '203.0.113.2'), 200);
  });

  test('the rightmost untrusted entry is the client; entries a client prepends are ignored', async () => {
    assert.equal(await statusFor(blog(), '1.1.1.1, 203.0.113.20'), 200);
    assert.equal(await statusFor(blog(), '2.2.2.2, 203.0.113.20, 127.0.0.9'), 200);
    assert.equal(await statusFor(blog(), '203.0.113.20'), 429);
    assert.equal(await statusFor(blog(), '1.1.1.1'), 200);
  });

  test('IPv6 clients in one /64 share a limit; the next /64 does not', async () => {
    assert.equal(await statusFor(blog(), '2001:db8::1'), 200);
    assert.equal(await statusFor(blog(), '[2001:DB8:0:0:ffff::2]'), 200);
    assert.equal(await statusFor(blog(), '2001:db8::abcd:1'), 429);
    assert.equal(await statusFor(blog(), '2001:db8:0:1::1'), 200);
    assert.equal(await statusFor(blog(), '::ffff:203.0.113.30'), 200);
    assert.equal(await statusFor(blog(), '203.0.113.30'), 200);
    assert.equal(await statusFor(blog(), '::ffff:cb00:711e'), 429);
  });

  test('bad X-Forwarded-For values fall back to the peer and never fail the request', async () => {
    const bad = ['not-an-ip', '', ' , ,', `${'9'.repeat(8000)}`, '203.0.113.5:', '999.1.1.1', 'fe80::1%eth0'.repeat(10)];
    const statuses: number[] = [];
    for (const value of bad) statuses.push(await statusFor(blog(), value));
    assert.deepEqual(statuses, [200, 200, 429, 429, 429, 429, 429]);
    assert.equal(await statusFor(blog(), '203.0.113.99'), 200);
  });
});

describe('trusted proxy 127.0.0.0/8 that appends the client port (Azure Application Gateway, some ingress controllers)', () => {
  const blog = blogWithProxies(['127.0.0.0/8']);

  test('an entry with a port counts for its address, whatever the port, bracketed IPv6 included', async () => {
    assert.equal(await statusFor(blog(), '203.0.113.7:51234'), 200);
    assert.equal(await statusFor(blog(), '203.0.113.7:51235'), 200);
    assert.equal(await statusFor(blog(), '203.0.113.7'), 429);
    assert.equal(await statusFor(blog(), '[2001:db8::1]:443'), 200);
    assert.equal(await statusFor(blog(), '[2001:db8::2]:444'), 200);
    assert.equal(await statusFor(blog(), '2001:db8::3'), 429);
    assert.equal(await statusFor(blog(), '198.51.100.1:1, 127.0.0.2:8080'), 200);
  });
});

describe('address helpers', () => {
  test('ipv6Prefix64 keeps the first 64 bits; IPv4-mapped forms become IPv4', () => {
    assert.equal(ipv6Prefix64('2001:DB8:0:0:1::1'), '2001:db8:0:0::/64');
    assert.equal(ipv6Prefix64('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(ipv6Prefix64('::1'), '0:0:0:0::/64');
    assert.equal(ipv6Prefix64('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(ipv6Prefix64('::ffff:7f00:1'), '127.0.0.1');
    assert.equal(ipv6Prefix64('64:ff9b::192.0.2.33'), '64:ff9b:0:0::/64');
  });

  test('unmapIpv4 only unmaps ::ffff:a.b.c.d', () => {
    assert.equal(unmapIpv4('::ffff:127.0.0.1'), '127.0.0.1');
    assert.equal(unmapIpv4('::FFFF:10.1.2.3'), '10.1.2.3');
    assert.equal(unmapIpv4('::1'), '::1');
    assert.equal(unmapIpv4('10.0.0.1'), '10.0.0.1');
  });

  test('forwardedClient stops at the first untrusted or unreadable entry and reads at most 16 hops', () => {
    const trusted = new BlockList();
    trusted.addSubnet('10.0.0.0', 8, 'ipv4');
    assert.equal(forwardedClient('198.51.100.1, 10.0.0.2, 10.0.0.3', '10.0.0.1', trusted), '198.51.100.1');
    assert.equal(forwardedClient('198.51.100.1, junk, 10.0.0.3', '10.0.0.1', trusted), '10.0.0.3');
    assert.equal(forwardedClient('10.0.0.5, 10.0.0.6', '10.0.0.1', trusted), '10.0.0.5');
    assert.equal(forwardedClient('', '10.0.0.1', trusted), '10.0.0.1');
    assert.equal(forwardedClient('198.51.100.1:51234, 10.0.0.3:443', '10.0.0.1', trusted), '198.51.100.1');
    assert.equal(forwardedClient('[2001:DB8::1]:443, [::ffff:10.0.0.3]:8080', '10.0.0.1', trusted), '2001:DB8::1');
    assert.equal(forwardedClient('[::ffff:198.51.100.2]:80', '10.0.0.1', trusted), '198.51.100.2');
    assert.equal(forwardedClient('2001:db8::1:443', '10.0.0.1', trusted), '2001:db8::1:443', 'a bare IPv6 address has no port');
    for (const junk of ['198.51.100.1:', '198.51.100.1:0', '198.51.100.1:65536', '198.51.100.1:http', '[198.51.100.1]:80', '[2001:db8::1]x', '[::1', 'host:80', '1.2.3.4:5:6']) {
      assert.equal(forwardedClient(`${junk}, 10.0.0.3`, '10.0.0.1', trusted), '10.0.0.3', junk);
    }
    const long = ['198.51.100.1', ...Array.from({ length: 20 }, (_, i) => `10.0.0.${i + 10}`)].join(',');
    assert.equal(forwardedClient(long, '10.0.0.1', trusted), '10.0.0.14');
  });
});

/** The `client.address` of the request log line of `path`, once the line is written. */
async function loggedClient(blog: InjectedBlog, path: string, forwardedFor: string): Promise<unknown> {
  const before = blog.logLines().length;
  assert.equal((await blog.request('GET', path, { headers: { 'x-forwarded-for': forwardedFor } })).status, 200);
  const line = await until(`the request line of ${path}`, () => blog.logLines().slice(before).find((l) => l.event === 'request' && l.path === path));
  return line['client.address'];
}

describe('the request log line names the client the trusted-proxy rule found', () => {
  const blog = blogWithPlugins([{ module: 'rate_limit_plugin', options: { max_requests: 100, trusted_proxies: ['127.0.0.0/8'], exempt_paths: ['/login'] } }]);

  test('from a trusted peer: the forwarded client, not the proxy', async () => {
    assert.equal(await loggedClient(blog(), '/api/posts', '198.51.100.7, 203.0.113.9'), '203.0.113.9');
  });

  test('on an exempt route too: not counted, still reported by the rule', async () => {
    assert.equal(await loggedClient(blog(), '/login', '203.0.113.10'), '203.0.113.10');
  });
});

describe('the request log line without trusted proxies', () => {
  const blog = blogWithPlugins([{ module: 'rate_limit_plugin', options: { max_requests: 100 } }]);

  test('a spoofed X-Forwarded-For is not reported: the peer is', async () => {
    assert.equal(await loggedClient(blog(), '/api/posts', '203.0.113.9'), '127.0.0.1');
  });
});
