/**
 * A rolling restart behind nginx loses nothing. The same deployment as
 * deploy-rolling-restart-haproxy.test.ts (two blog instances as `npm start` runs them,
 * FW_ENV=prod, one PostgreSQL database), behind a real nginx on the upstream and server blocks
 * docs/operations.md shows: upstream keep-alive with `keepalive_timeout` below fw's, nginx's
 * default `proxy_next_upstream` (a POST already sent is never passed on), `max_fails=1
 * fail_timeout=5s`. nginx (open source) has no health checks: it keeps sending a stopping
 * instance requests through its drain (each answered, with `Connection: close`) until the
 * listener closes, then moves them to the other instance. So the spacing is the guide's: the
 * next instance stops only once nginx sends the restarted one requests again, at the latest
 * `fail_timeout` after it listens. Eight keep-alive clients send GETs and POSTs the whole
 * time, as the guide's clients do: every POST with an Idempotency-Key, resent once with it when
 * its outcome is unknown. Each instance is restarted in turn twice. Then: no request failed;
 * a first attempt failed only as a POST that nginx answered 502 because the connection it had
 * just opened was reset when the stopping instance closed its listener (the kernel resets the
 * connections it accepted that the process had not taken yet; the request never reached fw);
 * and every POST answered 201 is stored exactly once.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { configDefaults } from '../../packages/fw-core/src/config/config.ts';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';
import { createTestSchema, type TestSchema } from '../../examples/blog/test/support/store-postgres.ts';
import { nginxFailTimeoutMs } from './support/balancer-configs.ts';
import { DEPLOY_API_TOKEN, killInstances, startInstances, type BlogInstance } from './support/blog-instances.ts';
import { NGINX_SKIP_REASON, startNginx, type Nginx } from './support/nginx.ts';
import { describeTimeline, rollingRestart, type RestartRecord, type TimelineEvent } from './support/rolling-restart.ts';
import { describeFailures, loadFigures, startSteadyLoad, type Outcome } from './support/steady-load.ts';
import { compareStoredWrites, type StoredWrites } from './support/stored-writes.ts';

const CLIENTS = 8;
const PAUSE_MS = 10;
const ROUNDS = 2;
/** Traffic before the first restart and after the last. */
const STEADY_MS = 1_000;
const INSTANCES = ['blog1', 'blog2'];

describe('a rolling restart behind nginx, spaced by its fail_timeout', { skip: NGINX_SKIP_REASON }, () => {
  let schema: TestSchema;
  let instances: BlogInstance[] = [];
  let nginx: Nginx | undefined;
  let outcomes: readonly Outcome[] = [];
  let restarts: RestartRecord[] = [];
  let timeline: TimelineEvent[] = [];
  let startedAt = 0;
  let stored: StoredWrites;
  const titlePrefix = `rolling-nginx ${randomUUID().slice(0, 8)}`;

  before(async () => {
    schema = await createTestSchema();
    instances = await startInstances(INSTANCES.length, schema.url);
    nginx = await startNginx({ frontendPort: await closedPort(), instancePorts: instances.map((one) => one.port) });
    const load = startSteadyLoad({ url: nginx.url, clients: CLIENTS, token: DEPLOY_API_TOKEN, titlePrefix, pauseMs: PAUSE_MS, retryWrites: true });
    startedAt = Date.now();
    try {
      await sleep(STEADY_MS);
      ({ restarts, timeline } = await rollingRestart(new Map(INSTANCES.map((name, at) => [name, instances[at]!])), ROUNDS, {
        waitUntilServing: (name, instance) => untilItServes(name, instance, nginxFailTimeoutMs() + 5_000),
      }));
      await sleep(STEADY_MS);
    } finally {
      outcomes = await load.stop();
    }
    stored = await compareStoredWrites(schema, titlePrefix, outcomes);
  });
  after(async () => {
    await killInstances(instances);
    await nginx?.stop();
    await schema?.drop();
  });

  test('every request through nginx got the answer its route promises: no 502, no connection error', async (t) => {
    const figures = loadFigures(outcomes);
    t.diagnostic(`requests ${figures.requests} (GET ${figures.gets}, POST ${figures.posts}), failed ${figures.failures}, POSTs resent with their key ${figures.resent}, restarts ${restarts.length}, rows ${stored.rows}`);
    assert.equal(figures.failures, 0, `${describeFailures(outcomes, startedAt)}\n${await explain(nginx, timeline, startedAt)}`);
    assert.ok(figures.acknowledged >= 50, `only ${figures.acknowledged} posts were created`);
  });

  test('a first attempt failed only as a POST nginx answered 502 (its connection reset as the listener closed), never a GET or a client connection error', async () => {
    const first = outcomes.filter((o) => o.firstFailure !== undefined);
    assert.deepEqual(first.filter((o) => !o.firstFailure!.startsWith('502 ')).map((o) => `${o.method} ${o.path}: ${o.firstFailure}`), [], await explain(nginx, timeline, startedAt));
    assert.ok(first.length <= restarts.length * CLIENTS, `${first.length} POSTs resent for ${restarts.length} restarts`);
    const closing = listenerCloseWindows(timeline);
    assert.deepEqual(first.filter((o) => !closing.some(([from, to]) => o.at >= from && o.at <= to)).map((o) => `+${o.at - startedAt} ms ${o.firstFailure}`), [], describeTimeline(timeline, startedAt));
  });

  test('each instance was restarted twice and stopped gracefully (exit 0)', () => {
    assert.deepEqual(
      restarts.map((r) => [r.instance, r.round, r.exitCode]),
      [1, 2].flatMap((round) => INSTANCES.map((name) => [name, round, 0])),
      describeTimeline(timeline, startedAt),
    );
  });

  test('every POST answered 201 is stored exactly once, under its id, and no other row was written', () => {
    assert.deepEqual(stored, { rows: loadFigures(outcomes).acknowledged, lost: [], duplicated: [], wrongId: [], unexplained: [], storedButFailed: [] });
  });

  test('no instance logged a failed request or a store error', () => {
    const lines = instances.flatMap((one) => one.processes().flatMap((p) => p.logLines()));
    assert.deepEqual(lines.filter((line) => line.level === 'error' || line.event === 'request_failed' || line.event === 'store_unavailable'), []);
  });
});

/**
 * When each stopping instance closed its listener: from 1 s before its drain ended
 * (SIGTERM + the default shutdown_delay_ms) to its exit.
 */
function listenerCloseWindows(timeline: readonly TimelineEvent[]): Array<[number, number]> {
  const delay = (configDefaults.server_configuration as unknown as { shutdown_delay_ms: number }).shutdown_delay_ms;
  return timeline.flatMap((event, at) => {
    if (event.what !== 'SIGTERM') return [];
    const exit = timeline.slice(at).find((later) => later.instance === event.instance && later.what.startsWith('exited'));
    return [[event.at + delay - 1_000, exit?.at ?? Number.POSITIVE_INFINITY] as [number, number]];
  });
}

/** Resolves once the restarted instance has answered a request (nginx sends it traffic again). */
async function untilItServes(name: string, instance: BlogInstance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!instance.current().logLines().some((line) => line.event === 'request')) {
    if (Date.now() > deadline) throw new Error(`nginx sent ${name} no request within ${timeoutMs} ms of its restart (fail_timeout ${nginxFailTimeoutMs()} ms)`);
    await sleep(50);
  }
}

/** The timeline, nginx's access log lines other than 200/201 and its error log, to explain failures. */
async function explain(nginx: Nginx | undefined, timeline: readonly TimelineEvent[], start: number): Promise<string> {
  const odd = (await nginx?.accessLog() ?? []).filter((line) => !/^20[01] /.test(line)).slice(0, 20);
  return `timeline:\n${describeTimeline(timeline, start)}\nnginx access log lines other than 200/201 (the first 20):\n${odd.join('\n')}\nnginx error log:\n${(await nginx?.errorLog() ?? '').slice(0, 4000)}`;
}
