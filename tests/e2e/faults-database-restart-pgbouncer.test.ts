/**
 * PostgreSQL restarts under load behind the deployment docs/operations.md describes: two blog instances (`npm start`,
 * FW_ENV=prod) reaching it through a real PgBouncer in transaction mode set up as "Behind PgBouncer" says (statements
 * unnamed, /ready's probe on an entry of its own, query_wait_timeout and server_login_retry), behind the guide's
 * HAProxy. PgBouncer reaches PostgreSQL through a TCP proxy that the test cuts for a few seconds (the restart) and
 * restores. Clients send plain POSTs (no Idempotency-Key) and GETs the whole time. Then: every answer is the one its
 * route promises, the retryable 503 (the blog's, with Retry-After, or HAProxy's once both instances were out), or, for a
 * POST sent before PgBouncer had seen its server connections end, the 504 of a write whose outcome is unknown; never a
 * 500, a 502 or a connection error; every POST answered 201 is stored exactly once, and a stored POST nobody was told
 * about is one answered 504; HAProxy sends traffic to both instances again once PostgreSQL is back, and they serve it.
 * Before, PgBouncer's refusals while it could not log in (`server login has been failing`) were answered 504 to
 * every POST for the whole outage, though none had been sent to PostgreSQL.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';
import { PGBOUNCER_SKIP_REASON, startPgBouncer, type PgBouncer } from '../../examples/blog/test/support/pgbouncer.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from '../../examples/blog/test/support/store-postgres.ts';
import { proxyPostgres, type TcpProxy } from '../../examples/blog/test/support/store-tcp-proxy.ts';
import { DEPLOY_API_TOKEN, killInstances, startInstances, type BlogInstance } from './support/blog-instances.ts';
import { HAPROXY_SKIP_REASON, startHaproxy, type Haproxy } from './support/haproxy.ts';
import { describeFailures, loadFigures, underSteadyLoad, type Outcome } from './support/steady-load.ts';
import { compareStoredWrites, type StoredWrites } from './support/stored-writes.ts';

const CLIENTS = 6;
const PAUSE_MS = 10;
const STEADY_MS = 1_500;
const DOWN_MS = 3_000;
/** HAProxy's checks (inter 1s, rise 2) see the instances UP well within this once PostgreSQL is back. */
const UP_WITHIN_MS = 15_000;
/** Requests sent this long after both instances are UP again must all succeed. */
const SETTLE_MS = 500;
const SERVERS = ['blog1', 'blog2'];

describe('PostgreSQL restarted under load, behind PgBouncer and HAProxy as docs/operations.md sets them up', { skip: HAPROXY_SKIP_REASON || PGBOUNCER_SKIP_REASON }, () => {
  let schema: TestSchema;
  let proxy: TcpProxy | undefined;
  let bouncer: PgBouncer | undefined;
  let instances: BlogInstance[] = [];
  let haproxy: Haproxy | undefined;
  let outcomes: readonly Outcome[] = [];
  let stored: StoredWrites;
  let startedAt = 0;
  /** When PgBouncer had closed every connection to PostgreSQL open at the cut. */
  let seenClosedAt = 0;
  let upAgainAt = 0;
  const titlePrefix = `restart-pgbouncer ${randomUUID().slice(0, 8)}`;

  before(async () => {
    schema = await createTestSchema();
    const proxied = await proxyPostgres(TEST_DATABASE_URL);
    proxy = proxied.proxy;
    bouncer = await startPgBouncer(proxied.url, `SET search_path TO ${schema.name}; SET statement_timeout = 5000`, { settings: ['query_wait_timeout = 2', 'server_login_retry = 1'] });
    instances = await startInstances(SERVERS.length, bouncer.url, { BLOG_POSTGRES_PREPARED_STATEMENTS: 'false', BLOG_POSTGRES_READY_URL: bouncer.readyUrl });
    const balancer = (haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: instances.map((one) => one.port) }));
    const allUp = () => Promise.all(SERVERS.map((server) => balancer.waitForStatus('blog', server, 'UP', UP_WITHIN_MS)));
    await allUp();
    ({ outcomes, startedAt } = await underSteadyLoad({ url: balancer.url, clients: CLIENTS, token: DEPLOY_API_TOKEN, titlePrefix, pauseMs: PAUSE_MS }, STEADY_MS, async () => {
      seenClosedAt = await proxied.proxy.cut();
      await sleep(DOWN_MS);
      await proxied.proxy.restore();
      await allUp();
      upAgainAt = Date.now();
    }));
    stored = await compareStoredWrites(schema, titlePrefix, outcomes);
  });
  after(async () => {
    await killInstances(instances);
    await haproxy?.stop();
    await bouncer?.stop();
    await proxy?.close();
    await schema?.drop();
  });

  /** Why a failed request's answer is not one the outage allows, or undefined when it is. */
  const unexpected = (outcome: Outcome): string | undefined => {
    const why = outcome.failure;
    if (why === undefined) return undefined;
    if (why.startsWith('503 {"error":"service unavailable"}')) return undefined;
    if (why.startsWith('503 ') && why.includes('No server is available')) return undefined;
    if (outcome.method === 'POST' && why.startsWith('504 {"error":"write outcome unknown"') && outcome.at < seenClosedAt) return undefined;
    return `+${outcome.at - startedAt} ms ${outcome.method} ${outcome.path}: ${why.replace(/\s+/g, ' ').slice(0, 160)}`;
  };

  test('every answer is the route\'s, a retryable 503, or the 504 of a POST sent before the cut was seen: no 500, 502 or connection error', (t) => {
    const figures = loadFigures(outcomes);
    t.diagnostic(`requests ${figures.requests} (GET ${figures.gets}, POST ${figures.posts}), failed ${figures.failures}, rows ${stored.rows}; cut seen +${seenClosedAt - startedAt} ms, both UP again +${upAgainAt - startedAt} ms`);
    assert.deepEqual(outcomes.map(unexpected).filter((why) => why !== undefined), []);
    assert.ok(outcomes.some((o) => o.method === 'POST' && o.at > seenClosedAt && o.failure?.startsWith('503 {"error":"service unavailable"}')), `no POST met the outage in an instance:\n${describeFailures(outcomes, startedAt)}`);
  });

  test('once HAProxy has both instances UP again, every request is served', () => {
    const late = outcomes.filter((o) => o.at >= upAgainAt + SETTLE_MS);
    assert.ok(late.length > 20, `only ${late.length} requests after the recovery`);
    assert.equal(late.filter((o) => o.failure !== undefined).length, 0, describeFailures(late, startedAt));
  });

  test('every POST answered 201 is stored exactly once; a stored POST nobody was told about was answered 504', () => {
    const unknown = new Set(outcomes.filter((o) => o.failure?.startsWith('504 ')).map((o) => o.title!));
    assert.deepEqual({ ...stored, rows: 0, storedButFailed: stored.storedButFailed.filter((title) => !unknown.has(title)) }, { rows: 0, lost: [], duplicated: [], wrongId: [], unexplained: [], storedButFailed: [] });
  });

  test('no instance logged a failed request (500)', () => {
    const lines = instances.flatMap((one) => one.processes().flatMap((p) => p.logLines()));
    assert.deepEqual(lines.filter((line) => line.event === 'request_failed'), []);
  });
});
