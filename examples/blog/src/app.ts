/**
 * The blog app module (package.json "fw": {"app": "./src/app.ts"}): the blog-posts JSON API of
 * the spec on fw-core. start opens the store named by the `blog` config section (BLOG_STORE,
 * BLOG_SQLITE_PATH and DATABASE_URL override it), then sets telemetry up (fw-core/otel,
 * docs/telemetry.md); stop closes the store, then flushes telemetry. Importing this module
 * starts nothing: fw-cli loads it to describe the routes.
 */
import { defineApp } from 'fw-core';
import { otelFwPlugin, otelStreamHandler, type Telemetry } from 'fw-core/otel';
import { createBlogContext } from './blog-context.ts';
import { blogPlugins } from './plugins/index.ts';
import { readPostSchema, type PostSchema } from './posts/post-schema.ts';
import { createBlogRouter } from './router.ts';
import { startTelemetry } from './telemetry/start-telemetry.ts';

const context = createBlogContext();
let telemetry: Telemetry | undefined;

/** The running app's `/metrics` URL (main.ts logs it); undefined before start or without telemetry. */
export const metricsUrl = (): string | undefined => telemetry?.metricsUrl;

let post: PostSchema | undefined;

export default defineApp({
  name: 'blog',
  router: createBlogRouter(context),
  // priv/schemas/post.json, named: the routes answer {$ref: 'post'} (router.ts); read when fw asks, as the routes read it.
  get schemas() {
    return { post: (post ??= readPostSchema()) };
  },
  plugins: [...blogPlugins, otelFwPlugin],
  streamHandlers: [otelStreamHandler],
  start: async (app) => {
    // The store first: its start-up errors (a missing token) come before any telemetry line.
    await context.start(app);
    telemetry = await startTelemetry(app);
    context.observeStore();
  },
  stop: async () => {
    try {
      await context.stop();
    } finally {
      await telemetry?.shutdown();
      telemetry = undefined;
    }
  },
});
