/**
 * fw serving GET /api/posts/:id like bench/servers/fw-server.ts, with telemetry on as the blog
 * has it: otel_fw_stream_h before fw_stream_h, otel_fw_plugin, setupTelemetry exporting spans
 * over OTLP/HTTP protobuf to OTEL_EXPORTER_OTLP_ENDPOINT (the bench's sink), metrics recorded.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineApp, defineController, json, startServer } from '../../packages/fw-core/src/index.ts';
import { otelFwPlugin, otelStreamHandler, setupTelemetry } from '../../packages/fw-core/src/otel/index.ts';
import { posts, reportReady } from '../servers/bench-child.ts';

await setupTelemetry({ serviceName: 'fw-bench', env: process.env });
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
  plugins: [otelFwPlugin],
  streamHandlers: [otelStreamHandler],
});
const dir = await mkdtemp(join(tmpdir(), 'fw-bench-'));
await writeFile(
  join(dir, 'fw.config.json'),
  JSON.stringify({
    fw: {
      bootstrap_application: 'bench',
      log_level: 'warn',
      server_configuration: { port: 0, host: '127.0.0.1', stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] },
      plugins: [
        { phase: 'pre_request', module: 'otel_fw_plugin', options: {} },
        { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true } },
      ],
    },
  }),
);
const server = await startServer({ appDir: dir, app, env: {}, handleSignals: true });
reportReady(server.port);
