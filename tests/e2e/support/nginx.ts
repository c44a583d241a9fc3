/**
 * A real nginx for the deploy tests: the Debian package's /usr/sbin/nginx (installed by
 * scripts/test-setup.ts), run in the foreground (`-g 'daemon off;'`) as a child process with
 * its prefix in a temporary directory (`-p`), never as a system service. The guide's blog.conf
 * (upstream and server blocks, docs/operations.md) is included in a minimal nginx.conf of the
 * test's own: what Debian's /etc/nginx/nginx.conf provides around conf.d/, with the pid file,
 * logs and temporary files kept in that directory. The access log records which instance
 * answered each request and is kept to explain a failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nginxSiteConfig, type BalancerAddresses } from './balancer-configs.ts';
import { missingToolReason } from './debian-tool.ts';

/** The binary the tests run. */
export const NGINX_PATH = '/usr/sbin/nginx';

/** Why the nginx tests skip, or false when nginx is there. */
export const NGINX_SKIP_REASON = missingToolReason(NGINX_PATH, 'nginx');

/** A running nginx. */
export interface Nginx {
  /** `http://127.0.0.1:<frontend port>`. */
  readonly url: string;
  /** The guide's blog.conf with the test's addresses. */
  readonly siteConfig: string;
  /** The access log lines so far (`<status> <upstream addresses> <upstream statuses> "<request>"`). */
  accessLog(): Promise<string[]>;
  /** The error log so far. */
  errorLog(): Promise<string>;
  /** SIGTERM (fast shutdown), wait for the exit, remove the temporary directory. */
  stop(): Promise<void>;
}

/** nginx.conf around the guide's blog.conf: one worker, everything inside `dir`. */
function mainConfig(dir: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${join(dir, `${kind}_temp`)};`).join('\n');
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
    log_format upstreams '$status $upstream_addr $upstream_status "$request"';
    access_log ${join(dir, 'access.log')} upstreams;
${temp}
    include ${join(dir, 'blog.conf')};
}
`;
}

/** Writes nginx.conf and blog.conf in a fresh directory the worker (nobody, when run as root) can enter. */
async function prepare(addresses: BalancerAddresses): Promise<{ dir: string; siteConfig: string; args: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-e2e-nginx-'));
  await chmod(dir, 0o755);
  const siteConfig = nginxSiteConfig(addresses);
  await writeFile(join(dir, 'blog.conf'), siteConfig);
  await writeFile(join(dir, 'nginx.conf'), mainConfig(dir));
  return { dir, siteConfig, args: ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')] };
}

/** Checks the guide's blog.conf (with `addresses`) with `nginx -t`: its exit status and output. */
export async function checkNginxConfig(addresses: BalancerAddresses): Promise<{ status: number | null; output: string }> {
  const { dir, args } = await prepare(addresses);
  try {
    const run = spawnSync(NGINX_PATH, ['-t', ...args], { encoding: 'utf8', timeout: 10_000 });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Starts nginx on the guide's blog.conf with `addresses` filled in; resolves once it accepts connections. */
export async function startNginx(addresses: BalancerAddresses): Promise<Nginx> {
  const { dir, siteConfig, args } = await prepare(addresses);
  const child = spawn(NGINX_PATH, [...args, '-g', 'daemon off;'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const errorLog = (): Promise<string> => readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
  for (let attempt = 0; !(await accepts(addresses.frontendPort)); attempt += 1) {
    if (child.exitCode !== null || attempt === 100) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${stderr}${await errorLog()}`);
    }
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${addresses.frontendPort}`,
    siteConfig,
    accessLog: async () => (await readFile(join(dir, 'access.log'), 'utf8').catch(() => '')).split('\n').filter((line) => line !== ''),
    errorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
