/**
 * Runs the blog service as `npm start` does: fw's server on the app directory, stopping
 * gracefully on SIGTERM/SIGINT. A start-up error prints `<code>: <message>` (and its causes) on
 * stderr and exits 1.
 */
import { dirname } from 'node:path';
import { startServer } from 'fw-core';

/** The app directory: examples/blog, from src/ or dist/ alike. */
const appDir = dirname(import.meta.dirname);

try {
  await startServer({ appDir, handleSignals: true });
} catch (error) {
  process.stderr.write(`${describeStartError(error)}\n`);
  process.exit(1);
}

function describeStartError(error: unknown): string {
  const lines: string[] = [];
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    const prefix = depth === 0 ? '' : '  caused by: ';
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      lines.push(`${prefix}${typeof code === 'string' ? `${code}: ` : ''}${current.message}`);
      current = current.cause;
    } else {
      lines.push(`${prefix}${String(current)}`);
      current = undefined;
    }
  }
  return `blog: cannot start: ${lines.join('\n')}`;
}
