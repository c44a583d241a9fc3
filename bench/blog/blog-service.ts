/**
 * The blog service as the benchmark runs it: `node examples/blog/src/main.ts` in its directory,
 * LOG_LEVEL=warn (so no per-request log lines), on a port chosen here. Its CPU time is read from
 * /proc/<pid>/stat, outside the process, so measuring costs the server nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';

/** examples/blog. */
export const BLOG_DIR = join(import.meta.dirname, '..', '..', 'examples', 'blog');

/** A running service. */
export interface BlogService {
  readonly url: string;
  readonly child: ChildProcess;
  /** User + system CPU time of the server process so far, in µs. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the service with `env` added to this process's environment; resolves when /heartbeat answers. */
export async function startBlogService(env: Record<string, string>): Promise<BlogService> {
  const port = await closedPort();
  const child = spawn(process.execPath, [join(BLOG_DIR, 'src', 'main.ts')], {
    cwd: BLOG_DIR,
    env: { ...process.env, FW_ENV: 'dev', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHeartbeat(url, child);
  return {
    url,
    child,
    cpuMicros: () => cpuMicrosOf(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForHeartbeat(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the blog exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/heartbeat`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the blog did not answer on ${url}`);
}

/**
 * User + system CPU time of process `pid` so far, in µs: utime + stime (fields 14 and 15 of
 * /proc/<pid>/stat, in clock ticks of 1/100 s on Linux).
 */
export async function cpuMicrosOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // the command name (field 2) may hold spaces; count fields after its closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10_000;
}
