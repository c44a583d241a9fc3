/**
 * PostgreSQL stalls under load behind the guide's HAProxy: two blog instances (`npm start`, FW_ENV=prod, small pools and
 * timeouts), clients sending GETs and POSTs with an Idempotency-Key, resent once with it when the outcome is unknown
 * (docs/operations.md, "Clients and retries"), while another session holds `LOCK TABLE blog_posts IN ACCESS EXCLUSIVE
 * MODE` past the statement timeout. During the lock a burst of keyed POSTs, more than the pools hold, is sent, and two
 * more keyed POSTs are given up on by their clients once they wait on the lock. Then: every answer in the stall is the
 * route's or a 503 with Retry-After (the statement timeout, or no pooled connection in time), never a 500 or 504, and
 * each 503 was retryable: resent with its key after the release it is written once (201, not a replay), and a second
 * resend replays it; the writes given up on were cancelled while the lock was still held and stored nothing until
 * resent; every POST answered 201 is stored exactly once; and once the lock is gone, no instance holds a backend in a
 * transaction, a busy one, an Idempotency-Key's advisory lock, or more backends than its pools.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';
import { until } from '../../packages/fw-core/test/support/until.ts';
import { createTestSchema, type TestSchema } from '../../examples/blog/test/support/store-postgres.ts';
import { GUIDE_BALANCERS, startBalancedBlog, type BalancedBlog } from './support/guide-balancers.ts';
import { DEPLOY_API_TOKEN, killInstances, startInstances, type BlogInstance } from './support/blog-instances.ts';
import { HAPROXY_SKIP_REASON, startHaproxy, type Haproxy } from './support/haproxy.ts';
import { backendsOf, type Backend } from './support/postgres-backends.ts';
import { describeFailures, loadFigures, underSteadyLoad, type Outcome } from './support/steady-load.ts';
import { compareStoredWrites, type StoredWrites } from './support/stored-writes.ts';

const POOL_SIZE = 3;
/** The blog's timeouts, small so the lock outlasts them quickly: the statement's, then the wait for its answer. */
const ENV = { BLOG_POSTGRES_POOL_SIZE: String(POOL_SIZE), BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: '1000', BLOG_POSTGRES_QUERY_TIMEOUT_MS: '1500', BLOG_POSTGRES_CONNECT_TIMEOUT_MS: '500' };
const SERVERS = ['blog1', 'blog2'];
/** Keyed POSTs sent at once during the lock: more than the two instances' pools together. */
const BURST = 4 * POOL_SIZE;
const GIVEN_UP = 2;

interface Sent {
  readonly title: string;
  readonly key: string;
}

interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly replayed: string | null;
  readonly id: number | undefined;
}

describe('PostgreSQL stalled by a table lock under keyed writes, behind HAProxy', { skip: HAPROXY_SKIP_REASON }, () => {
  let schema: TestSchema;
  let locker: pg.Client | undefined;
  let instances: BlogInstance[] = [];
  let haproxy: Haproxy | undefined;
  let outcomes: readonly Outcome[] = [];
  let startedAt = 0;
  let stored: StoredWrites;
  const burst: Sent[] = Array.from({ length: BURST }, (_, n) => ({ title: `stall burst ${n}`, key: randomUUID() }));
  const givenUp: Sent[] = Array.from({ length: GIVEN_UP }, (_, n) => ({ title: `stall given up ${n}`, key: randomUUID() }));
  let inStall: Answer[] = [];
  let cancelledInStall = 0;
  let resent: Answer[] = [];
  let replayed: Answer[] = [];
  let backends: Backend[][] = [];
  const titlePrefix = `stall-haproxy ${randomUUID().slice(0, 8)}`;

  before(async () => {
    schema = await createTestSchema();
    instances = await startInstances(SERVERS.length, schema.url, ENV);
    const proxy = (haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: instances.map((one) => one.port) }));
    await Promise.all(SERVERS.map((server) => proxy.waitForStatus('blog', server, 'UP', 15_000)));
    locker = new pg.Client({ connectionString: schema.url });
    await locker.connect();
    const lock = locker;
    const cancelledLines = () => instances.flatMap((one) => one.current().logLines()).filter((line) => line.event === 'write_cancelled_client_gone');
    const waiting = async (): Promise<number> =>
      (await schema.query(`SELECT count(*)::int AS n FROM pg_locks WHERE relation = '${schema.name}.blog_posts'::regclass AND NOT granted`)).rows[0].n as number;
    ({ outcomes, startedAt } = await underSteadyLoad({ url: proxy.url, clients: 4, token: DEPLOY_API_TOKEN, titlePrefix, pauseMs: 10, retryWrites: true }, 800, async () => {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
      try {
        const sockets = givenUp.map((sent) => sendRaw(proxy.url, sent));
        await until('the writes given up on to wait on the lock', async () => (await waiting()) >= GIVEN_UP);
        sockets.forEach((socket) => socket.destroy());
        // The lock is held until every write of the burst has its answer: past the statement timeout.
        inStall = await Promise.all(burst.map((sent) => post(proxy.url, sent)));
        // Cancelled, not ended by the statement timeout (a 503 the client never reads, logged store_unavailable).
        cancelledInStall = cancelledLines().length;
      } finally {
        await lock.query('COMMIT');
      }
    }));
    resent = await Promise.all(burst.concat(givenUp).map((sent) => post(proxy.url, sent)));
    replayed = await Promise.all(burst.concat(givenUp).map((sent) => post(proxy.url, sent)));
    stored = await compareStoredWrites(schema, titlePrefix, outcomes);
    const settled = (list: Backend[]) => list.every((backend) => backend.state === 'idle' && !backend.advisory) && list.length <= POOL_SIZE + 1;
    backends = await until('every instance\'s backends to be idle', async () => {
      const all = await Promise.all(instances.map((one) => backendsOf(one.current().child.pid!, schema)));
      return all.every(settled) ? all : undefined;
    }).catch(async () => Promise.all(instances.map((one) => backendsOf(one.current().child.pid!, schema))));
  });
  after(async () => {
    await locker?.end().catch(() => {});
    await killInstances(instances);
    await haproxy?.stop();
    await schema?.drop();
  });

  test('every keyed POST of the burst got a 503 with Retry-After during the stall: no pooled connection or the statement timeout', () => {
    assert.deepEqual(inStall.map((a) => [a.status, a.retryAfter]), burst.map(() => [503, '1']));
  });

  test('each 503 was retryable: resent with its key it is written once (201, not a replay), resent again it is replayed', async () => {
    assert.deepEqual(resent.map((a) => [a.status, a.replayed]), resent.map(() => [201, null]));
    assert.deepEqual(replayed.map((a) => [a.status, a.replayed, a.id]), resent.map((a) => [201, 'true', a.id]));
    const { rows } = await schema.query('SELECT title, count(*)::int AS n FROM blog_posts WHERE starts_with(title, $1) GROUP BY title ORDER BY title', ['stall ']);
    assert.deepEqual(rows, burst.concat(givenUp).map((sent) => ({ title: sent.title, n: 1 })).sort((a, b) => a.title.localeCompare(b.title)));
  });

  test('the writes whose clients hung up were cancelled while the lock was still held, and stored nothing until resent', () => {
    assert.equal(cancelledInStall, GIVEN_UP);
  });

  test('under the steady load every answer was the route\'s or a retryable 503, and every POST answered 201 is stored exactly once', (t) => {
    const figures = loadFigures(outcomes);
    t.diagnostic(`requests ${figures.requests}, failed ${figures.failures}, resent ${figures.resent}`);
    const other = outcomes.filter((o) => o.failure !== undefined && o.status !== 503);
    assert.deepEqual(other, [], describeFailures(outcomes, startedAt));
    assert.deepEqual(stored, { rows: figures.acknowledged, lost: [], duplicated: [], wrongId: [], unexplained: [], storedButFailed: [] });
  });

  test('once the lock is gone no instance holds a backend busy, in a transaction or with an advisory lock, nor more than its pools', (t) => {
    t.diagnostic(`backends per instance: ${backends.map((list) => list.length).join(', ')}`);
    for (const list of backends) {
      // At least the probe's: the instances' sockets were found.
      assert.ok(list.length >= 1 && list.length <= POOL_SIZE + 1, JSON.stringify(list));
      assert.deepEqual(list.filter((backend) => backend.state !== 'idle' || backend.advisory), []);
    }
  });
});

describe('PostgreSQL stalled past equal statement and query timeouts, behind HAProxy', { skip: HAPROXY_SKIP_REASON }, () => {
  let deployed: BalancedBlog | undefined;
  after(() => deployed?.stop());

  // Before, the blog's wait ended first (pg's clock starts at the send, the server's once the statement runs): most of
  // these were answered 504 write_outcome_unknown, though the server had cancelled them.
  test('answers 503 with Retry-After to POSTs without a key that the server cancelled at its statement timeout, never 504', async () => {
    deployed = await startBalancedBlog(GUIDE_BALANCERS[0]![2], undefined, { BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: '1000', BLOG_POSTGRES_QUERY_TIMEOUT_MS: '1000' });
    const { url, schema } = deployed;
    const sent = Array.from({ length: 8 }, (_, n): Sent => ({ title: `equal timeouts ${n}`, key: '' }));
    await schema.query('BEGIN');
    let answers: Answer[];
    try {
      await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
      answers = await Promise.all(sent.map((one) => post(url, one)));
    } finally {
      await schema.query('COMMIT');
    }
    assert.deepEqual(answers.map((a) => [a.status, a.retryAfter]), sent.map(() => [503, '1']));
    assert.equal((await schema.query("SELECT 1 FROM blog_posts WHERE starts_with(title, 'equal timeouts')")).rowCount, 0);
  });
});

/** A POST of `sent`, with its Idempotency-Key unless that is empty. */
function post(url: string, sent: Sent): Promise<Answer> {
  return fetch(`${url}/api/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEPLOY_API_TOKEN}`, 'content-type': 'application/json', ...(sent.key !== '' && { 'idempotency-key': sent.key }) },
    body: JSON.stringify({ title: sent.title, body: 'b' }),
  }).then(async (res) => {
    const body = (await res.json()) as { id?: number };
    return { status: res.status, retryAfter: res.headers.get('retry-after'), replayed: res.headers.get('idempotent-replayed'), id: body.id };
  });
}

/** A keyed POST on a socket of its own, for the client to hang up on. */
function sendRaw(url: string, sent: Sent) {
  const target = new URL(url);
  const body = JSON.stringify({ title: sent.title, body: 'b' });
  const socket = connect(Number(target.port), target.hostname);
  socket.on('error', () => {});
  socket.write(`POST /api/posts HTTP/1.1\r\nHost: blog.example\r\nAuthorization: Bearer ${DEPLOY_API_TOKEN}\r\nIdempotency-Key: ${sent.key}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  return socket;
}
