/**
 * The guide's two balancers (docs/operations.md), each started in front of one blog instance with the guide's second
 * server left down, for tests that run the same scenario behind both: name, why it skips (false when installed), start.
 */
import { closedPort } from '../../../packages/fw-core/test/support/closed-port.ts';
import { HAPROXY_SKIP_REASON, startHaproxy } from './haproxy.ts';
import { NGINX_SKIP_REASON, startNginx } from './nginx.ts';

/** A balancer of the guide in front of the instance on `port`. */
export type StartBalancer = (port: number) => Promise<{ readonly url: string; stop(): Promise<void> }>;

export const GUIDE_BALANCERS: readonly [string, string | false, StartBalancer][] = [
  ['HAProxy', HAPROXY_SKIP_REASON, async (port) => {
    const haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: [port, await closedPort()] });
    // HAProxy starts with both servers up: only once blog2's checks failed does all go to blog1.
    await haproxy.waitForStatus('blog', 'blog1', 'UP', 15_000);
    await haproxy.waitForStatus('blog', 'blog2', 'DOWN', 15_000);
    return haproxy;
  }],
  // nginx tries the other server of a refused connection (proxy_next_upstream error).
  ['nginx', NGINX_SKIP_REASON, async (port) => startNginx({ frontendPort: await closedPort(), instancePorts: [port, await closedPort()] })],
];
