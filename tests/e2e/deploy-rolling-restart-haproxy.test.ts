/**
 * The goal of issue 35: a rolling restart behind HAProxy loses nothing. Two blog instances as
 * a deployment runs them (`npm start`'s script, FW_ENV=prod, one PostgreSQL database) behind a
 * real HAProxy on the configuration docs/operations.md shows (`retries 0`: HAProxy hides
 * nothing; health check GET /ready), eight keep-alive clients sending GETs and POSTs through it
 * the whole time, each instance restarted in turn twice (SIGTERM, exit, start, back UP in
 * HAProxy's stats). Then: no request failed (every answer the one its route promises, no 5xx,
 * no connection error), HAProxy took each instance out before it stopped serving, and every
 * POST answered 201 is stored exactly once. The figures are printed as test diagnostics.
 * It runs twice: the instances on PostgreSQL directly, and through a real PgBouncer in transaction mode set up as
 * docs/operations.md says ("Behind PgBouncer"), where no instance may warn that its statement timeout is not applied.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';
import { PGBOUNCER_SKIP_REASON, startPgBouncer } from '../../examples/blog/test/support/pgbouncer.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from '../../examples/blog/test/support/store-postgres.ts';
import { DEPLOY_API_TOKEN, killInstances, startInstances, type BlogInstance } from './support/blog-instances.ts';
import { HAPROXY_SKIP_REASON, startHaproxy, type Haproxy } from './support/haproxy.ts';
import { describeTimeline, rollingRestart, type RestartRecord, type TimelineEvent } from './support/rolling-restart.ts';
import { describeFailures, loadFigures, startSteadyLoad, type Outcome } from './support/steady-load.ts';
import { compareStoredWrites, type StoredWrites } from './support/stored-writes.ts';

const CLIENTS = 8;
const PAUSE_MS = 10;
const ROUNDS = 2;
/** Traffic before the first restart and after the last. */
const STEADY_MS = 1_000;
/** HAProxy's checks (inter 1s, rise 2) see a started instance UP well within this. */
const UP_WITHIN_MS = 15_000;
/** The guide's backend and its servers, in the order of the instances. */
const BACKEND = 'blog';
const SERVERS = ['blog1', 'blog2'];

/** How the instances reach PostgreSQL: the URL and variables they get, and what to stop afterwards. */
interface DatabasePath {
  readonly url: string;
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

const PATHS: ReadonlyArray<{ name: string; skip: string | false; open: (schema: TestSchema) => Promise<DatabasePath> }> = [
  { name: 'on PostgreSQL', skip: HAPROXY_SKIP_REASON, open: async (schema) => ({ url: schema.url, env: {}, stop: async () => {} }) },
  {
    name: 'through PgBouncer in transaction mode',
    skip: HAPROXY_SKIP_REASON || PGBOUNCER_SKIP_REASON,
    // As operations.md sets it up: the statement timeout where PgBouncer keeps it, statements unnamed, /ready's probe on
    // an entry of its own, query_wait_timeout and server_login_retry. PgBouncer drops the search_path startup option
    // too, so its connect_query also points each server connection at the schema.
    open: async (schema) => {
      const bouncer = await startPgBouncer(TEST_DATABASE_URL, `SET search_path TO ${schema.name}; SET statement_timeout = 5000`, { settings: ['query_wait_timeout = 2', 'server_login_retry = 1'] });
      return { url: bouncer.url, env: { BLOG_POSTGRES_PREPARED_STATEMENTS: 'false', BLOG_POSTGRES_READY_URL: bouncer.readyUrl }, stop: () => bouncer.stop() };
    },
  },
];

for (const path of PATHS) describe(`a rolling restart behind HAProxy with retries 0, ${path.name}`, { skip: path.skip }, () => {
  let schema: TestSchema;
  let database: DatabasePath | undefined;
  let instances: BlogInstance[] = [];
  let haproxy: Haproxy | undefined;
  let outcomes: readonly Outcome[] = [];
  let restarts: RestartRecord[] = [];
  let timeline: TimelineEvent[] = [];
  let startedAt = 0;
  let stored: StoredWrites;
  const titlePrefix = `rolling-haproxy ${randomUUID().slice(0, 8)}`;

  before(async () => {
    schema = await createTestSchema();
    database = await path.open(schema);
    instances = await startInstances(SERVERS.length, database.url, database.env);
    haproxy = await startHaproxy({ frontendPort: await closedPort(), instancePorts: instances.map((one) => one.port) });
    const proxy = haproxy;
    await Promise.all(SERVERS.map((server) => proxy.waitForStatus(BACKEND, server, 'UP', UP_WITHIN_MS)));
    const load = startSteadyLoad({ url: proxy.url, clients: CLIENTS, token: DEPLOY_API_TOKEN, titlePrefix, pauseMs: PAUSE_MS });
    startedAt = Date.now();
    try {
      await sleep(STEADY_MS);
      ({ restarts, timeline } = await rollingRestart(new Map(SERVERS.map((server, at) => [server, instances[at]!])), ROUNDS, {
        watchStop: (server) => watchOutOfRotation(proxy, server),
        waitUntilServing: (server) => proxy.waitForStatus(BACKEND, server, 'UP', UP_WITHIN_MS),
      }));
      await sleep(STEADY_MS);
    } finally {
      outcomes = await load.stop();
    }
    stored = await compareStoredWrites(schema, titlePrefix, outcomes);
  });
  after(async () => {
    await killInstances(instances);
    await haproxy?.stop();
    await database?.stop();
    await schema?.drop();
  });

  test('every request through HAProxy got the answer its route promises: no 5xx, no connection error', (t) => {
    const figures = loadFigures(outcomes);
    t.diagnostic(`requests ${figures.requests} (GET ${figures.gets}, POST ${figures.posts}), failed ${figures.failures}, restarts ${restarts.length}, rows ${stored.rows}`);
    assert.equal(figures.failures, 0, `${describeFailures(outcomes, startedAt)}\n${explain(haproxy, timeline, startedAt)}`);
    assert.ok(figures.acknowledged >= 50, `only ${figures.acknowledged} posts were created`);
  });

  test('each instance was restarted twice, stopped gracefully (exit 0), and HAProxy marked it DOWN before it exited', () => {
    assert.deepEqual(
      restarts.map((r) => [r.instance, r.round, r.exitCode, r.balancerNote]),
      [1, 2].flatMap((round) => SERVERS.map((server) => [server, round, 0, 'DOWN before the exit'])),
      describeTimeline(timeline, startedAt),
    );
  });

  test('every POST answered 201 is stored exactly once, under its id, and no other row was written', () => {
    assert.deepEqual(stored, { rows: loadFigures(outcomes).acknowledged, lost: [], duplicated: [], wrongId: [], unexplained: [], storedButFailed: [] });
  });

  test('no instance logged a failed request, a store error or a statement timeout not applied', () => {
    const lines = instances.flatMap((one) => one.processes().flatMap((p) => p.logLines()));
    const bad = ['request_failed', 'store_unavailable', 'store_statement_timeout_not_applied'];
    assert.deepEqual(lines.filter((line) => line.level === 'error' || bad.includes(String(line.event))), []);
  });
});

/**
 * Polls HAProxy while `server` stops; the returned function (called after the exit) says
 * whether HAProxy had marked it DOWN before then: the drain must outlast HAProxy's checks.
 */
function watchOutOfRotation(haproxy: Haproxy, server: string): () => Promise<string> {
  let exited = false;
  let seen = 'UP';
  const polling = (async () => {
    while (!exited) {
      const { status } = await haproxy.serverStat(BACKEND, server);
      // An answer that arrives after the exit does not count: it may describe the time after.
      if (status === 'DOWN' && !exited) return 'DOWN before the exit';
      seen = status;
      await sleep(50);
    }
    return `still ${seen} at the exit`;
  })();
  return async () => {
    exited = true;
    return polling;
  };
}

/** The timeline and HAProxy's log lines of answers other than 200/201, to explain failures. */
function explain(haproxy: Haproxy | undefined, timeline: readonly TimelineEvent[], start: number): string {
  const odd = (haproxy?.logLines() ?? []).filter((line) => line.trim() !== '' && !/ 20[01] /.test(line)).slice(0, 20);
  return `timeline:\n${describeTimeline(timeline, start)}\nhaproxy log lines other than 200/201 (the first 20):\n${odd.join('\n')}`;
}
