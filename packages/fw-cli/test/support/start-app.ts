/**
 * Starts a server process (the blog's main, a release's bin script) on PORT=0 and reads its URL
 * from the `listening` JSON line fw logs on stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** A running server. */
export interface RunningApp {
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Spawns `command args` and waits up to `timeoutMs` for its `listening` line. Its SIGTERM skips
 * the production drain (`FW_SHUTDOWN_DELAY_MS=0`) unless `env` sets one: nothing balances these.
 */
export async function startApp(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 15_000): Promise<RunningApp> {
  const child = spawn(command, args, { cwd, env: { FW_SHUTDOWN_DELAY_MS: '0', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in ${timeoutMs} ms:\n${stderr}`)), timeoutMs);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${stderr}`)));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /"event":"listening","url":"([^"]+)"/.exec(stderr);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  return {
    url,
    child,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
