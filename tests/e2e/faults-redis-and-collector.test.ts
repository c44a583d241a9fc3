/**
 * The blog's two other outside services fail under load, with the blog started as `npm start`
 * starts it. Redis goes away under the rate limiter (reached through a TCP proxy the test cuts
 * and restores): the documented `on_store_error` policy answers every request (`allow`: served,
 * without a count; `deny`: 503 JSON), nothing hangs, and counting resumes once Redis is back.
 * The OTLP collector is absent, answers 500, or accepts and never answers: responses are the
 * same as with a healthy one, quick, and the process still stops cleanly on SIGTERM.
 * The single-request checks are in examples/blog/test/plugins-rate-limit-store-errors.test.ts
 * and packages/fw-core/test/otel-export-faults.test.ts; this file checks concurrency.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { deleteKeys, TEST_REDIS, uniqueKeyPrefix } from '../../examples/blog/test/support/plugins-redis.ts';
import { startTcpProxy, type TcpProxy } from '../../examples/blog/test/support/store-tcp-proxy.ts';
import { closedPort } from '../../packages/fw-core/test/support/closed-port.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceiverMode } from '../../packages/fw-core/test/support/otel-receiver.ts';
import { startBlogAsUser, writeBlogConfig, type BlogProcess, type TempConfig } from './support/blog-as-user.ts';

const CLIENTS = 6;
const STORE_TIMEOUT_MS = 200;

/** One answered (or failed) request of a client loop. */
interface Outcome {
  readonly startedAt: number;
  readonly ms: number;
  readonly status: number;
  readonly json: unknown;
  readonly rateLimit: string | undefined;
}

/** Runs CLIENTS loops of GET /api/posts?limit=5 until `stopped()`; connection errors go to `failures`. */
async function loadUntil(blog: BlogProcess, stopped: () => boolean, failures: string[]): Promise<Outcome[]> {
  const loop = async (n: number): Promise<Outcome[]> => {
    const mine: Outcome[] = [];
    while (!stopped()) {
      const startedAt = Date.now();
      try {
        const reply = await blog.request('GET', '/api/posts?limit=5');
        mine.push({ startedAt, ms: Date.now() - startedAt, status: reply.status, json: reply.json, rateLimit: reply.headers['ratelimit'] as string | undefined });
      } catch (error) {
        failures.push(`client ${n}: ${(error as Error).message}`);
      }
    }
    return mine;
  };
  return (await Promise.all(Array.from({ length: CLIENTS }, (_, n) => loop(n)))).flat();
}

/** The blog's own configuration with rate_limit_plugin on Redis before fw_request_plugin. */
function rateLimitedConfig(policy: 'allow' | 'deny', prefix: string): Promise<TempConfig> {
  const options = { max_requests: 1_000_000, window_ms: 60_000, store: 'redis', on_store_error: policy, store_timeout_ms: STORE_TIMEOUT_MS, key_prefix: prefix };
  return writeBlogConfig({}, (fw) => ({
    plugins: [...(fw.plugins as object[]).slice(0, -1), { phase: 'pre_request', module: 'rate_limit_plugin', options }, (fw.plugins as object[]).at(-1)],
  }));
}

describe('Redis cut and restored under load, for each on_store_error policy', () => {
  const UP_MS = 1_000;
  const DOWN_MS = 1_500;
  const BACK_MS = 3_000;
  const prefix = uniqueKeyPrefix();
  const runs = new Map<'allow' | 'deny', { blog: BlogProcess; config: TempConfig; outcomes: Outcome[]; failures: string[] }>();
  let proxy: TcpProxy;
  let cutAt = 0;
  let restoredAt = 0;

  before(async () => {
    proxy = await startTcpProxy(TEST_REDIS);
    for (const policy of ['allow', 'deny'] as const) {
      const config = await rateLimitedConfig(policy, `${prefix}${policy}:`);
      const blog = await startBlogAsUser({ FW_CONFIG: config.path, REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
      runs.set(policy, { blog, config, outcomes: [], failures: [] });
    }
    let stop = false;
    const loads = [...runs.values()].map(async (run) => {
      run.outcomes = await loadUntil(run.blog, () => stop, run.failures);
    });
    await sleep(UP_MS);
    cutAt = Date.now();
    await proxy.cut();
    await sleep(DOWN_MS);
    restoredAt = Date.now();
    await proxy.restore();
    await sleep(BACK_MS);
    stop = true;
    await Promise.all(loads);
  });
  after(async () => {
    for (const run of runs.values()) {
      await run.blog.stop();
      await run.config.remove();
    }
    await proxy?.close();
    await deleteKeys(prefix);
  });

  for (const policy of ['allow', 'deny'] as const) {
    test(`${policy}: counted before the cut, answered by the policy within the timeout while down, counted again after`, (t) => {
      const run = runs.get(policy)!;
      assert.deepEqual(run.failures, []);
      const upBefore = run.outcomes.filter((o) => o.startedAt + o.ms < cutAt);
      // The first requests after the cut may still see a connection ioredis has not noticed is gone.
      const down = run.outcomes.filter((o) => o.startedAt > cutAt + 2 * STORE_TIMEOUT_MS && o.startedAt + o.ms < restoredAt);
      const last = run.outcomes.filter((o) => o.startedAt > restoredAt + BACK_MS - 1_000);
      assert.ok(upBefore.length >= CLIENTS, `${upBefore.length} requests before the cut`);
      for (const o of upBefore) {
        assert.equal(o.status, 200);
        assert.match(o.rateLimit ?? '', /^"default";r=\d+;t=\d+$/);
      }
      assert.ok(down.length >= CLIENTS, `${down.length} requests while Redis was down`);
      for (const o of down) {
        if (policy === 'allow') assert.deepEqual([o.status, o.rateLimit], [200, undefined]);
        else assert.deepEqual([o.status, o.json], [503, { error: 'rate limit unavailable' }]);
        assert.ok(o.ms < STORE_TIMEOUT_MS + 800, `a request took ${o.ms} ms while Redis was down`);
      }
      assert.ok(last.length >= CLIENTS, `${last.length} requests in the last second`);
      for (const o of last) {
        assert.equal(o.status, 200);
        assert.match(o.rateLimit ?? '', /^"default";r=\d+;t=\d+$/);
      }
      assert.ok(run.outcomes.every((o) => o.status === 200 || (policy === 'deny' && o.status === 503)), 'no other status');
      t.diagnostic(`${policy}: ${upBefore.length} before the cut, ${down.length} while down (slowest ${Math.max(...down.map((o) => o.ms))} ms), ${last.length} in the last second`);
    });

    test(`${policy}: the process stayed up, logged the store errors and no request failure`, () => {
      const { blog } = runs.get(policy)!;
      assert.equal(blog.child.exitCode, null);
      const lines = blog.logLines();
      assert.ok(lines.some((line) => line.event === 'rate_limit_store_error' && line.on_store_error === policy));
      assert.deepEqual(lines.filter((line) => line.event === 'request_failed'), []);
    });
  }
});

describe('an OTLP collector that is absent, answers 500, or hangs', () => {
  const REQUESTS = 600;
  type Case = 'absent' | Exclude<ReceiverMode, 'ok'>;
  const results = new Map<Case, { outcomes: Outcome[]; failures: string[]; exitCode: number | null; stopMs: number; exportsTried: number }>();
  const receivers: OtlpReceiver[] = [];

  before(async () => {
    for (const kind of ['absent', 'fail500', 'hang'] as const) {
      const receiver = kind === 'absent' ? undefined : await startOtlpReceiver(kind);
      if (receiver) receivers.push(receiver);
      const endpoint = receiver?.url ?? `http://127.0.0.1:${await closedPort()}`;
      // A short batch delay and metric interval: exports are tried again and again during the run.
      const blog = await startBlogAsUser({
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_TRACES_EXPORTER: undefined,
        OTEL_BSP_SCHEDULE_DELAY: '50',
        OTEL_METRIC_EXPORT_INTERVAL: '200',
        OTEL_EXPORTER_OTLP_TIMEOUT: '1000',
      });
      const failures: string[] = [];
      let sent = 0;
      const outcomes = await loadUntil(blog, () => (sent += 1) > REQUESTS, failures);
      const signalled = Date.now();
      const exitCode = await blog.stop();
      results.set(kind, { outcomes, failures, exitCode, stopMs: Date.now() - signalled, exportsTried: receiver?.requests.length ?? -1 });
    }
  });
  after(async () => {
    for (const receiver of receivers) await receiver.close();
  });

  for (const kind of ['absent', 'fail500', 'hang'] as const) {
    test(`${kind}: every request answered 200 with the posts, quickly, and a clean exit on SIGTERM`, (t) => {
      const result = results.get(kind)!;
      assert.deepEqual(result.failures, []);
      assert.ok(result.outcomes.length >= REQUESTS - CLIENTS, `${result.outcomes.length} answers`);
      for (const o of result.outcomes) assert.deepEqual([o.status, o.json], [200, { posts: [] }]);
      const slowest = Math.max(...result.outcomes.map((o) => o.ms));
      t.diagnostic(`${kind}: ${result.outcomes.length} answers, slowest ${slowest} ms, ${result.exportsTried} exports tried, stopped in ${result.stopMs} ms`);
      assert.ok(slowest < 1_000, `the slowest request took ${slowest} ms`);
      if (kind !== 'absent') assert.ok(result.exportsTried >= 2, `${result.exportsTried} export requests reached the collector`);
      assert.equal(result.exitCode, 0);
      // setupTelemetry's shutdown gives up on the collector after 5 s; the grace period is 10 s.
      assert.ok(result.stopMs < 10_000, `stopped in ${result.stopMs} ms`);
    });
  }
});
