/**
 * fw serving GET /api/posts/:id from the same table, with its default stream handler, the
 * spec's global fw_request_plugin, and log_level warn (no per-request log line, like the
 * baseline).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineApp, defineController, json, startServer } from '../../packages/fw-core/src/index.ts';
import { posts, reportReady } from './bench-child.ts';

const controller = defineController('blog_posts_controller', {
  show: (req) => {
    const post = posts.get(Number(req.bindings.id));
    return post ? json(post) : json({ error: 'post not found' }, 404);
  },
});
const app = defineApp({
  name: 'bench',
  router: {
    name: 'bench_router',
    routes: () => [{ prefix: '/api', security: false, routes: [{ path: '/posts/:id', handler: controller.show, options: { methods: ['get'] } }] }],
  },
});
const dir = await mkdtemp(join(tmpdir(), 'fw-bench-'));
await writeFile(
  join(dir, 'fw.config.json'),
  JSON.stringify({
    fw: {
      bootstrap_application: 'bench',
      log_level: 'warn',
      server_configuration: { port: 0, host: '127.0.0.1' },
      plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true } }],
    },
  }),
);
const server = await startServer({ appDir: dir, app, env: {}, handleSignals: true });
reportReady(server.port);
