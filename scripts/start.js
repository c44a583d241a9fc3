// @ts-check
/**
 * `npm start` (after `npm run build`): runs the blog-posts service of examples/blog from its
 * build (dist/main.js, which hands fw the compiled app), in its directory, on port 8080 unless
 * PORT says otherwise. Plain JavaScript, as the build is, so the service's process loads no
 * TypeScript stripper: about 17 MB of resident memory (bench/memory.bench.ts, docs/decisions.md).
 * FW_ENV, LOG_LEVEL, BLOG_STORE, BLOG_SQLITE_PATH, DATABASE_URL and BLOG_API_TOKEN pass through
 * (docs/blog-api.md). main.ts handles SIGTERM/SIGINT and start-up errors itself.
 *
 * First it regenerates the API docs the blog serves at /docs/ (`fw openapi --offline --output
 * priv/assets/openapi.json`: openapi.json, swagger.html and the Swagger UI assets, all
 * git-ignored), so /docs/swagger.html always describes the routes being started. A failure
 * there is reported and the service starts anyway.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const blogDir = join(root, 'examples', 'blog');
process.chdir(blogDir);
generateDocs();
await import(pathToFileURL(join(blogDir, 'dist', 'main.js')).href);

function generateDocs() {
  const fw = join(root, 'packages', 'fw-cli', 'bin', 'fw.js');
  // --app, not the cwd alone: under `npx node scripts/start.js` npm sets INIT_CWD, which fw
  // takes as the directory it was typed in (docs/cli.md).
  const args = [fw, 'openapi', '--app', blogDir, '--offline', '--output', join(blogDir, 'priv', 'assets', 'openapi.json')];
  const run = spawnSync(process.execPath, args, { cwd: blogDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status === 0) return;
  const why = run.error?.message ?? (run.stderr.trim() || `exit status ${run.status}`);
  process.stderr.write(`start: the API docs under /docs/ were not regenerated (the service starts anyway): ${why}\n`);
}
