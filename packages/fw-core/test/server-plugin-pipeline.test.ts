import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defineController } from '../src/app/controller.ts';
import { json } from '../src/http/response.ts';
import { replyJson } from '../src/http/write-response.ts';
import type { FwPlugin, PluginEntry } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

/** A plugin that appends its tag to `req.locals.trace` and returns `result`. */
function tracer(name: string, result: 'ok' | 'break' | 'stop' | 'error' | 'throw' | 'reject' | 'malformed' | 'async-ok'): FwPlugin<number | undefined> {
  const step: FwPlugin<number | undefined>['pre_request'] = (req, env, _options, state) => {
    const trace = (req.locals.trace as string[] | undefined) ?? [];
    trace.push(`${env.phase}:${name}`);
    req.locals.trace = trace;
    const next = (state ?? 0) + 1;
    switch (result) {
      case 'ok':
        return ['ok', req, next];
      case 'async-ok':
        return new Promise((resolve) => setTimeout(() => resolve(['ok', req, next]), 5));
      case 'break':
        return ['break', req, next];
      case 'stop':
        replyJson(req, 418, { stopped_by: name, trace });
        return ['stop', req, next];
      case 'error':
        return ['error', { reason: 'bad thing' }];
      case 'throw':
        throw new Error(`${name} exploded`);
      case 'reject':
        return Promise.reject(new Error(`${name} rejected`));
      case 'malformed':
        return { not: 'a tuple' } as never;
    }
  };
  return { name, pre_request: step, post_request: step };
}

const controller = defineController('trace_controller', {
  show: (req) => json({ trace: req.locals.trace ?? [] }),
});

const names = ['p_ok', 'p_async', 'p_break', 'p_stop', 'p_error', 'p_throw', 'p_reject', 'p_malformed', 'p_after'] as const;
const plugins = [
  tracer('p_ok', 'ok'),
  tracer('p_async', 'async-ok'),
  tracer('p_break', 'break'),
  tracer('p_stop', 'stop'),
  tracer('p_error', 'error'),
  tracer('p_throw', 'throw'),
  tracer('p_reject', 'reject'),
  tracer('p_malformed', 'malformed'),
  tracer('p_after', 'ok'),
];
const pre = (module: (typeof names)[number]): PluginEntry => ({ phase: 'pre_request', module });
const group = (prefix: string, list: PluginEntry[]) => ({ prefix, security: false as const, plugins: list, routes: [{ path: '/x', handler: controller.show, options: { methods: ['get' as const] } }] });

describe('plugin pipeline results', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins,
      fw: { plugins: [pre('p_ok'), { phase: 'post_request', module: 'p_after' }] },
      groups: [
        { prefix: '/global', security: false, routes: [{ path: '/x', handler: controller.show, options: { methods: ['get'] } }] },
        group('/order', [pre('p_ok'), pre('p_async'), pre('p_after')]),
        group('/break', [pre('p_ok'), pre('p_break'), pre('p_after')]),
        group('/stop', [pre('p_ok'), pre('p_stop'), pre('p_after')]),
        group('/error', [pre('p_error'), pre('p_after')]),
        group('/throw', [pre('p_throw')]),
        group('/reject', [pre('p_reject')]),
        group('/malformed', [pre('p_malformed')]),
        group('/none', []),
      ],
    });
  });
  after(() => app.close());

  it('runs plugins in the listed order, async ones awaited, before the controller', async () => {
    const res = await app.fetch('/order/x');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { trace: ['pre_request:p_ok', 'pre_request:p_async', 'pre_request:p_after'] });
  });

  it('uses the global list for a group without plugins, post_request plugins after the controller', async () => {
    const res = await app.fetch('/global/x');
    // the controller's response holds the trace array; the post_request plugin appended to it
    // after the controller returned and before the response was written
    assert.deepEqual(await res.json(), { trace: ['pre_request:p_ok', 'post_request:p_after'] });
  });

  it('replaces the global list with a group list instead of merging', async () => {
    const res = await app.fetch('/none/x');
    assert.deepEqual(await res.json(), { trace: [] });
  });

  it('break skips the rest of the phase and still calls the controller', async () => {
    const res = await app.fetch('/break/x');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { trace: ['pre_request:p_ok', 'pre_request:p_break'] });
  });

  it('stop ends all processing with the plugin reply', async () => {
    const res = await app.fetch('/stop/x');
    assert.equal(res.status, 418);
    assert.deepEqual(await res.json(), { stopped_by: 'p_stop', trace: ['pre_request:p_ok', 'pre_request:p_stop'] });
  });

  for (const kind of ['error', 'throw', 'reject', 'malformed']) {
    it(`a plugin ${kind} gives 500 JSON, logs once, and the server keeps serving`, async () => {
      const before = app.logs.filter((l) => l.level === 'error').length;
      const res = await app.fetch(`/${kind}/x`);
      assert.equal(res.status, 500);
      assert.deepEqual(await res.json(), { error: 'internal server error' });
      const errors = app.logs.filter((l) => l.level === 'error').slice(before);
      assert.equal(errors.length, 1);
      assert.equal(errors[0]?.fields.where, `plugin p_${kind}`);
      const next = await app.fetch('/order/x');
      assert.equal(next.status, 200);
    });
  }
});

describe('plugin state, init and stop', () => {
  it('passes init state, replaces it with the returned state, and calls init and stop exactly once', async () => {
    const calls: string[] = [];
    const seen: unknown[] = [];
    const counter: FwPlugin<{ n: number }> = {
      name: 'counter',
      init: () => {
        calls.push('init');
        return { n: 100 };
      },
      pre_request: (req, _env, _options, state) => {
        seen.push(state.n);
        return ['ok', req, { n: state.n + 1 }];
      },
      post_request: (req, _env, _options, state) => {
        seen.push(state.n);
        return ['ok', req, { n: state.n + 10 }];
      },
      stop: (state) => {
        calls.push(`stop:${state.n}`);
      },
    };
    const stateless: FwPlugin<undefined> = {
      name: 'stateless',
      pre_request: (req, _env, _options, state) => {
        seen.push(state);
        return ['ok', req, state];
      },
    };
    const app = await injectTestApp({
      plugins: [counter, stateless],
      fw: { plugins: [{ phase: 'pre_request', module: 'counter' }, { phase: 'pre_request', module: 'stateless' }, { phase: 'post_request', module: 'counter' }] },
      groups: [{ prefix: '', security: false, routes: [{ path: '/', handler: () => json({}), options: { methods: ['get'] } }] }],
    });
    assert.deepEqual(calls, ['init']);
    await (await app.fetch('/')).text();
    await (await app.fetch('/')).text();
    await app.close();
    assert.deepEqual(seen, [100, undefined, 101, 111, undefined, 112]);
    assert.deepEqual(calls, ['init', 'stop:122']);
  });

  it('fails start-up when a plugin registered for a phase lacks that callback, naming the phases it exports and the fix', async () => {
    const preOnly: FwPlugin = { name: 'pre_only', pre_request: (req, _e, _o, s) => ['ok', req, s] };
    await assert.rejects(injectTestApp({ plugins: [preOnly], fw: { plugins: [{ phase: 'post_request', module: 'pre_only' }] }, groups: [] }), {
      code: 'FW_ERR_PLUGIN_MISSING_CALLBACK',
      message: 'plugin pre_only is registered for post_request in the global plugins but does not export post_request(req, env, options, state); '
        + 'it exports pre_request: register it for pre_request, or give it post_request',
    });
    const infoOnly: FwPlugin = { name: 'info_only', plugin_info: () => ({ title: 'x', version: '1', url: 'u', description: 'd', authors: [] }) };
    await assert.rejects(injectTestApp({ plugins: [infoOnly], fw: { plugins: [{ phase: 'pre_request', module: 'info_only' }] }, groups: [] }), {
      code: 'FW_ERR_PLUGIN_MISSING_CALLBACK',
      message: 'plugin info_only is registered for pre_request in the global plugins but does not export pre_request(req, env, options, state); '
        + 'it exports no phase callback: give it pre_request',
    });
  });

  it('fails start-up for an unknown plugin module, naming it', async () => {
    await assert.rejects(
      injectTestApp({ fw: { plugins: [{ phase: 'pre_request', module: 'nope_plugin' }] }, groups: [] }),
      (error: { code?: string; message: string }) => error.code === 'FW_ERR_PLUGIN_UNKNOWN' && error.message.includes('nope_plugin'),
    );
  });

  it('fails start-up when init throws, and stops the plugins already started', async () => {
    const calls: string[] = [];
    const good: FwPlugin = { name: 'good', init: () => calls.push('good:init'), stop: () => void calls.push('good:stop'), pre_request: (r, _e, _o, s) => ['ok', r, s] };
    const bad: FwPlugin = { name: 'bad', init: () => { throw new Error('no database'); }, pre_request: (r, _e, _o, s) => ['ok', r, s] };
    await assert.rejects(
      injectTestApp({ plugins: [good, bad], fw: { plugins: [{ phase: 'pre_request', module: 'good' }, { phase: 'pre_request', module: 'bad' }] }, groups: [] }),
      (error: { code?: string; message: string }) => error.code === 'FW_ERR_PLUGIN_INIT_FAILED' && error.message === 'plugin bad failed to start: no database',
    );
    assert.deepEqual(calls, ['good:init', 'good:stop']);
  });
});
