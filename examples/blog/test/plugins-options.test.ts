// Needs the real process: bad options are asserted as exit code 1 and the stderr src/main.ts prints.
/**
 * Bad plugin options stop start-up (exit 1) with a message naming the plugin, the option and
 * the fix; they never reach a request.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startBlogExpectingFailure } from './support/blog-process.ts';
import { writePluginConfig } from './support/plugins-config.ts';

async function startupError(module: string, options: Record<string, unknown>): Promise<string> {
  const config = await writePluginConfig([{ module, options }]);
  try {
    const { code, stderr } = await startBlogExpectingFailure({ FW_CONFIG: config.path });
    assert.equal(code, 1);
    return stderr.trim();
  } finally {
    await config.remove();
  }
}

describe('cors_plugin options', () => {
  test('"*" with allow_credentials is refused', async () => {
    assert.equal(
      await startupError('cors_plugin', { allow_credentials: true }),
      'blog: cannot start: FW_ERR_PLUGIN_INIT_FAILED: plugin cors_plugin failed to start: cors_plugin: allow_credentials is true but allow_origins is "*"; browsers refuse "*" on credentialed requests, so list the exact origins, e.g. ["https://app.example"] or set allow_credentials to false\n' +
        '  caused by: BLOG_ERR_CORS_CREDENTIALS_WILDCARD: cors_plugin: allow_credentials is true but allow_origins is "*"; browsers refuse "*" on credentialed requests, so list the exact origins, e.g. ["https://app.example"] or set allow_credentials to false',
    );
  });

  test('"*" in allow_headers with allow_credentials is refused', async () => {
    const stderr = await startupError('cors_plugin', { allow_origins: ['https://app.example'], allow_headers: '*', allow_credentials: true });
    assert.match(stderr, /caused by: BLOG_ERR_CORS_CREDENTIALS_WILDCARD: cors_plugin: allow_credentials is true but allow_headers is "\*"/);
  });

  test('"*" in expose_headers with allow_credentials is refused', async () => {
    const stderr = await startupError('cors_plugin', { allow_origins: ['https://app.example'], expose_headers: ['*'], allow_credentials: true });
    assert.match(stderr, /caused by: BLOG_ERR_CORS_CREDENTIALS_WILDCARD: cors_plugin: allow_credentials is true but expose_headers is "\*"/);
  });

  test('an origin with a path names the fix', async () => {
    const stderr = await startupError('cors_plugin', { allow_origins: ['https://App.example/'] });
    assert.match(stderr, /caused by: BLOG_ERR_PLUGIN_OPTION: cors_plugin option allow_origins: "https:\/\/App.example\/" is not an origin; write it as "https:\/\/app.example"$/);
  });

  test('an unknown option and a bad header name', async () => {
    assert.match(await startupError('cors_plugin', { allow_origin: '*' }), /FW_ERR_PLUGIN_BAD_OPTIONS: cors_plugin does not know option allow_origin; its options are: allow_origins, allow_methods, allow_headers, max_age, allow_credentials, expose_headers$/);
    assert.match(await startupError('cors_plugin', { allow_headers: 'Content-Type, X Bad' }), /BLOG_ERR_PLUGIN_OPTION: cors_plugin option allow_headers: "X Bad" is not a method or header name/);
    assert.match(await startupError('cors_plugin', { max_age: -1 }), /FW_ERR_PLUGIN_BAD_OPTIONS: cors_plugin option max_age must be a whole number of seconds, 0 or more, e\.g\. 7200$/);
  });
});

describe('rate_limit_plugin options', () => {
  test('max_requests 0, an unknown store, a bad policy', async () => {
    assert.match(await startupError('rate_limit_plugin', { max_requests: 0 }), /FW_ERR_PLUGIN_BAD_OPTIONS: rate_limit_plugin option max_requests must be a whole number, 1 or more, e\.g\. 100$/);
    assert.match(await startupError('rate_limit_plugin', { store: 'mongo' }), /rate_limit_plugin option store must be "memory" or "redis", e\.g\. "redis"$/);
    assert.match(await startupError('rate_limit_plugin', { on_store_error: 'ignore' }), /rate_limit_plugin option on_store_error must be "allow" or "deny", e\.g\. "deny"$/);
  });

  test('a bad trusted proxy and a bad Redis URL name the entry and the fix', async () => {
    assert.match(
      await startupError('rate_limit_plugin', { trusted_proxies: ['10.0.0.0/8', '10.0.0.0/33'] }),
      /BLOG_ERR_PLUGIN_OPTION: rate_limit_plugin option trusted_proxies: "10\.0\.0\.0\/33" has a prefix length outside 0-32; list proxy addresses or CIDR blocks, e\.g\. \["10\.0\.0\.0\/8", "::1"\]$/,
    );
    assert.match(await startupError('rate_limit_plugin', { trusted_proxies: ['proxy.internal'] }), /"proxy\.internal" is not an IPv4 or IPv6 address/);
    assert.match(await startupError('rate_limit_plugin', { store: 'redis', redis_url: 'http://127.0.0.1:6379' }), /BLOG_ERR_PLUGIN_OPTION: rate_limit_plugin: option redis_url is not a redis:\/\/ or rediss:\/\/ URL; set it like redis:\/\/127\.0\.0\.1:6379$/);
  });

  test('a block of every address in trusted_proxies (a /0, or every IPv4 peer mapped) is refused: every client could choose its own key', async () => {
    for (const block of ['0.0.0.0/0', '::/0', '::ffff:0:0/96']) {
      assert.match(
        await startupError('rate_limit_plugin', { trusted_proxies: ['10.0.0.0/8', block] }),
        new RegExp(`BLOG_ERR_PLUGIN_OPTION: rate_limit_plugin option trusted_proxies: "${block.replaceAll('.', '\\.')}" trusts every address, so any client could choose its own key by sending X-Forwarded-For;`),
      );
    }
  });

  test('exempt_paths must be a list of route paths as the router registers them', async () => {
    assert.match(await startupError('rate_limit_plugin', { exempt_paths: '/heartbeat' }), /FW_ERR_PLUGIN_BAD_OPTIONS: rate_limit_plugin option exempt_paths must be a list of route paths, e\.g\. \["\/heartbeat"\]$/);
    for (const entry of ['heartbeat', '/heartbeat/', '/heartbeat?probe=1', '', '/api//posts']) {
      const stderr = await startupError('rate_limit_plugin', { exempt_paths: ['/login', entry] });
      assert.ok(
        stderr.endsWith(
          `  caused by: BLOG_ERR_PLUGIN_OPTION: rate_limit_plugin option exempt_paths: ${JSON.stringify(entry)} is not a route path; ` +
            'write each path as the router registers it, group prefix included, e.g. ["/heartbeat", "/api/posts/:id"]',
        ),
        stderr,
      );
    }
  });
});
