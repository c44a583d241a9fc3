/**
 * The guide's two balancers (docs/operations.md), each started in front of one blog instance with the guide's second
 * server left down, for tests that run the same scenario behind both: name, why it skips (false when installed), start;
 * and that instance, on PostgreSQL with the guide's configuration file.
 */
import { closedPort } from '../../../packages/fw-core/test/support/closed-port.ts';
import { createTestSchema, type TestSchema } from '../../../examples/blog/test/support/store-postgres.ts';
import { startBlogAsUser, writeTempConfig, type BlogProcess, type TempConfig } from './blog-as-user.ts';
import { DEPLOY_API_TOKEN } from './blog-instances.ts';
import { guideConfig } from './guide-config.ts';
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

/** One blog instance on its own PostgreSQL schema with the guide's configuration file, behind a guide balancer. */
export interface BalancedBlog {
  readonly schema: TestSchema;
  readonly blog: BlogProcess;
  /** The balancer's `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Stops the blog and the balancer, removes the configuration file and drops the schema. */
  stop(): Promise<void>;
}

/** Starts the guide's deployment in small: `config` (default the guide's file) and `env` over the production environment. */
export async function startBalancedBlog(startBalancer: StartBalancer, config: object = guideConfig(), env: Record<string, string> = {}): Promise<BalancedBlog> {
  const schema = await createTestSchema();
  let file: TempConfig | undefined;
  let blog: BlogProcess | undefined;
  let balancer: Awaited<ReturnType<StartBalancer>> | undefined;
  const stop = async (): Promise<void> => {
    await blog?.stop();
    await balancer?.stop();
    await file?.remove();
    await schema.drop();
  };
  try {
    file = await writeTempConfig(config);
    const port = await closedPort();
    blog = await startBlogAsUser({ FW_CONFIG: file.path, FW_ENV: 'prod', PORT: String(port), DATABASE_URL: schema.url, BLOG_API_TOKEN: DEPLOY_API_TOKEN, ...env });
    balancer = await startBalancer(port);
    return { schema, blog, url: balancer.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
