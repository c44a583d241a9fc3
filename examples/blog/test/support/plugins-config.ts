/**
 * Temporary fw.config.json files that turn the blog's plugins on (or set its `blog` section) for
 * one test run: the blog starts with FW_CONFIG pointing at the file. fw_request_plugin stays
 * last, as in the blog's own configuration.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { FwApp } from 'fw-core';
import { startInjectedBlog, type InjectedBlog } from './blog-injected.ts';

/** A plugin registration as fw.config.json takes it. */
export interface PluginRegistration {
  readonly phase?: 'pre_request' | 'post_request';
  readonly module: string;
  readonly options?: Record<string, unknown>;
}

/** A written configuration: its path, and how to remove it. */
export interface PluginConfig {
  readonly path: string;
  remove(): Promise<void>;
}

/** Writes a config with `plugins` (pre_request unless given) before fw_request_plugin, and `blog` as the blog section. */
export async function writePluginConfig(
  plugins: readonly PluginRegistration[],
  blog: Readonly<Record<string, unknown>> = { store: 'memory' },
): Promise<PluginConfig> {
  const dir = await mkdtemp(join(tmpdir(), 'blog-plugins-'));
  const path = join(dir, 'fw.config.json');
  const entries = [
    ...plugins.map((p) => ({ phase: p.phase ?? 'pre_request', module: p.module, ...(p.options && { options: p.options }) })),
    { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true } },
  ];
  const config = {
    fw: { bootstrap_application: 'blog', server_configuration: { port: 8080 }, plugins: entries, use_stacktrace: false },
    blog,
  };
  await writeFile(path, JSON.stringify(config, null, 2));
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * In the enclosing describe: starts one blog with `plugins` before its tests, in this process
 * behind inject() (support/blog-injected.ts), stops it and removes the config after them.
 * Returns the running blog. Plugins read their own variables (REDIS_URL) from process.env, not
 * from the env the blog is started with: pass such settings as options. `app` replaces the app
 * module (src/app.ts's app with a plugin on a test clock, say).
 */
export function blogWithPlugins(plugins: readonly PluginRegistration[], app?: FwApp): () => InjectedBlog {
  let config: PluginConfig;
  let blog: InjectedBlog;
  before(async () => {
    config = await writePluginConfig(plugins);
    blog = await startInjectedBlog({ FW_CONFIG: config.path }, app);
  });
  after(async () => {
    await blog?.stop();
    await config?.remove();
  });
  return () => blog;
}
