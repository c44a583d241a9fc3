/**
 * Behind the guide's HAProxy or nginx, on PostgreSQL, a client that gives up on a read holds nothing: the balancer
 * closes its connection to the blog, the request's `req.signal` aborts, and the statement waiting on a lock is
 * cancelled on the server, long before the statement timeout or the balancer's own `timeout server`
 * (docs/blog-stores.md, "A read for a client that has gone is cancelled"). A write waiting on the lock is cancelled the
 * same way, before anything of it is committed, and the instance's log says so (`write_cancelled_client_gone`). And
 * /ready is the health checks', not the clients':
 * the balancer refuses it.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { until } from '../../packages/fw-core/test/support/until.ts';
import { DEPLOY_API_TOKEN } from './support/blog-instances.ts';
import { GUIDE_BALANCERS, startBalancedBlog, type BalancedBlog } from './support/guide-balancers.ts';
import { guideConfig } from './support/guide-config.ts';

/** Far beyond until()'s 10 s: a statement ended by its timeout would fail the test. */
const STATEMENT_TIMEOUT_MS = '60000';

for (const [name, skip, startBalancer] of GUIDE_BALANCERS) {
  describe(`behind the guide's ${name}: a read and a write for a client that gave up, and /ready`, { skip }, () => {
    let deployed: BalancedBlog;
    let id = 0;

    before(async () => {
      deployed = await startBalancedBlog(startBalancer, guideConfig(), { BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: STATEMENT_TIMEOUT_MS, BLOG_POSTGRES_QUERY_TIMEOUT_MS: STATEMENT_TIMEOUT_MS });
      const created = await deployed.blog.request('POST', '/api/posts', { body: { title: 'behind a lock', body: 'b' }, headers: { authorization: `Bearer ${DEPLOY_API_TOKEN}` } });
      assert.equal(created.status, 201, created.text);
      id = created.json.id;
    });
    after(() => deployed?.stop());

    const waiting = async (): Promise<number> =>
      (await deployed.schema.query(`SELECT count(*)::int AS n FROM pg_locks WHERE relation = '${deployed.schema.name}.blog_posts'::regclass AND NOT granted`)).rows[0].n as number;

    /** Sends `request` through the balancer while blog_posts is locked, and hangs up once its statement waits on the lock. */
    const sendAndHangUp = async (request: string, what: string): Promise<void> => {
      await deployed.schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
      const target = new URL(deployed.url);
      const socket = connect(Number(target.port), target.hostname);
      socket.on('error', () => {});
      socket.write(request);
      await until(`the ${what} to wait on the lock`, async () => (await waiting()) > 0);
      socket.destroy();
    };

    it("refuses /ready to clients (403): readiness is the health checks', sent to the instances", async () => {
      assert.equal((await fetch(`${deployed.url}/ready`)).status, 403);
      assert.equal((await deployed.blog.request('GET', '/ready')).status, 200, 'the instance itself still answers its checks');
    });

    it('is cancelled on PostgreSQL once the client hangs up, and the service reads on', async () => {
      await deployed.schema.query('BEGIN');
      try {
        await sendAndHangUp(`GET /api/posts/${id} HTTP/1.1\r\nHost: blog.example\r\n\r\n`, 'read');
        await until('the waiting statement to be cancelled', async () => (await waiting()) === 0);
        const request = await until('the request line', () => deployed.blog.logLines().find((line) => line.event === 'request' && line.path === `/api/posts/${id}` && line.aborted === true));
        assert.equal(request.status, 0);
      } finally {
        await deployed.schema.query('COMMIT');
      }
      const after = await fetch(`${deployed.url}/api/posts/${id}`);
      assert.equal(after.status, 200);
      assert.equal(((await after.json()) as { title: string }).title, 'behind a lock');
    });

    it('cancels a write the client gave up on before it committed, stores nothing of it, and the instance logs it', async () => {
      const body = JSON.stringify({ title: 'given up on', body: 'b' });
      let requestId: unknown;
      await deployed.schema.query('BEGIN');
      try {
        await sendAndHangUp(`POST /api/posts HTTP/1.1\r\nHost: blog.example\r\nAuthorization: Bearer ${DEPLOY_API_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`, 'write');
        // Cancelled while the lock is still held: its connection is free long before the statement timeout.
        await until('the waiting write to be cancelled', async () => (await waiting()) === 0);
        const request = await until('the request line', () => deployed.blog.logLines().find((line) => line.event === 'request' && line.method === 'POST' && line.aborted === true));
        requestId = request.request_id;
      } finally {
        await deployed.schema.query('COMMIT');
      }
      const cancelled = await until('the cancelled write\'s line', () => deployed.blog.logLines().find((line) => line.event === 'write_cancelled_client_gone'));
      assert.deepEqual([cancelled.request_id, cancelled.operation], [requestId, 'create']);
      assert.equal(deployed.blog.logLines().some((line) => line.event === 'write_done_client_gone'), false);
      assert.equal((await deployed.schema.query("SELECT 1 FROM blog_posts WHERE title = 'given up on'")).rowCount, 0);
    });
  });
}
