/**
 * A rolling restart while a client reads a long list page slowly through the guide's HAProxy: two blog instances
 * (`npm start`, FW_ENV=prod) on PostgreSQL, a page of about 1 MB (GET /api/posts?limit=1000, streamed post by post), and
 * a client that reads none of it until both instances have been restarted in turn. Then the client reads the whole page,
 * its chunked framing complete and its JSON whole: a restart neither truncates nor holds a page a client is slow to
 * read, and the instance that sent it stopped gracefully (exit 0) without cutting a connection.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';
import { until } from '../../packages/fw-core/test/support/until.ts';
import { createTestSchema, type TestSchema } from '../../examples/blog/test/support/store-postgres.ts';
import { killInstances, startInstances, type BlogInstance } from './support/blog-instances.ts';
import { HAPROXY_SKIP_REASON, startHaproxy, type Haproxy } from './support/haproxy.ts';
import { parseResponse, type ParsedResponse } from './support/raw-http.ts';
import { rollingRestart, type RestartRecord } from './support/rolling-restart.ts';

const SERVERS = ['blog1', 'blog2'];
const POSTS = 110;
/** Each post's body: the page is about 1 MB, under the list's byte budget (list-page.ts), so every post is on it. */
const BODY_BYTES = 9000;

describe('a rolling restart behind HAProxy while a client reads a long list page slowly', { skip: HAPROXY_SKIP_REASON }, () => {
  let schema: TestSchema;
  let instances: BlogInstance[] = [];
  let haproxy: Haproxy | undefined;
  let restarts: RestartRecord[] = [];
  let response: ParsedResponse;

  before(async () => {
    schema = await createTestSchema();
    instances = await startInstances(SERVERS.length, schema.url);
    const proxy = (haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: instances.map((one) => one.port) }));
    await Promise.all(SERVERS.map((server) => proxy.waitForStatus('blog', server, 'UP', 15_000)));
    await schema.query(`INSERT INTO blog_posts (title, body, status, inserted_at, updated_at)
      SELECT 'slow reader ' || n, repeat('x', ${BODY_BYTES}), 'published', now(), now() FROM generate_series(1, ${POSTS}) AS n`);
    const socket = connect(Number(new URL(proxy.url).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.pause();
    socket.write('GET /api/posts?limit=1000 HTTP/1.1\r\nHost: blog.example\r\nConnection: close\r\n\r\n');
    await until('an instance to have answered the list', () => instances.some((one) => one.current().logLines().some((line) => line.event === 'request' && line.status === 200)));
    ({ restarts } = await rollingRestart(new Map(SERVERS.map((server, at) => [server, instances[at]!])), 1, {
      waitUntilServing: (server) => proxy.waitForStatus('blog', server, 'UP', 15_000),
    }));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.resume();
    await closed;
    response = parseResponse(Buffer.concat(chunks), { head: false });
  });
  after(async () => {
    await killInstances(instances);
    await haproxy?.stop();
    await schema?.drop();
  });

  test('the client read the whole page after both restarts: 200, chunked framing complete, every post', () => {
    assert.equal(response.status, 200);
    const page = JSON.parse(response.body.toString('utf8')) as { posts: Array<{ body: string }> };
    assert.deepEqual([page.posts.length, page.posts.every((post) => post.body.length === BODY_BYTES)], [POSTS, true]);
  });

  test('each instance stopped gracefully (exit 0) and cut no connection', () => {
    assert.deepEqual(restarts.map((r) => [r.instance, r.exitCode]), SERVERS.map((server) => [server, 0]));
    const cut = instances.flatMap((one) => one.processes()[0]!.logLines()).filter((line) => line.event === 'connections_cut' || line.cut_at_shutdown === true);
    assert.deepEqual(cut, []);
  });
});
