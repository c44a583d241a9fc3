/**
 * `npm start` (after `npm run build`): runs the blog-posts service of examples/blog exactly as
 * its own `npm start` does, from its directory, on port 8080 unless PORT says otherwise.
 * FW_ENV, LOG_LEVEL, BLOG_STORE, BLOG_SQLITE_PATH, DATABASE_URL and BLOG_API_TOKEN pass through
 * (docs/blog-api.md). main.ts handles SIGTERM/SIGINT and start-up errors itself.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const blogDir = join(import.meta.dirname, '..', 'examples', 'blog');
process.chdir(blogDir);
await import(pathToFileURL(join(blogDir, 'src', 'main.ts')).href);
