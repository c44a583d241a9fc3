/** Runs npm to completion, capturing its output (shown only when it fails). */
import { spawn } from 'node:child_process';

/** How a finished npm run ended. */
export interface NpmRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when npm could not be started at all (e.g. ENOENT). */
  readonly error: Error | undefined;
}

/** What to hand to spawn() to run npm with `args` on `platform`. */
export interface NpmInvocation {
  readonly command: string;
  readonly args: readonly string[];
  readonly shell: boolean;
}

/**
 * On Windows npm is `npm.cmd`, a batch file, and since the fix for CVE-2024-27980 Node refuses
 * to spawn a batch file without a shell (EINVAL; nodejs.org/en/blog/vulnerability/
 * april-2024-security-releases-2). With `shell: true` Node only joins `args` with spaces, and
 * passing them at all is deprecated (DEP0190), so the command line is one string whose
 * arguments are quoted for cmd.exe here. Elsewhere npm runs directly, without a shell.
 */
export function npmInvocation(args: readonly string[], platform: NodeJS.Platform = process.platform): NpmInvocation {
  if (platform !== 'win32') return { command: 'npm', args, shell: false };
  return { command: ['npm.cmd', ...args.map(quoteForCmd)].join(' '), args: [], shell: true };
}

// cmd.exe metacharacters, escaped with ^ (the rules cross-spawn follows, lib/util/escape.js).
const CMD_META = /([()\][%!^"`<>&|;, *?])/g;
const PLAIN = /^[\w./:=@+-]+$/;

/**
 * `arg` as one argument through cmd.exe to a batch file: quoted by the C runtime's rules
 * (backslashes before a quote doubled, the quote escaped), then every cmd metacharacter escaped
 * twice, because npm.cmd hands `%*` to a second command line that cmd parses again. Plain
 * arguments (npm's own flags) pass unchanged.
 */
export function quoteForCmd(arg: string): string {
  if (PLAIN.test(arg)) return arg;
  const quoted = `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1')}"`;
  return quoted.replace(CMD_META, '^$1').replace(CMD_META, '^$1');
}

/** Runs `npm args` in `cwd` with `env`. Never rejects. */
export function runNpm(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<NpmRun> {
  return new Promise((resolve) => {
    const npm = npmInvocation(args);
    const child = spawn(npm.command, npm.args, { cwd, env, shell: npm.shell, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let error: Error | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (failure) => (error = failure));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, error }));
  });
}
