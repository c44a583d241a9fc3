/**
 * The fw app every fw bench server runs: GET /api/posts/:id from the shared post table through
 * the spec's global fw_request_plugin, log_level warn (no per-request log line, like the
 * baseline). Extra plugins and stream handlers (telemetry) are passed in, and named in the
 * configuration in front of fw's own.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineApp, defineController, json, startServer, type FwPlugin, type StreamHandler } from '../../packages/fw-core/src/index.ts';
import { posts, reportReady } from './bench-child.ts';

/** What a bench server adds to the plain app. */
export interface BenchAppExtras {
  // Any state and options, as FwApp.plugins takes them.
  readonly plugins?: readonly FwPlugin<any, any>[];
  readonly streamHandlers?: readonly StreamHandler[];
  /** Exports what the server's telemetry holds (the bench asks after each round). */
  readonly flush?: () => Promise<void>;
}

/** Starts the app on a free loopback port and reports it to the parent bench. */
export async function servePostsApp(extras: BenchAppExtras = {}): Promise<void> {
  const plugins = extras.plugins ?? [];
  const streamHandlers = extras.streamHandlers ?? [];
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
    plugins: [...plugins],
    streamHandlers: [...streamHandlers],
  });
  const dir = await mkdtemp(join(tmpdir(), 'fw-bench-'));
  const serverConfiguration = streamHandlers.length === 0 ? {} : { stream_handlers: [...streamHandlers.map((handler) => handler.name), 'fw_stream_h'] };
  await writeFile(
    join(dir, 'fw.config.json'),
    JSON.stringify({
      fw: {
        bootstrap_application: 'bench',
        log_level: 'warn',
        server_configuration: { port: 0, host: '127.0.0.1', ...serverConfiguration },
        plugins: [
          ...plugins.map((plugin) => ({ phase: 'pre_request', module: plugin.name, options: {} })),
          { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true } },
        ],
      },
    }),
  );
  const server = await startServer({ appDir: dir, app, env: {}, handleSignals: true });
  reportReady(server.port, extras.flush);
}
