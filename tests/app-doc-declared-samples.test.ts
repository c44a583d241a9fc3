/**
 * docs/applications-reference.md's samples that declare what the app would bring (`declare const
 * store`, `tasks`), run as they read with those given as globals: the readiness route (200, then
 * 503 naming the failed check), `req.log`'s warning line carrying the request's id, the
 * `jsonStream` controller (a keyed list with its Link header, a bare array from an async iterable,
 * chunked), and the "Typed routes" routes (a 404 JSON answer, an httpError 404, a PUT that
 * updates).
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { createListener, defineApp, inject, type Action, type FwApp, type FwListener, type LogLevel, type Logger, type RouteEntry } from 'fw-core';
import { importDocSample } from './support/doc-sample.ts';

const DOC = 'docs/applications-reference.md';
const world = globalThis as Record<string, unknown>;
const lines: { level: LogLevel; fields: Record<string, unknown>; msg: string | undefined }[] = [];
const at = (level: LogLevel) => (fields: Record<string, unknown>, msg?: string) => void lines.push({ level, fields, msg });
const logger: Logger = { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), fatal: at('fatal') };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  lines.length = 0;
});

/** The sample whose code `matches`, imported with `globals` set, and a listener over the app `toApp` makes of it. */
async function serve<M>(matches: (code: string) => boolean, globals: Record<string, unknown>, toApp: (module: M) => FwApp, plugins: readonly unknown[] = []): Promise<FwListener> {
  Object.assign(world, globals);
  cleanups.push(() => void Object.keys(globals).forEach((name) => delete world[name]));
  const sample = await importDocSample<M>(DOC, matches, 'sample.ts', 'app-doc-declared-');
  cleanups.push(() => sample.remove());
  const fw = await createListener({ app: toApp(sample.module), config: { plugins: plugins as never }, env: {}, logger });
  cleanups.push(() => fw.close());
  return fw;
}

const appOf = (routes: RouteEntry[]) => defineApp({ name: 'sample', router: { name: 'sample_router', routes: () => [{ prefix: '', security: false, routes }] } });

describe("docs/applications-reference.md's declared samples", () => {
  it('readiness: 200 ready while the store answers, 503 naming it when its ping rejects', async () => {
    let up = true;
    const store = { ping: () => (up ? Promise.resolve() : Promise.reject(new Error('down'))) };
    const fw = await serve<{ default: FwApp }>((code) => code.includes('checks: { store: () => store.ping() }'), { store }, (module) => module.default);
    assert.deepEqual([(await inject(fw, '/ready')).status, (await inject(fw, '/ready')).json()], [200, { status: 'ready' }]);
    up = false;
    const failing = await inject(fw, '/ready');
    assert.deepEqual([failing.status, failing.json(), failing.headers['cache-control']], [503, { status: 'unavailable', failed: ['store'] }, 'no-store']);
  });

  it("req.log: the warning carries the request's id, then the 404", async () => {
    const fw = await serve<{ show: RouteEntry }>((code) => code.includes("event: 'task_missing'"), { tasks: new Map([[1, { id: 1, title: 'write' }]]) }, (module) => appOf([module.show]));
    assert.deepEqual((await inject(fw, '/tasks/1')).json(), { id: 1, title: 'write' });
    const missing = await inject(fw, '/tasks/9');
    assert.deepEqual([missing.status, missing.json()], [404, { error: 'task not found' }]);
    const warning = lines.find((line) => line.fields.event === 'task_missing');
    assert.deepEqual([warning?.level, warning?.fields.task_id, warning?.fields.request_id, warning?.msg], ['warn', 9, missing.headers['x-request-id'], 'no such task']);
  });

  it('jsonStream: a keyed list with its Link header, and a bare array from an async iterable, chunked', async () => {
    const posts = [{ id: 1, title: 'a' }, { id: 2, title: 'b' }];
    const store = { list: async () => posts, cursor: async function* () { yield* posts; } };
    const fw = await serve<{ posts: Record<'index' | 'export', Action> }>(
      (code) => code.includes("export: () => jsonStream(store.cursor())"),
      { store },
      (module) => appOf([{ path: '/api/posts', handler: module.posts.index }, { path: '/api/export', handler: module.posts.export }]),
    );
    const listed = await inject(fw, '/api/posts');
    assert.deepEqual([listed.body, listed.headers.link, listed.headers['transfer-encoding'], listed.headers['content-length']], [JSON.stringify({ posts }), '</api/posts?after=50>; rel="next"', 'chunked', undefined]);
    assert.equal((await inject(fw, '/api/export')).body, JSON.stringify(posts));
  });

  it('typed routes: a 404 JSON answer, an httpError 404, and no PUT without a post', async () => {
    const fw = await serve<{ routes: RouteEntry[] }>((code) => code.includes('const posts = new Map<number, Post>()'), {}, (module) => appOf(module.routes), [
      { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } },
    ]);
    assert.deepEqual([(await inject(fw, '/posts/3')).status, (await inject(fw, '/posts/3')).json()], [404, { error: 'no post 3' }]);
    const put = await inject(fw, { method: 'PUT', url: '/posts/3', body: { title: 'x' } });
    assert.deepEqual([put.status, put.json()], [404, { error: 'no post 3' }]);
    assert.equal((await inject(fw, { method: 'PUT', url: '/posts/3', body: { title: 'x', extra: 1 } })).status, 400);
  });
});
