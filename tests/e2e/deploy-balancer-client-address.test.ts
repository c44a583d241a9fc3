/**
 * Behind the guide's HAProxy or nginx, with the guide's configuration file (its rate limit on
 * Redis, `trusted_proxies` naming the balancer), the blog sees each client's own address: in its
 * request log line (`client.address`) and in the rate limiter's bucket. The balancer must append
 * the address it took the connection from to `X-Forwarded-For` (HAProxy's `option forwardfor`,
 * nginx's `$proxy_add_x_forwarded_for`): the guide's HAProxy did not, so every request came keyed
 * by the balancer's address, the whole service shared one bucket, and a client's own
 * `X-Forwarded-For`, passed through and believed from the trusted balancer, chose its key. Only
 * the addresses are changed: the instance's and the balancer's ports, the balancer's address in
 * `trusted_proxies` (loopback here), and the Redis key prefix.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { until } from '../../packages/fw-core/test/support/until.ts';
import { GUIDE_BALANCERS, startBalancedBlog, type BalancedBlog } from './support/guide-balancers.ts';
import { guideConfig } from './support/guide-config.ts';

/** What a client through the balancer got: the request id and what is left of its rate limit. */
interface Answer {
  readonly status: number;
  readonly requestId: string;
  readonly remaining: number;
}

/** GET `path` through `url` from the loopback address `from`, with `headers`. */
function getFrom(url: string, path: string, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { localAddress: from, headers: { connection: 'close', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => {
        const remaining = /\br=(\d+)/.exec(String(res.headers['ratelimit'] ?? ''))?.[1];
        resolve({ status: res.statusCode ?? 0, requestId: String(res.headers['x-request-id']), remaining: Number(remaining) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

for (const [name, skip, startBalancer] of GUIDE_BALANCERS) {
  describe(`the guide's ${name} and configuration file give the blog each client's address`, { skip }, () => {
    let deployed: BalancedBlog;

    before(async () => {
      const file = guideConfig();
      const limiter = file.fw.plugins.find((entry: { module: string }) => entry.module === 'rate_limit_plugin');
      limiter.options.key_prefix = `fw-e2e-client-address:${randomUUID()}:`;
      // The balancer's address: loopback here, 10.0.0.0/8 in the guide.
      limiter.options.trusted_proxies = ['127.0.0.1/32'];
      deployed = await startBalancedBlog(startBalancer, file);
    });
    after(() => deployed?.stop());

    /** The blog's request log line of `answer`, written as the exchange ends: maybe just after the client has the answer. */
    const logLineOf = (answer: Answer) => until(`the log line of ${answer.requestId}`, () => deployed.blog.logLines().find((line) => line.request_id === answer.requestId));

    it("logs the connecting client's address, not the balancer's nor one the client wrote in X-Forwarded-For", async () => {
      const honest = await getFrom(deployed.url, '/api/posts?limit=1', '127.0.0.2');
      const spoofing = await getFrom(deployed.url, '/api/posts?limit=1', '127.0.0.3', { 'x-forwarded-for': '198.51.100.9' });
      assert.deepEqual([honest.status, spoofing.status], [200, 200]);
      assert.equal((await logLineOf(honest))['client.address'], '127.0.0.2');
      assert.equal((await logLineOf(spoofing))['client.address'], '127.0.0.3');
    });

    it('counts each client in its own rate-limit bucket', async () => {
      const first = await getFrom(deployed.url, '/api/posts?limit=1', '127.0.0.4');
      const second = await getFrom(deployed.url, '/api/posts?limit=1', '127.0.0.4');
      const other = await getFrom(deployed.url, '/api/posts?limit=1', '127.0.0.5', { 'x-forwarded-for': '127.0.0.4' });
      assert.equal(second.remaining, first.remaining - 1);
      // A fresh bucket for 127.0.0.5, though it named 127.0.0.4: as full as 127.0.0.4's first answer left it.
      assert.equal(other.remaining, first.remaining);
    });
  });
}
