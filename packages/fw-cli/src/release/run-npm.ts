/** Runs npm to completion, capturing its output (shown only when it fails). */
import { spawn } from 'node:child_process';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** How a finished npm run ended. */
export interface NpmRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when npm could not be started at all (e.g. ENOENT). */
  readonly error: Error | undefined;
}

/** Runs `npm args` in `cwd` with `env`. Never rejects. */
export function runNpm(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<NpmRun> {
  return new Promise((resolve) => {
    const child = spawn(NPM, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let error: Error | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (failure) => (error = failure));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, error }));
  });
}
