// Needs the real process: the /metrics listener's scrape is the point.
/**
 * The PostgreSQL pool's metrics on a real /metrics scrape of the blog, under the OpenTelemetry
 * semantic-convention names as Prometheus renders them (store/postgres-pool-metrics.ts):
 * connections by state, the pool's maximum, requests waiting for a connection, and the waits
 * that timed out. The pool is sized by BLOG_POSTGRES_POOL_SIZE=1, and its one connection is
 * held by a read that waits on a table another session locked, so a second read has to wait.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { startBlog, type BlogProcess } from './support/blog-process.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './support/store-postgres.ts';

describe('PostgreSQL pool metrics on /metrics', () => {
  let schema: TestSchema;
  let blog: BlogProcess;
  let pool: string;

  before(async () => {
    schema = await createTestSchema();
    blog = await startBlog({ BLOG_STORE: 'postgres', DATABASE_URL: schema.url, BLOG_POSTGRES_POOL_SIZE: '1', BLOG_POSTGRES_CONNECT_TIMEOUT_MS: '300' });
    const url = new URL(TEST_DATABASE_URL);
    pool = `db_client_connection_pool_name="${url.hostname}:${url.port || 5432}${url.pathname}"`;
  });
  after(async () => {
    await blog?.stop();
    await schema?.drop();
  });

  /** The pool's series of one scrape, without the HELP and TYPE lines. */
  const scrape = async (): Promise<string[]> => {
    const text = await (await fetch(blog.metricsUrl!)).text();
    return text.split('\n').filter((line) => line.startsWith('db_client_connection'));
  };
  const series = (idle: number, used: number, pending: number, timeouts: number): string[] => [
    `db_client_connection_count{${pool},db_client_connection_state="idle",otel_scope_name="blog-example/store"} ${idle}`,
    `db_client_connection_count{${pool},db_client_connection_state="used",otel_scope_name="blog-example/store"} ${used}`,
    `db_client_connection_max{${pool},otel_scope_name="blog-example/store"} 1`,
    `db_client_connection_pending_requests{${pool},otel_scope_name="blog-example/store"} ${pending}`,
    `db_client_connection_timeouts_total{${pool},otel_scope_name="blog-example/store"} ${timeouts}`,
  ];

  test('an idle pool: its one connection idle, nothing waiting, no timeouts', async () => {
    assert.deepEqual(await scrape(), series(1, 0, 0, 0));
  });

  test('a request waiting for the busy connection is pending, and counted as a timeout once it gives up (503)', async () => {
    await schema.query('BEGIN');
    await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
    const held = blog.request('GET', '/api/posts');
    await until('the read to hold the connection', async () => (await scrape()).join('\n') === series(0, 1, 0, 0).join('\n'));
    const waiting = blog.request('GET', '/api/posts/1');
    await until('the second read to wait', async () => (await scrape()).join('\n') === series(0, 1, 1, 0).join('\n'));
    assert.equal((await waiting).status, 503);
    assert.deepEqual(await scrape(), series(0, 1, 0, 1));
    await schema.query('COMMIT');
    assert.equal((await held).status, 200);
    assert.deepEqual(await scrape(), series(1, 0, 0, 1));
  });
});
