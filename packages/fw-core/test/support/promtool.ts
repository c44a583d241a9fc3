/** `promtool check metrics` (Debian package prometheus) over an exposition text, for the tests that hold /metrics to Prometheus' own parser. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PROMTOOL = '/usr/bin/promtool';

/** Why a test cannot run promtool here, or false when it can (node:test's `skip`). */
export const withoutPromtool: string | false = existsSync(PROMTOOL) ? false : `${PROMTOOL} is not installed (Debian package prometheus)`;

/** promtool's exit code and what it wrote, checking `text`. */
export async function promtoolCheck(text: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(PROMTOOL, ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  child.stdin.end(text);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}
