/**
 * The blog app module (package.json "fw": {"app": "./src/app.ts"}): the blog-posts JSON API of
 * the spec on fw-core. start opens the store named by the `blog` config section (BLOG_STORE,
 * BLOG_SQLITE_PATH and DATABASE_URL override it); stop closes it.
 */
import { defineApp } from 'fw-core';
import { createBlogContext } from './blog-context.ts';
import { blogPlugins } from './plugins/index.ts';
import { createBlogRouter } from './router.ts';

const context = createBlogContext();

export default defineApp({
  name: 'blog',
  router: createBlogRouter(context),
  plugins: blogPlugins,
  start: (app) => context.start(app),
  stop: () => context.stop(),
});
