/**
 * Runs the blog service as `npm start` does: fw's server on the app directory, stopping
 * gracefully on SIGTERM/SIGINT. Once listening it logs where to go (`ready`: the API, its docs
 * and /metrics, as URLs). A start-up error prints `<code>: <message>` (and its causes) on stderr
 * and exits 1.
 */
import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { dirname, join } from 'node:path';
import type { FwServer } from 'fw-core';

/** The app directory: examples/blog, from src/ or dist/ alike. */
const appDir = dirname(import.meta.dirname);

// Node's compile cache before fw and the app load, so that from the second start on their modules
// (type-stripped TypeScript included) load compiled: fw turns it on only for an app it imports
// itself (loadApplication), and this file hands it the app. Off under coverage, which it blurs.
if (process.env.NODE_V8_COVERAGE === undefined) enableCompileCache();

try {
  const { startServer } = await import('fw-core');
  // The app beside this file, handed to fw rather than found through package.json's "fw".app
  // (src/app.ts): run from dist/, the process then loads JavaScript only (scripts/start.js).
  const { default: app, metricsUrl } = await import('./app.ts');
  const server = await startServer({ appDir, app, handleSignals: true });
  logReady(server, metricsUrl());
} catch (error) {
  process.stderr.write(`${describeStartError(error)}\n`);
  process.exit(1);
}

/** One line naming the URLs a user wants first, after fw's `listening` line. */
function logReady(server: FwServer, metrics: string | undefined): void {
  const api = `${server.url}/api/posts`;
  // `fw openapi` writes swagger.html (npm start at the root does, first); /docs/ always answers.
  const docs = `${server.url}/docs/${existsSync(join(appDir, 'priv', 'assets', 'swagger.html')) ? 'swagger.html' : ''}`;
  const where = `API ${api}, docs ${docs}${metrics === undefined ? '' : `, metrics ${metrics}`}`;
  server.logger.info({ event: 'ready', api, docs, ...(metrics !== undefined && { metrics }) }, `blog ready: ${where}`);
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
