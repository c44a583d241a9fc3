/**
 * Behind the guide's HAProxy or nginx, on PostgreSQL, a client that gives up on a read holds nothing: the balancer
 * closes its connection to the blog, the request's `req.signal` aborts, and the statement waiting on a lock is
 * cancelled on the server, long before the statement timeout or the balancer's own `timeout server`
 * (docs/blog-stores.md, "A read for a client that has gone is cancelled").
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';
import { until } from '../../packages/fw-core/test/support/until.ts';
import { createTestSchema, type TestSchema } from '../../examples/blog/test/support/store-postgres.ts';
import { startBlogAsUser, writeTempConfig, type BlogProcess, type TempConfig } from './support/blog-as-user.ts';
import { DEPLOY_API_TOKEN } from './support/blog-instances.ts';
import { GUIDE_BALANCERS, type StartBalancer } from './support/guide-balancers.ts';
import { guideConfig } from './support/guide-config.ts';

/** Far beyond until()'s 10 s: a statement ended by its timeout would fail the test. */
const STATEMENT_TIMEOUT_MS = '60000';

for (const [name, skip, startBalancer] of GUIDE_BALANCERS) {
  describe(`behind the guide's ${name}, a read for a client that gave up`, { skip }, () => {
    let schema: TestSchema;
    let config: TempConfig;
    let blog: BlogProcess;
    let balancer: Awaited<ReturnType<StartBalancer>> | undefined;
    let id = 0;

    before(async () => {
      schema = await createTestSchema();
      config = await writeTempConfig(guideConfig());
      const port = await closedPort();
      blog = await startBlogAsUser({
        FW_CONFIG: config.path,
        FW_ENV: 'prod',
        PORT: String(port),
        DATABASE_URL: schema.url,
        BLOG_API_TOKEN: DEPLOY_API_TOKEN,
        BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: STATEMENT_TIMEOUT_MS,
        BLOG_POSTGRES_QUERY_TIMEOUT_MS: STATEMENT_TIMEOUT_MS,
      });
      const created = await blog.request('POST', '/api/posts', { body: { title: 'behind a lock', body: 'b' }, headers: { authorization: `Bearer ${DEPLOY_API_TOKEN}` } });
      assert.equal(created.status, 201, created.text);
      id = created.json.id;
      balancer = await startBalancer(port);
    });
    after(async () => {
      await blog?.stop();
      await balancer?.stop();
      await config?.remove();
      await schema?.drop();
    });

    const waiting = async (): Promise<number> =>
      (await schema.query(`SELECT count(*)::int AS n FROM pg_locks WHERE relation = '${schema.name}.blog_posts'::regclass AND NOT granted`)).rows[0].n as number;

    it('is cancelled on PostgreSQL once the client hangs up, and the service reads on', async () => {
      await schema.query('BEGIN');
      try {
        await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
        const target = new URL(balancer!.url);
        const socket = connect(Number(target.port), target.hostname);
        socket.on('error', () => {});
        socket.write(`GET /api/posts/${id} HTTP/1.1\r\nHost: blog.example\r\n\r\n`);
        await until('the read to wait on the lock', async () => (await waiting()) > 0);
        socket.destroy();
        await until('the waiting statement to be cancelled', async () => (await waiting()) === 0);
        const request = await until('the request line', () => blog.logLines().find((line) => line.event === 'request' && line.path === `/api/posts/${id}` && line.aborted === true));
        assert.equal(request.status, 0);
      } finally {
        await schema.query('COMMIT');
      }
      const after = await fetch(`${balancer!.url}/api/posts/${id}`);
      assert.equal(after.status, 200);
      assert.equal(((await after.json()) as { title: string }).title, 'behind a lock');
    });
  });
}
