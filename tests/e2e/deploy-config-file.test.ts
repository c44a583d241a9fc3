/**
 * The configuration file docs/operations.md gives a deployment (passed as FW_CONFIG) starts the
 * blog the way the release runs it, FW_ENV=prod: the file has the `environments.prod` entry
 * that environment needs (issue 35, item 11: the earlier example had none, so FW_ENV=prod
 * refused to start), its prod overlay runs the PostgreSQL store, and its rate limit on Redis
 * counts what the guide says: neither probe is ever limited (`/heartbeat` through
 * `exempt_paths`, `/ready` because it runs no plugin), the API is. Only the Redis key prefix is
 * changed, so that runs do not share counters.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createTestSchema, type TestSchema } from '../../examples/blog/test/support/store-postgres.ts';
import { startBlogAsUser, writeTempConfig, type BlogProcess, type TempConfig } from './support/blog-as-user.ts';
import { DEPLOY_API_TOKEN } from './support/blog-instances.ts';
import { guideConfig } from './support/guide-config.ts';

/** One more than the guide's `max_requests`. */
const OVER_THE_LIMIT = 101;

describe("the guide's configuration file, under FW_ENV=prod", () => {
  let schema: TestSchema;
  let config: TempConfig;
  let blog: BlogProcess;
  const statuses = new Map<string, number[]>();

  before(async () => {
    schema = await createTestSchema();
    const file = guideConfig();
    const limiter = file.fw.plugins.find((entry: { module: string }) => entry.module === 'rate_limit_plugin');
    limiter.options.key_prefix = `fw-e2e-deploy:${randomUUID()}:`;
    config = await writeTempConfig(file);
    blog = await startBlogAsUser({ FW_CONFIG: config.path, FW_ENV: 'prod', DATABASE_URL: schema.url, BLOG_API_TOKEN: DEPLOY_API_TOKEN });
    for (const path of ['/ready', '/heartbeat', '/api/posts?limit=1']) {
      const got: number[] = [];
      for (let i = 0; i < OVER_THE_LIMIT; i += 1) got.push((await blog.request('GET', path)).status);
      statuses.set(path, got);
    }
  });
  after(async () => {
    await blog?.stop();
    await config?.remove();
    await schema?.drop();
  });

  it('starts in the prod environment on the PostgreSQL store', () => {
    const lines = blog.logLines();
    assert.equal(lines.find((line) => line.event === 'listening')?.environment, 'prod');
    assert.equal(lines.find((line) => line.event === 'store_opened')?.store, 'postgres');
  });

  it("lets the browser app's origin send Idempotency-Key, as blog-api.md tells clients to (a red team's browser could not write)", async () => {
    const headers = { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' };
    const preflight = await blog.request('OPTIONS', '/api/posts', { headers });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'https://app.example');
    assert.match(String(preflight.headers['access-control-allow-headers']), /\bIdempotency-Key\b/i);
  });

  it('never limits either probe, and limits the API after max_requests', () => {
    assert.deepEqual(statuses.get('/ready'), Array(OVER_THE_LIMIT).fill(200));
    assert.deepEqual(statuses.get('/heartbeat'), Array(OVER_THE_LIMIT).fill(200));
    assert.deepEqual(statuses.get('/api/posts?limit=1'), [...Array(OVER_THE_LIMIT - 1).fill(200), 429]);
  });
});
