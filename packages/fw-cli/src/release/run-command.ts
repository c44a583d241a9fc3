/** Runs a program to completion, capturing its output (shown only when it fails). */
import { spawn } from 'node:child_process';

/** How a finished program ended. */
export interface CommandRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when the program could not be started at all (e.g. ENOENT). */
  readonly error: Error | undefined;
}

/** Runs `file args` in `cwd` with `env`. Never rejects. */
export function runCommand(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CommandRun> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let error: Error | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (failure) => (error = failure));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, error }));
  });
}
