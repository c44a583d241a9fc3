/**
 * The blog in this process, requests by inject(): createListener on examples/blog with the
 * same environment a blog subprocess gets (blogEnv), so the same configuration, plugins, store
 * and telemetry start hook run, without a child process, a port or a socket per request. For
 * the API tests where the transport is not what is tested; api-hostile-requests and the
 * npm-start and durability tests keep the real process.
 *
 * One at a time per test process: the app module is imported once, and app.ts keeps the store
 * and telemetry in module state, so a second blog would take them over from the first.
 */
import { createListener, inject, type FwApp, type FwListener, type LogLevel, type Logger } from 'fw-core';
import { BLOG_DIR, blogEnv, parseJson, type Reply, type RequestOptions } from './blog-process.ts';

/** The blog behind inject(); `request` answers as BlogProcess's does. */
export interface InjectedBlog {
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  /** Every log line so far, at every level, with its fields. */
  logLines(): Record<string, unknown>[];
  /** The app's stop (stores, telemetry), as SIGTERM would. */
  stop(): Promise<void>;
}

let running = false;

/**
 * Builds the blog's listener with `env` over blogEnv's, and `app` (built from src/app.ts's, e.g.
 * with a plugin on a test clock) instead of importing it; throws while another is running.
 */
export async function startInjectedBlog(env: Record<string, string | undefined> = {}, app?: FwApp): Promise<InjectedBlog> {
  if (running) throw new Error('an injected blog is already running in this process: stop it first (see the top of blog-injected.ts)');
  running = true;
  const lines: Record<string, unknown>[] = [];
  let fw: FwListener;
  try {
    fw = await createListener({ appDir: BLOG_DIR, env: blogEnv(env), logger: recordingLogger(lines), ...(app && { app }) });
  } catch (error) {
    running = false;
    throw error;
  }
  return {
    async request(method, path, options = {}) {
      const headers = Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name, String(value)]));
      const res = await inject(fw, { method, url: path, headers, ...(options.body !== undefined && { body: options.body }) });
      return { status: res.status, headers: res.headers, text: res.body, json: parseJson(res.body) };
    },
    logLines: () => [...lines],
    async stop() {
      try {
        await fw.close();
      } finally {
        running = false;
      }
    },
  };
}

function recordingLogger(lines: Record<string, unknown>[]): Logger {
  const at = (level: LogLevel) => (fields: Record<string, unknown>, msg?: string) => {
    lines.push({ level, ...fields, ...(msg !== undefined && { msg }) });
  };
  return { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), fatal: at('fatal') };
}
