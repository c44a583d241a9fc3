/**
 * The load balancer configurations of docs/operations.md, as the deploy tests run them: the
 * HAProxy file (```haproxy file=/etc/haproxy/haproxy.cfg) and the nginx file
 * (```nginx file=/etc/nginx/conf.d/blog.conf) are read out of the guide and only their
 * addresses are filled in, so what the tests prove is what the guide shows. A placeholder the
 * guide no longer contains fails loudly instead of leaving a production address in a test.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockFile, fencedBlocks } from '../../support/markdown-fences.ts';

/** The guide the configurations come from. */
export const OPERATIONS_GUIDE = join(import.meta.dirname, '..', '..', '..', 'docs', 'operations.md');

/** Where the guide installs HAProxy's file (the `file=` of its fence). */
export const HAPROXY_FILE = '/etc/haproxy/haproxy.cfg';
/** Where the guide installs nginx's file (the `file=` of its fence). */
export const NGINX_FILE = '/etc/nginx/conf.d/blog.conf';

/** The instances' addresses in the guide, in server order. */
export const GUIDE_INSTANCES = ['10.0.1.11:8080', '10.0.1.12:8080'] as const;
/** The HAProxy stats socket in the guide. */
export const GUIDE_STATS_SOCKET = '/run/haproxy/admin.sock';

/** What a test puts in place of the guide's addresses. */
export interface BalancerAddresses {
  /** The loopback port clients connect to (the guide's port 80). */
  readonly frontendPort: number;
  /** The blog instances' loopback ports, in the guide's server order (HAProxy's may list more: withMoreServers). */
  readonly instancePorts: readonly number[];
}

/** The code of the guide's block installed at `file`. */
export function guideBlock(file: string): string {
  const doc = readFileSync(OPERATIONS_GUIDE, 'utf8');
  const blocks = fencedBlocks('docs/operations.md', doc).filter((block) => blockFile(block) === file);
  assert.equal(blocks.length, 1, `docs/operations.md must show ${file} exactly once (a fence with file=${file})`);
  return blocks[0]!.code;
}

/** The guide's haproxy.cfg with loopback addresses and `statsSocket` in place of the guide's. */
export function haproxyConfig(addresses: BalancerAddresses, statsSocket: string): string {
  const guided = addresses.instancePorts.slice(0, GUIDE_INSTANCES.length);
  let config = withMoreServers(withInstances(guideBlock(HAPROXY_FILE), guided, HAPROXY_FILE), addresses.instancePorts.slice(GUIDE_INSTANCES.length));
  config = replaceOnce(config, /^(\s*bind\s+):80\b/m, `$1127.0.0.1:${addresses.frontendPort}`, `${HAPROXY_FILE}: bind :80`);
  return replaceOnce(config, GUIDE_STATS_SOCKET, statsSocket, `${HAPROXY_FILE}: stats socket ${GUIDE_STATS_SOCKET}`);
}

/** The guide's nginx blog.conf (upstream and server blocks) with loopback addresses. */
export function nginxSiteConfig(addresses: BalancerAddresses): string {
  const config = withInstances(guideBlock(NGINX_FILE), addresses.instancePorts, NGINX_FILE);
  return replaceOnce(config, /^(\s*listen\s+)80;/m, `$1127.0.0.1:${addresses.frontendPort};`, `${NGINX_FILE}: listen 80;`);
}

/**
 * The guide shows two servers; a test that runs more (`blog3`, ...) gets each as a copy of the guide's last `server`
 * line, right after it, with its name's number and its port changed.
 */
function withMoreServers(config: string, ports: readonly number[]): string {
  if (ports.length === 0) return config;
  const lines = [...config.matchAll(/^(\s*server\s+)(\D+)(\d+)(\s+127\.0\.0\.1:)\d+(.*)$/gm)];
  const last = lines.at(-1);
  assert.ok(last !== undefined, `${HAPROXY_FILE}: no server line to copy for more instances`);
  const [line, indent, name, number, address, rest] = last;
  const copies = ports.map((port, at) => `${indent}${name}${Number(number) + at + 1}${address}${port}${rest}`);
  return config.replace(line, () => [line, ...copies].join('\n'));
}

function withInstances(config: string, ports: readonly number[], file: string): string {
  assert.equal(ports.length, GUIDE_INSTANCES.length, `the guide's ${file} has ${GUIDE_INSTANCES.length} instances`);
  return GUIDE_INSTANCES.reduce((text, address, at) => replaceOnce(text, address, `127.0.0.1:${ports[at]}`, `${file}: ${address}`), config);
}

function replaceOnce(text: string, pattern: string | RegExp, replacement: string, what: string): string {
  const count = typeof pattern === 'string' ? text.split(pattern).length - 1 : (text.match(new RegExp(pattern, `${pattern.flags}g`)) ?? []).length;
  assert.equal(count, 1, `docs/operations.md no longer shows ${what} once: update tests/e2e/support/balancer-configs.ts with it`);
  return typeof pattern === 'string' ? text.replace(pattern, () => replacement) : text.replace(pattern, replacement);
}

/** The `fail_timeout` of the guide's nginx servers, in ms (the restart spacing it implies). */
export function nginxFailTimeoutMs(): number {
  const values = [...guideBlock(NGINX_FILE).matchAll(/\bfail_timeout=(\d+)s\b/g)].map((m) => Number(m[1]) * 1000);
  assert.ok(values.length > 0 && values.every((v) => v === values[0]), `${NGINX_FILE} must give every server the same fail_timeout in seconds`);
  return values[0]!;
}
