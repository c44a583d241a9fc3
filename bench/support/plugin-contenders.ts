/**
 * The blog configurations bench/plugins.bench.ts compares (and tests/bench-contenders-plugins.test.ts
 * holds to the same answer), the request it loads them with, and the post that request reads.
 *
 * The request carries an Origin in cors_plugin's list, as a browser's cross-origin fetch does: without
 * one, cors_plugin only adds `Vary: Origin` and the bench would price the plugin without the
 * access-control-* headers it exists to write. Every contender gets the same request.
 */
import type autocannon from 'autocannon';

/** One configuration: its name in the report and the plugins it runs before fw_request_plugin. */
export interface PluginContender {
  readonly name: string;
  readonly plugins: readonly object[];
}

/** The origin the bench's requests come from; the first of cors_plugin's list. */
export const BENCH_ORIGIN = 'https://app.example';

/** GET of the post seedPost created, from BENCH_ORIGIN. */
export const PLUGINS_REQUEST: autocannon.Request = { method: 'GET', path: '/api/posts/1', headers: { origin: BENCH_ORIGIN } };

const LIMIT = { max_requests: 1_000_000_000, window_ms: 3_600_000 };

/** The four configurations, `off` first; the Redis one counts under `redisKeyPrefix`. */
export function pluginContenders(redisKeyPrefix: string): readonly PluginContender[] {
  return [
    { name: 'off', plugins: [] },
    { name: 'cors_plugin (list of 2 origins)', plugins: [{ module: 'cors_plugin', options: { allow_origins: [BENCH_ORIGIN, 'https://admin.example'] } }] },
    { name: 'rate_limit_plugin, memory', plugins: [{ module: 'rate_limit_plugin', options: { ...LIMIT, store: 'memory' } }] },
    { name: 'rate_limit_plugin, redis', plugins: [{ module: 'rate_limit_plugin', options: { ...LIMIT, store: 'redis', key_prefix: redisKeyPrefix } }] },
  ];
}

/** The fw.config.json of one configuration: the blog on the memory store, its plugins, then fw_request_plugin. */
export function pluginsConfig(contender: PluginContender): string {
  const plugins = [...contender.plugins.map((p) => ({ phase: 'pre_request', ...p })), { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }];
  return JSON.stringify({ fw: { bootstrap_application: 'blog', plugins }, blog: { store: 'memory' } });
}

/** Creates post 1 on the blog at `url` (PLUGINS_REQUEST reads it); throws unless it is created. */
export async function seedPost(url: string): Promise<void> {
  const body = JSON.stringify({ title: 'Benchmark post', body: 'Lorem ipsum dolor sit amet. '.repeat(4), status: 'published', user_id: 7 });
  const created = await fetch(`${url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (created.status !== 201) throw new Error(`POST /api/posts answered ${created.status}`);
}
