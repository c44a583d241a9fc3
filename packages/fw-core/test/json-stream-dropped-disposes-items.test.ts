/**
 * A jsonStream() answer whose items hold a resource (an async iterator with return(), as a database cursor is; none
 * with Symbol.asyncDispose) is disposed of exactly once on every path that drops it unwritten: a post_request plugin
 * that throws, returns a malformed result, replies itself, replaces the answer or removes it; an answer fw refuses
 * (a bad status); a HEAD. Before, only a HEAD's or a gone client's items with Symbol.asyncDispose were, and a cursor
 * dropped by a plugin or refused by fw kept its connection until the process ended.
 */
import assert from 'node:assert/strict';
import { setImmediate as immediate } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { json, jsonStream } from '../src/http/response.ts';
import { reply } from '../src/http/write-response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { until } from './support/until.ts';

/** Cursors by request path: how often each was pulled and returned. */
const cursors = new Map<string, { pulled: number; returned: number }>();

function cursorFor(path: string): AsyncIterableIterator<unknown> {
  const counts = { pulled: 0, returned: 0 };
  cursors.set(path, counts);
  const cursor: AsyncIterableIterator<unknown> = {
    [Symbol.asyncIterator]: () => cursor,
    next: async () => ((counts.pulled += 1), counts.pulled > 2 ? { done: true, value: undefined } : { done: false, value: { n: counts.pulled } }),
    return: async () => ((counts.returned += 1), { done: true, value: undefined }),
  };
  return cursor;
}

const post = (name: string, post_request: FwPlugin['post_request']): FwPlugin => ({ name, post_request });
const plugins: FwPlugin[] = [
  post('throws', () => {
    throw new Error('plugin down');
  }),
  post('malformed', () => 'okay' as never),
  post('replies', (req, _env, _options, state) => (reply(req, 202, {}, 'mine'), ['stop', req, state])),
  post('replaces', (req, _env, _options, state) => ((req.response = json({ replaced: true })), ['ok', req, state])),
  post('removes', (req, _env, _options, state) => ((req.response = undefined), ['ok', req, state])),
];
const rows = (req: { path: string }) => jsonStream(cursorFor(req.path));

describe('a jsonStream answer fw drops unwritten', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins,
      groups: [
        ...plugins.map((plugin) => ({
          prefix: `/${plugin.name}`,
          security: false as const,
          plugins: [{ phase: 'post_request' as const, module: plugin.name }],
          routes: [{ path: '/rows', handler: rows }],
        })),
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/refused', handler: (req) => ({ ...jsonStream(cursorFor(req.path)), status: 1000 }) },
            { path: '/rows', handler: rows },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  /** Requests `path`, checks the status, and that its cursor was returned once, never pulled. */
  async function dropped(path: string, status: number, method = 'GET'): Promise<void> {
    const res = await app.fetch(path, { method });
    assert.equal(res.status, status, path);
    await res.arrayBuffer();
    await until(`${path}: its cursor returned`, () => cursors.get(path)?.returned);
    await immediate();
    assert.deepEqual(cursors.get(path), { pulled: 0, returned: 1 }, path);
  }

  it('a post_request plugin that throws: 500, the cursor returned', () => dropped('/throws/rows', 500));
  it('a post_request plugin with a malformed result: 500, the cursor returned', () => dropped('/malformed/rows', 500));
  it('a post_request plugin that replies itself: its answer, the cursor returned', () => dropped('/replies/rows', 202));
  it('a post_request plugin that replaces the answer: its answer, the cursor returned', () => dropped('/replaces/rows', 200));
  it('a post_request plugin that removes the answer: 500, the cursor returned', () => dropped('/removes/rows', 500));
  it('an answer fw refuses (status 1000): 500, the cursor returned', () => dropped('/refused', 500));
  it('a HEAD: the cursor returned without a pull', () => dropped('/rows', 200, 'HEAD'));

  it('a GET sends the items; the cursor, ended by its last next(), is not returned', async () => {
    assert.deepEqual(await (await app.fetch('/rows')).json(), [{ n: 1 }, { n: 2 }]);
    await immediate();
    assert.deepEqual(cursors.get('/rows'), { pulled: 3, returned: 0 });
  });
});
