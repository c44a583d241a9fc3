/**
 * fw serving GET /api/posts/:id from the same table, with its default stream handler, the
 * spec's global fw_request_plugin, and log_level warn (no per-request log line, like the
 * baseline).
 */
import { servePostsApp } from './serve-posts-app.ts';

await servePostsApp();
