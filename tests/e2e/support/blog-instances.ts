/**
 * Blog instances as a deployment runs them behind a load balancer: `npm start`'s script
 * (node scripts/start.js, support/blog-as-user.ts) with FW_ENV=prod, each on a fixed loopback
 * port the balancer's configuration names, all on one PostgreSQL database, and restarted in
 * place: SIGTERM, wait for the exit, start again on the same port. Every process an instance
 * ran is kept, so a test can read all their log lines afterwards.
 */
import { closedPort } from '../../../packages/fw-core/test/support/closed-port.ts';
import { startBlogAsUser, type BlogProcess } from './blog-as-user.ts';

/** The bearer token of the write routes in these deployments (FW_ENV=prod requires one). */
export const DEPLOY_API_TOKEN = 'deploy-test-token-0123456789abcdef';

/** How one stop went. */
export interface StopRecord {
  readonly exitCode: number | null;
  /** ms from SIGTERM to the exit. */
  readonly ms: number;
}

/** One instance: the process it runs now, and every one it ran. */
export interface BlogInstance {
  readonly port: number;
  /** The process running now (the last started). */
  current(): BlogProcess;
  /** Every process this instance ran, in order. */
  processes(): readonly BlogProcess[];
  /** SIGTERM to the current process, then wait for its exit. */
  stop(): Promise<StopRecord>;
  /** Starts a new process on the same port; resolves once it logs `listening`. */
  start(): Promise<void>;
}

/** Starts `count` instances, in parallel, each on a free loopback port, with `env` added to the prod environment. */
export async function startInstances(count: number, databaseUrl: string, env: Record<string, string | undefined> = {}): Promise<BlogInstance[]> {
  const ports = await Promise.all(Array.from({ length: count }, () => closedPort()));
  // FW_SHUTDOWN_DELAY_MS undefined: the production drain (blog-process.ts turns it off for other tests).
  const deployment = { FW_ENV: 'prod', PORT: undefined, DATABASE_URL: databaseUrl, BLOG_API_TOKEN: DEPLOY_API_TOKEN, FW_SHUTDOWN_DELAY_MS: undefined, ...env };
  const instances = ports.map((port) => instance(port, { ...deployment, PORT: String(port) }));
  await Promise.all(instances.map((one) => one.start()));
  return instances;
}

function instance(port: number, env: Record<string, string | undefined>): BlogInstance {
  const ran: BlogProcess[] = [];
  return {
    port,
    current: () => ran.at(-1)!,
    processes: () => ran,
    async start() {
      ran.push(await startBlogAsUser(env));
    },
    async stop() {
      const sent = Date.now();
      const exitCode = await ran.at(-1)!.stop();
      return { exitCode, ms: Date.now() - sent };
    },
  };
}

/** Kills whatever the instances still run (SIGKILL: for `after`, when a test failed half-way). */
export async function killInstances(instances: readonly BlogInstance[]): Promise<void> {
  await Promise.all(instances.map((one) => one.current()).filter((p) => p.child.exitCode === null && p.child.signalCode === null).map((p) => p.kill9()));
}
