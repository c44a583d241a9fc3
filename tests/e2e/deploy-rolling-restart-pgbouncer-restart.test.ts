/**
 * PgBouncer restarted in the middle of a rolling restart: two blog instances (`npm start`, FW_ENV=prod) reaching
 * PostgreSQL through a real PgBouncer in transaction mode set up as docs/operations.md says ("Behind PgBouncer"), behind
 * the guide's HAProxy, clients sending keyed POSTs (resent once with their key when the outcome is unknown) and GETs.
 * While the first instance drains, PgBouncer is stopped (SIGTERM: it drops every client) and started again on its
 * port. Then: every answer is the route's or the blog's retryable 503, never a 500, a 502, a 504 or a connection error;
 * every POST answered 201 is stored exactly once, and one answered 503 only after a first attempt's 504 (a COMMIT cut by
 * the stop, resent while PgBouncer was still down); each instance stopped gracefully
 * and came back.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';
import { until } from '../../packages/fw-core/test/support/until.ts';
import { PGBOUNCER_SKIP_REASON, startPgBouncer, type PgBouncer } from '../../examples/blog/test/support/pgbouncer.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from '../../examples/blog/test/support/store-postgres.ts';
import { DEPLOY_API_TOKEN, killInstances, startInstances, type BlogInstance } from './support/blog-instances.ts';
import { HAPROXY_SKIP_REASON, startHaproxy, type Haproxy } from './support/haproxy.ts';
import { describeTimeline, rollingRestart, type RestartRecord, type TimelineEvent } from './support/rolling-restart.ts';
import { describeFailures, loadFigures, underSteadyLoad, type Outcome } from './support/steady-load.ts';
import { compareStoredWrites, type StoredWrites } from './support/stored-writes.ts';

const SERVERS = ['blog1', 'blog2'];
/** Traffic before the first restart and after the last. */
const STEADY_MS = 800;
const BLOG_503 = '503 {"error":"service unavailable"}';

describe('PgBouncer restarted during a rolling restart behind HAProxy', { skip: HAPROXY_SKIP_REASON || PGBOUNCER_SKIP_REASON }, () => {
  let schema: TestSchema;
  let bouncer: PgBouncer | undefined;
  let instances: BlogInstance[] = [];
  let haproxy: Haproxy | undefined;
  let outcomes: readonly Outcome[] = [];
  let restarts: RestartRecord[] = [];
  let timeline: TimelineEvent[] = [];
  let startedAt = 0;
  let stored: StoredWrites;
  const titlePrefix = `pgbouncer-restart ${randomUUID().slice(0, 8)}`;

  before(async () => {
    schema = await createTestSchema();
    // As operations.md sets PgBouncer up; its connect_query also points each server connection at the schema.
    const open = (port?: number) => startPgBouncer(TEST_DATABASE_URL, `SET search_path TO ${schema.name}; SET statement_timeout = 5000`, { settings: ['query_wait_timeout = 2', 'server_login_retry = 1'], port });
    bouncer = await open();
    const port = Number(new URL(bouncer.url).port);
    instances = await startInstances(SERVERS.length, bouncer.url, { BLOG_POSTGRES_PREPARED_STATEMENTS: 'false', BLOG_POSTGRES_READY_URL: bouncer.readyUrl });
    const proxy = (haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: instances.map((one) => one.port) }));
    await Promise.all(SERVERS.map((server) => proxy.waitForStatus('blog', server, 'UP', 15_000)));
    const load = { url: proxy.url, clients: 6, token: DEPLOY_API_TOKEN, titlePrefix, pauseMs: 10, retryWrites: true };
    ({ outcomes, startedAt } = await underSteadyLoad(load, STEADY_MS, async () => {
      const restarting = rollingRestart(new Map(SERVERS.map((server, at) => [server, instances[at]!])), 1, {
        waitUntilServing: (server) => proxy.waitForStatus('blog', server, 'UP', 20_000),
      });
      // While the first instance drains (fw's shutdown delay, 5 s).
      await until('the first instance to drain', () => instances[0]!.processes()[0]!.logLines().some((line) => line.event === 'draining'));
      timeline.push({ at: Date.now(), instance: 'pgbouncer', what: 'stop' });
      await bouncer!.stop();
      bouncer = await open(port);
      timeline.push({ at: Date.now(), instance: 'pgbouncer', what: 'listening' });
      const done = await restarting;
      restarts = done.restarts;
      timeline = [...timeline, ...done.timeline].sort((a, b) => a.at - b.at);
    }));
    stored = await compareStoredWrites(schema, titlePrefix, outcomes);
  });
  after(async () => {
    await killInstances(instances);
    await haproxy?.stop();
    await bouncer?.stop();
    await schema?.drop();
  });

  test("every answer was the route's or the blog's retryable 503: no 500, 502, 504 or connection error", (t) => {
    const figures = loadFigures(outcomes);
    t.diagnostic(`requests ${figures.requests}, failed ${figures.failures}, resent ${figures.resent}, rows ${stored.rows}`);
    const other = outcomes.filter((o) => o.failure !== undefined && !o.failure.startsWith(BLOG_503));
    assert.deepEqual(other, [], `${describeFailures(outcomes, startedAt)}\n${describeTimeline(timeline, startedAt)}`);
    assert.ok(figures.acknowledged >= 50, `only ${figures.acknowledged} posts were created`);
  });

  test('every POST answered 201 is stored exactly once, and one answered 503 is stored only if a first attempt was a 504', () => {
    // A COMMIT cut by PgBouncer's stop is a 504 (it may have committed); its resend, PgBouncer still down, a 503.
    const unknownFirst = new Set(outcomes.filter((o) => o.firstFailure?.startsWith('504 ')).map((o) => o.title));
    const { storedButFailed, ...rest } = stored;
    assert.deepEqual(rest, { rows: rest.rows, lost: [], duplicated: [], wrongId: [], unexplained: [] });
    assert.equal(rest.rows, loadFigures(outcomes).acknowledged + storedButFailed.length);
    assert.deepEqual(storedButFailed.filter((title) => !unknownFirst.has(title)), []);
  });

  test('each instance stopped gracefully (exit 0) and HAProxy sent it traffic again', () => {
    assert.deepEqual(restarts.map((r) => [r.instance, r.exitCode]), SERVERS.map((server) => [server, 0]), describeTimeline(timeline, startedAt));
  });
});
