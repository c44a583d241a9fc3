/**
 * The load balancer configurations docs/operations.md shows are the ones the rolling-restart
 * tests run (both read them through support/balancer-configs.ts, which only fills in
 * addresses), they are valid for the real programs (`haproxy -c`, `nginx -t`), and they keep
 * the rules the guide gives: HAProxy resends nothing and probes /ready, taking a stopping
 * instance out well within fw's default drain; nginx keeps upstream connections alive for less
 * than fw does, never resends a POST it sent, and states the fail_timeout its restart spacing
 * depends on.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { configDefaults } from '../../packages/fw-core/src/config/config.ts';
import { GUIDE_INSTANCES, GUIDE_STATS_SOCKET, guideBlock, haproxyConfig, HAPROXY_FILE, nginxFailTimeoutMs, nginxSiteConfig, NGINX_FILE, OPERATIONS_GUIDE } from './support/balancer-configs.ts';
import { checkHaproxyConfig, HAPROXY_SKIP_REASON } from './support/haproxy.ts';
import { checkNginxConfig, NGINX_SKIP_REASON } from './support/nginx.ts';

const ADDRESSES = { frontendPort: 18080, instancePorts: [18081, 18082] };

/** The value of `name` in a block of `name value;` / `name value` lines (the last one). */
function directive(config: string, name: string): string | undefined {
  const lines = config.split('\n').map((line) => line.replace(/#.*$/, '').trim());
  return lines.filter((line) => line.startsWith(`${name} `)).at(-1)?.slice(name.length + 1).replace(/;$/, '').trim();
}

/** A duration of nginx or HAProxy (`60s`, `1s`, `500ms`, `2m`, bare = unit), in ms. */
function ms(value: string | undefined, bareUnitMs: number): number {
  const match = /^(\d+)(ms|s|m)?$/.exec(value ?? '');
  assert.ok(match, `not a duration: ${value}`);
  const unit = { ms: 1, s: 1000, m: 60_000 }[match[2] ?? ''] ?? bareUnitMs;
  return Number(match[1]) * unit;
}

describe('the balancer configurations of docs/operations.md', () => {
  it('show each file once, with the placeholders the tests replace, and the tests change nothing else', () => {
    const haproxy = guideBlock(HAPROXY_FILE);
    const generated = haproxyConfig(ADDRESSES, '/tmp/x.sock');
    const back = generated.replace('127.0.0.1:18081', GUIDE_INSTANCES[0]).replace('127.0.0.1:18082', GUIDE_INSTANCES[1]).replace('bind 127.0.0.1:18080', 'bind :80').replace('/tmp/x.sock', GUIDE_STATS_SOCKET);
    assert.equal(back, haproxy);
    const nginx = guideBlock(NGINX_FILE);
    const site = nginxSiteConfig(ADDRESSES);
    assert.equal(site.replace('127.0.0.1:18081', GUIDE_INSTANCES[0]).replace('127.0.0.1:18082', GUIDE_INSTANCES[1]).replace('listen 127.0.0.1:18080;', 'listen 80;'), nginx);
    const guide = readFileSync(OPERATIONS_GUIDE, 'utf8');
    assert.ok(guide.includes('deploy-rolling-restart-haproxy.test.ts') && guide.includes('deploy-rolling-restart-nginx.test.ts'), 'the guide names the tests that run its configurations');
  });

  it('HAProxy: retries 0, health check GET /ready expecting 200, and an instance taken out within fw\'s default shutdown delay', () => {
    const haproxy = guideBlock(HAPROXY_FILE);
    assert.equal(directive(haproxy, 'retries'), '0');
    assert.equal(directive(haproxy, 'option httpchk'), 'GET /ready');
    assert.equal(directive(haproxy, 'http-check expect'), 'status 200');
    const server = directive(haproxy, 'default-server') ?? '';
    const inter = ms(/\binter (\S+)/.exec(server)?.[1], 1);
    const fall = Number(/\bfall (\d+)/.exec(server)?.[1]);
    const check = ms(directive(haproxy, 'timeout check'), 1);
    const delay = (configDefaults.server_configuration as unknown as Record<string, unknown>)['shutdown_delay_ms'];
    assert.equal(typeof delay, 'number', 'fw-core has a default server_configuration.shutdown_delay_ms (issue 35, item 1)');
    // The next check comes within `inter`, then fall - 1 more (fastinter defaults to inter), each up to `timeout check`.
    const takenOutWithin = inter + (fall - 1) * inter + fall * check;
    assert.ok(takenOutWithin < (delay as number), `HAProxy may take ${takenOutWithin} ms to take an instance out; fw drains for ${delay} ms`);
  });

  it('nginx: upstream keep-alive shorter than fw\'s, POSTs never resent, a fail_timeout on every server', () => {
    const nginx = guideBlock(NGINX_FILE);
    assert.ok(Number(directive(nginx, 'keepalive')) > 0, 'upstream keepalive is on');
    assert.equal(directive(nginx, 'proxy_http_version'), '1.1');
    assert.equal(directive(nginx, 'proxy_set_header Connection'), '""');
    const keepAlive = ms(directive(nginx, 'keepalive_timeout'), 1000);
    assert.ok(keepAlive < configDefaults.server_configuration.keep_alive_timeout_ms, `nginx keeps idle upstream connections ${keepAlive} ms; fw closes them after ${configDefaults.server_configuration.keep_alive_timeout_ms} ms`);
    assert.equal(directive(nginx, 'proxy_next_upstream'), 'error timeout', 'no non_idempotent: a POST that was sent is never resent');
    assert.equal(nginxFailTimeoutMs(), 5_000);
    assert.equal(nginx.match(/max_fails=1 /g)?.length, GUIDE_INSTANCES.length);
  });

  it('haproxy -c accepts the HAProxy configuration', { skip: HAPROXY_SKIP_REASON }, async () => {
    const { status, output } = await checkHaproxyConfig(ADDRESSES);
    assert.equal(status, 0, output);
  });

  it('nginx -t accepts the nginx configuration', { skip: NGINX_SKIP_REASON }, async () => {
    const { status, output } = await checkNginxConfig(ADDRESSES);
    assert.equal(status, 0, output);
  });
});
