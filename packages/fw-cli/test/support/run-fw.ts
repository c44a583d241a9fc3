/**
 * Runs the real `fw` binary (packages/fw-cli/bin/fw.js, i.e. the built dist) as a subprocess
 * on the repository's Node, with the variables a developer's shell might set cleared.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The repository root. */
export const REPO = join(import.meta.dirname, '..', '..', '..', '..');
/** examples/blog. */
export const BLOG_DIR = join(REPO, 'examples', 'blog');
/** packages/fw-cli/test/fixtures. */
export const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
/** packages/fw-cli/test/expected. */
export const EXPECTED = join(import.meta.dirname, '..', 'expected');
/** The fw binary. */
export const FW = join(REPO, 'packages', 'fw-cli', 'bin', 'fw.js');

/** Variables that would change what a run does. */
const CLEARED = [
  'FW_ENV', 'FW_CONFIG', 'PORT', 'HOST', 'METRICS_PORT', 'LOG_LEVEL', 'REDIS_URL', 'BLOG_STORE', 'BLOG_SQLITE_PATH',
  'BLOG_API_TOKEN', 'DATABASE_URL', 'INIT_CWD', 'npm_command',
];

/** How a run ended. */
export interface FwRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** This process's environment minus CLEARED, plus `env`. */
export function cleanEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CLEARED) delete out[name];
  return { ...out, ...env };
}

/** Runs `fw ...args` in `cwd` (default: the blog). */
export function runFw(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<FwRun> {
  return runNode([FW, ...args], options.cwd ?? BLOG_DIR, cleanEnv(options.env));
}

/** Runs `node ...args` (this Node) in `cwd` and collects its output. */
export function runNode(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()): Promise<FwRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function assertSucceeded(run: FwRun): void {
  assert.equal(run.stderr, '');
  assert.equal(run.code, 0);
}

/** Runs `fw openapi --app <app> --types` into `out` and reads the document and the types file it wrote. */
export async function openapiOutputs(app: string, out: string): Promise<{ document: Record<string, any>; types: string }> {
  assertSucceeded(await runFw(['openapi', '--app', app, '--output', join(out, 'openapi.json'), '--types', join(out, 'api.ts')]));
  return { document: JSON.parse(await readFile(join(out, 'openapi.json'), 'utf8')), types: await readFile(join(out, 'api.ts'), 'utf8') };
}

/** Text from a template literal's lines, with a trailing newline (as fw prints it). */
export function lines(...text: string[]): string {
  return `${text.join('\n')}\n`;
}
