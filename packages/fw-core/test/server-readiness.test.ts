/**
 * readinessHandler and the Lifecycle in RoutesContext and AppContext (issue 35, item 2; contract
 * C1): 200 ready; 503 draining once the listener closes or the server stops; 503 unavailable
 * naming each check that throws, rejects or outlasts timeoutMs; no-store, no retry-after.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineApp, type AppContext, type RoutesContext } from '../src/app/app.ts';
import type { InlineHandler } from '../src/app/controller.ts';
import { isFwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import { silentLogger } from '../src/log/logger.ts';
import { createListener } from '../src/server/create-listener.ts';
import { readinessHandler, type ReadinessOptions } from '../src/server/readiness.ts';

/** A listener whose `/ready` is readinessHandler({lifecycle, ...options}); the contexts its routes and start hook got. */
async function readinessListener(options: Omit<ReadinessOptions, 'lifecycle'> = {}, around: (ready: InlineHandler) => InlineHandler = (ready) => ready) {
  const seen: { routes?: RoutesContext; start?: AppContext } = {};
  const app = defineApp({
    name: 'ready_app',
    router: {
      name: 'ready_router',
      routes: (_env, context) => {
        seen.routes = context;
        const ready: InlineHandler = around(readinessHandler({ lifecycle: context.lifecycle, ...options }));
        return [{ prefix: '', security: false, routes: [{ path: '/ready', handler: ready, options: { methods: ['get'] } }, { path: '/hello', handler: () => json({ hi: 1 }), options: { methods: ['get'] } }] }];
      },
    },
    start: (context) => void (seen.start = context),
  });
  const fw = await createListener({ app, config: {}, env: {}, logger: silentLogger });
  return { fw, seen };
}

describe('readinessHandler', () => {
  it('answers 200 ready, then 503 draining once the listener closes; no-store, no retry-after', async () => {
    const { fw, seen } = await readinessListener();
    assert.equal(seen.routes!.lifecycle, seen.start!.lifecycle, 'one Lifecycle for routes and the start hook');
    assert.equal(seen.routes!.lifecycle, fw.lifecycle);
    const ready = await inject(fw, '/ready');
    assert.equal(ready.status, 200);
    assert.deepEqual(JSON.parse(ready.body), { status: 'ready' });
    assert.equal(ready.headers['cache-control'], 'no-store');
    assert.equal(ready.headers['retry-after'], undefined);
    const closing = fw.close();
    assert.equal(fw.lifecycle.draining, true);
    const draining = await inject(fw, '/ready');
    assert.equal(draining.status, 503);
    assert.deepEqual(JSON.parse(draining.body), { status: 'draining' });
    assert.equal(draining.headers['cache-control'], 'no-store');
    assert.equal(draining.headers['retry-after'], undefined);
    assert.equal((await inject(fw, '/hello')).status, 200, 'everything else is still answered');
    await closing;
  });

  it('answers 503 unavailable naming the checks that throw, reject or outlast timeoutMs, in their order', async () => {
    let storeUp = false;
    const { fw } = await readinessListener({
      timeoutMs: 50,
      checks: {
        config: () => 'fine',
        store: () => (storeUp ? Promise.resolve() : Promise.reject(new Error('connection refused'))),
        cache: () => {
          throw new Error('no cache');
        },
        queue: () => new Promise(() => {}),
        disk: async () => true,
      },
    });
    const res = await inject(fw, '/ready');
    assert.equal(res.status, 503);
    assert.deepEqual(JSON.parse(res.body), { status: 'unavailable', failed: ['store', 'cache', 'queue'] });
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['retry-after'], undefined);
    storeUp = true;
    assert.deepEqual(JSON.parse((await inject(fw, '/ready')).body), { status: 'unavailable', failed: ['cache', 'queue'] });
    await fw.close();
  });

  it('answers 200 when every check answers in time', async () => {
    const { fw } = await readinessListener({ checks: { store: async () => undefined, flag: () => 1 } });
    const res = await inject(fw, '/ready');
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { status: 'ready' });
    await fw.close();
  });

  it('answers draining, not the checks, while draining', async () => {
    let calls = 0;
    const { fw } = await readinessListener({ checks: { store: () => void calls++ } });
    const closing = fw.close();
    const res = await inject(fw, '/ready');
    assert.deepEqual([res.status, JSON.parse(res.body), calls], [503, { status: 'draining' }, 0]);
    await closing;
  });

  /**
   * `n` requests to `/ready` at once, its one check counted; `entered` resolves once the n-th request
   * has entered the handler: the caller settles the check after it, so every request arrives while
   * the first run is pending.
   */
  async function concurrentProbes(n: number, check: () => Promise<unknown>, timeoutMs?: number) {
    let calls = 0;
    let arrived = 0;
    let allIn!: () => void;
    const entered = new Promise<void>((resolve) => (allIn = resolve));
    const { fw } = await readinessListener({ checks: { store: () => (calls++, check()) }, ...(timeoutMs === undefined ? {} : { timeoutMs }) }, (ready) => (req) => {
      const answer = ready(req);
      if (++arrived === n) allIn();
      return answer;
    });
    const answers = Promise.all(Array.from({ length: n }, () => inject(fw, '/ready')));
    return { fw, entered, answers, calls: () => calls };
  }
  const outcome = (res: { status: number; body: string }) => [res.status, JSON.parse(res.body)];

  it('runs each check once for requests arriving while a run is pending, and again for a request after it settles', async () => {
    let release!: () => void;
    const pong = new Promise<void>((resolve) => (release = resolve));
    const probes = await concurrentProbes(20, () => pong);
    await probes.entered;
    release();
    const answers = await probes.answers;
    assert.equal(probes.calls(), 1, 'one store ping for 20 concurrent probes');
    assert.deepEqual(answers.map(outcome), Array.from({ length: 20 }, () => [200, { status: 'ready' }]));
    assert.deepEqual(outcome(await inject(probes.fw, '/ready')), [200, { status: 'ready' }]);
    assert.equal(probes.calls(), 2, 'a settled run is not kept: the next probe pings again');
    await probes.fw.close();
  });

  it('answers 503 to every request sharing a run whose check rejects', async () => {
    let refuse!: (error: Error) => void;
    const refusal = new Promise<void>((_resolve, reject) => (refuse = reject));
    const probes = await concurrentProbes(5, () => refusal);
    await probes.entered;
    refuse(new Error('connection refused'));
    const answers = await probes.answers;
    assert.equal(probes.calls(), 1);
    assert.deepEqual(answers.map(outcome), Array.from({ length: 5 }, () => [503, { status: 'unavailable', failed: ['store'] }]));
    await probes.fw.close();
  });

  it('answers 503 to every request sharing a run whose check outlasts timeoutMs, and runs it again after', async () => {
    const probes = await concurrentProbes(5, () => new Promise(() => {}), 50);
    await probes.entered;
    const answers = await probes.answers;
    assert.equal(probes.calls(), 1);
    assert.deepEqual(answers.map(outcome), Array.from({ length: 5 }, () => [503, { status: 'unavailable', failed: ['store'] }]));
    assert.deepEqual(outcome(await inject(probes.fw, '/ready')), [503, { status: 'unavailable', failed: ['store'] }]);
    assert.equal(probes.calls(), 2);
    await probes.fw.close();
  });

  const bad: readonly (readonly [string, unknown, string])[] = [
    ['no lifecycle', {}, 'readinessHandler: lifecycle must be the Lifecycle of RoutesContext or AppContext'],
    ['a check that is not a function', { lifecycle: { draining: false }, checks: { store: 'yes' } }, 'readinessHandler: checks.store must be a function'],
    ['a timeoutMs of 0', { lifecycle: { draining: false }, timeoutMs: 0 }, 'readinessHandler: timeoutMs must be an integer from 1 to 2147483647, got 0'],
    ['a fractional timeoutMs', { lifecycle: { draining: false }, timeoutMs: 1.5 }, 'readinessHandler: timeoutMs must be an integer from 1 to 2147483647, got 1.5'],
  ];
  for (const [name, options, message] of bad) {
    it(`throws FW_ERR_READINESS_BAD_OPTIONS for ${name}`, () => {
      assert.throws(() => readinessHandler(options as ReadinessOptions), (error) => {
        assert.ok(isFwError(error, 'FW_ERR_READINESS_BAD_OPTIONS'));
        assert.equal(error.message, message);
        return true;
      });
    });
  }
});
