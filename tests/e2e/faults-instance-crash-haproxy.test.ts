/**
 * Instances crash under load behind the guide's HAProxy, and nothing acknowledged is lost, nothing is answered as
 * retryable unless it is. Three blog instances (`npm start`, FW_ENV=prod, one PostgreSQL schema) behind a real HAProxy
 * on docs/operations.md's haproxy.cfg as printed (a third server line copied from the second); clients POST, GET,
 * PUT and DELETE posts, every write with an Idempotency-Key, resending exactly what "Clients and retries" says may be
 * resent, with the same key (support/keyed-writes.ts), while the test SIGKILLs one instance after another (no drain,
 * no shutdown: the OOM killer's way) and starts it again on its port. Then, against the database: every write answered
 * 2xx is stored, once; no title is stored twice; no write is stored whose every answer the table calls "not stored";
 * no answer is replayed unless an earlier attempt may have stored the write; every answer is a row of the table, with
 * that row's headers; every write settled once the crashes were over; and no instance answered a 500.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';
import { until } from '../../packages/fw-core/test/support/until.ts';
import { createTestSchema, type TestSchema } from '../../examples/blog/test/support/store-postgres.ts';
import { DEPLOY_API_TOKEN, killInstances, startInstances, type BlogInstance } from './support/blog-instances.ts';
import { HAPROXY_SKIP_REASON, startHaproxy, type Haproxy } from './support/haproxy.ts';
import { backendsOf } from './support/postgres-backends.ts';
import { answerCounts, classifyAnswer, compareKeyedWrites, startKeyedWrites, type KeyedRequest, type KeyedWritesCheck } from './support/keyed-writes.ts';
import { send, type Answer } from './support/steady-load.ts';
import { describeTimeline, type TimelineEvent } from './support/rolling-restart.ts';
import { seededRandom } from './support/seeded-random.ts';

const BACKEND = 'blog';
const SERVERS = ['blog1', 'blog2', 'blog3'];
const CLIENTS = 9;
const PAUSE_MS = 5;
/** SIGKILLs, one instance after another: each instance twice. */
const KILLS = 6;
/** Traffic before the first kill and after the last instance is back. */
const STEADY_MS = 1_000;
/** HAProxy's checks (inter 1s, rise 2) see a started instance UP well within this. */
const UP_WITHIN_MS = 10_000;
/** After the load stops, how long a client may still resend its last request to settle it. */
const SETTLE_MS = 8_000;
/** The pauses between kills: drawn, so the kills land at varied points of the clients' cycles, but the same each run. */
const random = seededRandom(20261201);

describe('instances SIGKILLed under keyed writes behind HAProxy (retries 0)', { skip: HAPROXY_SKIP_REASON }, () => {
  let schema: TestSchema;
  let instances: BlogInstance[] = [];
  let haproxy: Haproxy | undefined;
  let requests: readonly KeyedRequest[] = [];
  const timeline: TimelineEvent[] = [];
  let startedAt = 0;
  let check: KeyedWritesCheck;
  const titlePrefix = `crash-haproxy ${randomUUID().slice(0, 8)}`;

  before(async () => {
    schema = await createTestSchema();
    instances = await startInstances(SERVERS.length, schema.url);
    haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: instances.map((one) => one.port) });
    const proxy = haproxy;
    await Promise.all(SERVERS.map((server) => proxy.waitForStatus(BACKEND, server, 'UP', UP_WITHIN_MS)));
    const load = startKeyedWrites({ url: proxy.url, clients: CLIENTS, token: DEPLOY_API_TOKEN, titlePrefix, pauseMs: PAUSE_MS, settleMs: SETTLE_MS });
    startedAt = Date.now();
    try {
      await sleep(STEADY_MS);
      for (let kill = 0; kill < KILLS; kill += 1) {
        const at = kill % SERVERS.length;
        const server = SERVERS[at]!;
        // A few hundred ms of traffic on the restarted instance first, so each kill finds requests in flight.
        await sleep(random.int(200, 700));
        await instances[at]!.current().kill9();
        timeline.push({ at: Date.now(), instance: server, what: 'SIGKILLed' });
        await instances[at]!.start();
        timeline.push({ at: Date.now(), instance: server, what: 'listening again' });
        await proxy.waitForStatus(BACKEND, server, 'UP', UP_WITHIN_MS);
        timeline.push({ at: Date.now(), instance: server, what: 'UP in HAProxy' });
      }
      await sleep(STEADY_MS);
    } finally {
      requests = await load.stop();
    }
    check = await compareKeyedWrites(schema, titlePrefix, requests);
  });
  after(async () => {
    await killInstances(instances);
    await haproxy?.stop();
    await schema?.drop();
  });

  test('every write answered 2xx is stored once, nothing "not stored" is stored, every write settled', (t) => {
    const writes = requests.filter((r) => r.method !== 'GET');
    t.diagnostic(`requests ${requests.length} (writes ${writes.length}), answers ${JSON.stringify(answerCounts(requests))}`);
    t.diagnostic(`timeline:\n${describeTimeline(timeline, startedAt)}`);
    const done = writes.filter((r) => r.attempts.at(-1)!.class === 'done').length;
    assert.ok(done >= 100, `only ${done} writes were acknowledged`);
    assert.deepEqual(check, { unsettled: [], unlisted: [], lost: [], duplicated: [], storedButNotStored: [], replayWithoutWrite: [] }, explain(haproxy));
  });

  test('the kills were felt: some request was cut or refused, and resent with its key', () => {
    const resent = requests.filter((r) => r.attempts.length > 1);
    assert.ok(resent.length > 0, `no request was resent: the kills found nothing in flight. ${JSON.stringify(answerCounts(requests))}`);
  });

  test('no instance answered a 500 or logged a failed request', () => {
    const lines = instances.flatMap((one) => one.processes().flatMap((p) => p.logLines()));
    assert.deepEqual(lines.filter((line) => (line.event === 'request' && line.status === 500) || line.event === 'request_failed'), []);
  });
});

/** HAProxy's log lines of answers other than 2xx (the first 30), to explain a failure. */
function explain(haproxy: Haproxy | undefined): string {
  const odd = (haproxy?.logLines() ?? []).filter((line) => line.trim() !== '' && !/ 20[014] /.test(line)).slice(0, 30);
  return `haproxy log lines other than 2xx (the first 30):\n${odd.join('\n')}`;
}

/**
 * What a client of the guide's HAProxy gets for a write in flight when its instance dies, made certain: both
 * instances' keyed POSTs wait on a table lock held by another session, then both instances are SIGKILLed. A POST that
 * is its client connection's first request and one sent on a kept-alive client connection after a GET; then the lock
 * is released, the instances started again, and both POSTs resent with their keys.
 */
describe('a keyed POST in flight when its instance is SIGKILLed, behind HAProxy (retries 0)', { skip: HAPROXY_SKIP_REASON }, () => {
  const GUIDE_SERVERS = ['blog1', 'blog2'];
  let schema: TestSchema;
  let instances: BlogInstance[] = [];
  let haproxy: Haproxy | undefined;
  let locker: pg.Client | undefined;
  let cut: { first: Answer; keptAlive: Answer; read: Answer };
  let resent: Answer[] = [];
  let storedWhileCut: number;
  let stored: Array<{ title: string }> = [];
  const titlePrefix = `crash-in-flight ${randomUUID().slice(0, 8)}`;
  const writes = ['first on its connection', 'on a kept-alive connection'].map((what) => ({ title: `${titlePrefix} ${what}`, key: randomUUID() }));
  const headers = (key: string) => ({ authorization: `Bearer ${DEPLOY_API_TOKEN}`, 'content-type': 'application/json', 'idempotency-key': key });
  const post = (agent: Agent | false, write: { title: string; key: string }) =>
    send(agent, new URL(haproxy!.url), 'POST', '/api/posts', headers(write.key), JSON.stringify({ title: write.title, body: 'cut', status: 'published' }));

  before(async () => {
    schema = await createTestSchema();
    instances = await startInstances(GUIDE_SERVERS.length, schema.url);
    const proxy = (haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: instances.map((one) => one.port) }));
    await Promise.all(GUIDE_SERVERS.map((server) => proxy.waitForStatus(BACKEND, server, 'UP', UP_WITHIN_MS)));
    const waiting = async (): Promise<number> =>
      (await schema.query(`SELECT count(*)::int AS n FROM pg_locks WHERE relation = '${schema.name}.blog_posts'::regclass AND NOT granted`)).rows[0].n as number;
    const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    locker = new pg.Client({ connectionString: schema.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
      const read = await send(keptAlive, new URL(proxy.url), 'GET', '/heartbeat', {}, undefined);
      const answers = [post(false, writes[0]!), post(keptAlive, writes[1]!)];
      await until('both POSTs to wait on the lock', async () => (await waiting()) >= 2);
      await Promise.all(instances.map((one) => one.current().kill9()));
      const [first, second] = await Promise.all(answers);
      cut = { first: first!, keptAlive: second!, read };
    } finally {
      keptAlive.destroy();
      await locker.query('ROLLBACK');
    }
    storedWhileCut = (await schema.query('SELECT count(*)::int AS n FROM blog_posts WHERE starts_with(title, $1)', [titlePrefix])).rows[0].n as number;
    await Promise.all(instances.map((one) => one.start()));
    await Promise.all(GUIDE_SERVERS.map((server) => proxy.waitForStatus(BACKEND, server, 'UP', UP_WITHIN_MS)));
    resent = await Promise.all(writes.map((write) => until(`${write.title} to settle`, async () => {
      const answer = await post(false, write);
      return 'status' in answer && answer.status === 201 ? answer : undefined;
    }, { timeoutMs: SETTLE_MS, everyMs: 200 })));
    stored = (await schema.query('SELECT title FROM blog_posts WHERE starts_with(title, $1) ORDER BY title', [titlePrefix])).rows as Array<{ title: string }>;
    // HAProxy writes a request's line once the request ends, a moment after the answer: wait for the resent POSTs' ones.
    await until('HAProxy to log the resent POSTs', () => proxy.logLines().filter((line) => / 201 .*"POST \/api\/posts /.test(line)).length >= resent.length);
  });
  after(async () => {
    await locker?.end().catch(() => {});
    await killInstances(instances);
    await haproxy?.stop();
    await schema?.drop();
  });

  test('the first request of a client connection gets HAProxy\'s 502 page; one on a kept-alive connection gets no answer at all', () => {
    assert.equal('status' in cut.read && cut.read.status, 200);
    assert.equal('status' in cut.first ? classifyAnswer('POST', cut.first) : cut.first.error, 'balancer-502-504');
    assert.equal('status' in cut.first && cut.first.status, 502);
    assert.deepEqual(cut.keptAlive, { error: 'ECONNRESET: socket hang up' });
  });

  test('HAProxy logs the 502 (SH--) and no line at all for the request it closed without an answer', () => {
    const posts = (haproxy?.logLines() ?? []).filter((line) => line.includes('"POST /api/posts '));
    assert.deepEqual(posts.slice(0, 1).map((line) => / (\d{3}) \d+ - - (\S{4}) /.exec(line)?.slice(1)), [['502', 'SH--']]);
    assert.equal(posts.length, 1 + resent.length, posts.join('\n'));
  });

  test('neither write was stored by the instance that died; resent with its key, each is written once (not a replay)', () => {
    assert.equal(storedWhileCut, 0);
    assert.deepEqual(resent.map((answer) => 'status' in answer && [answer.status, answer.headers['idempotent-replayed']]), [[201, undefined], [201, undefined]]);
    assert.deepEqual(stored.map((row) => row.title), writes.map((write) => write.title).sort());
  });
});

/**
 * The variant the guide offers in place of `retries 0` ("`retries 2` with `option redispatch 1` ... for connection
 * errors only"), on the same two instances' worth of keyed POSTs: right after one instance is SIGKILLed, before the
 * health checks take it out, HAProxy sends the POSTs that meet its refused port to the other instance; a POST that
 * reached an instance and is cut by its death is answered 502 and not sent again, though the other instance is up.
 */
describe('the guide\'s retries 2 with option redispatch 1, when an instance is SIGKILLed', { skip: HAPROXY_SKIP_REASON }, () => {
  const GUIDE_SERVERS = ['blog1', 'blog2'];
  const REFUSED_POSTS = 6;
  let schema: TestSchema;
  let instances: BlogInstance[] = [];
  let haproxy: Haproxy | undefined;
  let locker: pg.Client | undefined;
  let refused: Answer[] = [];
  let statusAfterRefused = '';
  let cut: Answer;
  let storedWhileCut = -1;
  let resent: Answer;
  let whileHeld: Answer;
  const titlePrefix = `crash-redispatch ${randomUUID().slice(0, 8)}`;
  const post = (title: string, key: string) =>
    send(false, new URL(haproxy!.url), 'POST', '/api/posts', { authorization: `Bearer ${DEPLOY_API_TOKEN}`, 'content-type': 'application/json', 'idempotency-key': key }, JSON.stringify({ title, body: 'redispatch', status: 'published' }));

  before(async () => {
    schema = await createTestSchema();
    instances = await startInstances(GUIDE_SERVERS.length, schema.url);
    const withRetries = (config: string): string => {
      assert.equal(config.match(/^ {4}retries 0$/gm)?.length, 1, 'the guide\'s haproxy.cfg no longer says `retries 0` once');
      return config.replace(/^ {4}retries 0$/m, '    retries 2\n    option redispatch 1');
    };
    const proxy = (haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: instances.map((one) => one.port) }, withRetries));
    await Promise.all(GUIDE_SERVERS.map((server) => proxy.waitForStatus(BACKEND, server, 'UP', UP_WITHIN_MS)));
    // Refused: blog1 dies; the POSTs HAProxy still sends its way (round robin) find its port closed.
    await instances[0]!.current().kill9();
    for (let n = 0; n < REFUSED_POSTS; n += 1) refused.push(await post(`${titlePrefix} refused ${n}`, randomUUID()));
    statusAfterRefused = (await proxy.serverStat(BACKEND, 'blog1')).status;
    await instances[0]!.start();
    await proxy.waitForStatus(BACKEND, 'blog1', 'UP', UP_WITHIN_MS);
    // Cut: a POST waits on a table lock on whichever instance got it, which then dies.
    locker = new pg.Client({ connectionString: schema.url });
    await locker.connect();
    const key = randomUUID();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
      const answer = post(`${titlePrefix} cut`, key);
      // The waiting POST holds its Idempotency-Key's advisory lock: that tells which instance has it.
      const holder = await until('the POST to wait on the lock', async () => {
        for (const one of instances) if ((await backendsOf(one.current().child.pid!, schema)).some((backend) => backend.advisory)) return one;
        return undefined;
      });
      await holder.current().kill9();
      cut = await answer;
      // The dead instance's backend still waits on the lock, in the transaction that holds the key.
      whileHeld = await post(`${titlePrefix} cut`, key);
    } finally {
      await locker.query('ROLLBACK');
    }
    storedWhileCut = (await schema.query('SELECT count(*)::int AS n FROM blog_posts WHERE title = $1', [`${titlePrefix} cut`])).rows[0].n as number;
    resent = await until('the resent POST to be answered 201', async () => {
      const answer = await post(`${titlePrefix} cut`, key);
      return 'status' in answer && answer.status === 201 ? answer : undefined;
    }, { timeoutMs: SETTLE_MS, everyMs: 1000 });
  });
  after(async () => {
    await locker?.end().catch(() => {});
    await killInstances(instances);
    await haproxy?.stop();
    await schema?.drop();
  });

  test('every POST that met the dead instance\'s closed port was sent to the other one: all answered 201', () => {
    assert.notEqual(statusAfterRefused, 'DOWN', 'HAProxy took blog1 out before the POSTs: nothing was refused');
    assert.deepEqual(refused.map((answer) => 'status' in answer && answer.status), Array(REFUSED_POSTS).fill(201));
    // HAProxy's log marks a request it redispatched with "+" before its retry count.
    const redispatched = (haproxy?.logLines() ?? []).filter((line) => / 201 .* \d+\/\d+\/\d+\/\d+\/\+\d+ /.test(line));
    assert.ok(redispatched.length > 0, (haproxy?.logLines() ?? []).join('\n'));
  });

  test('a POST cut by its instance\'s death is answered 502 and not sent again; resent with its key it is written once', () => {
    assert.equal('status' in cut && cut.status, 502);
    assert.equal(storedWhileCut, 0);
    assert.deepEqual('status' in resent && [resent.status, resent.headers['idempotent-replayed']], [201, undefined]);
  });

  test('while the dead instance\'s backend still waits on the lock, its key is in use: the resend gets 409 with Retry-After', () => {
    assert.deepEqual('status' in whileHeld && [whileHeld.status, whileHeld.headers['retry-after'], JSON.parse(whileHeld.text).code], [409, '1', 'idempotency_key_in_use']);
  });
});
