/**
 * A caller of inject or `fw.fetch` that aborts its signal is a client gone: the handler's `req.signal` aborts, a
 * jsonStream's source is returned, and the call rejects with the signal's reason, as fetch does. The signal was
 * ignored: the handler waited on for nobody, a streamed list was pulled to its end, and the fetch never settled.
 */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { inject } from '../src/inject/inject.ts';
import { json, jsonStream } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { within } from './support/until.ts';

/** The slow handler's request has arrived; its req.signal aborted. */
let arrived = Promise.withResolvers<AbortSignal>();
/** A list of 10,000 items read one turn at a time (a cursor's I/O); `pulled` and `returned` count what fw did with it. */
const list = { pulled: 0, returned: 0, onPull: (_count: number): void => {} };
const cursor = (): AsyncIterableIterator<{ n: number }> => ({
  [Symbol.asyncIterator]() { return this; },
  async next() {
    list.pulled += 1;
    list.onPull(list.pulled);
    await nextTurn();
    return list.pulled > 10_000 ? { done: true, value: undefined } : { done: false, value: { n: list.pulled } };
  },
  async return() {
    list.returned += 1;
    return { done: true, value: undefined };
  },
});

describe('an aborted inject or fw.fetch', () => {
  let app: InjectedApp;
  let handled = 0;
  before(async () => {
    const get = { methods: ['get' as const] };
    app = await injectTestApp({
      groups: [{
        prefix: '',
        security: false,
        routes: [
          {
            path: '/slow',
            handler: async (req) => {
              handled += 1;
              arrived.resolve(req.signal);
              await new Promise((resolve) => req.signal.addEventListener('abort', resolve));
              return json({ late: true });
            },
            options: get,
          },
          { path: '/list', handler: () => jsonStream(cursor()), options: get },
          { path: '/fast', handler: () => json({ ok: true }), options: get },
        ],
      }],
    });
  });
  after(() => app.close());

  it("aborts the handler's req.signal and rejects fw.fetch with an AbortError", async () => {
    arrived = Promise.withResolvers();
    const controller = new AbortController();
    const fetching = app.fw.fetch('/slow', { signal: controller.signal });
    const signal = await within('the handler to run', arrived.promise);
    controller.abort();
    await within('fw.fetch to reject', assert.rejects(fetching, { name: 'AbortError' }));
    assert.equal(signal.aborted, true);
  });

  it("returns a jsonStream's source and rejects inject with the signal's reason", async () => {
    Object.assign(list, { pulled: 0, returned: 0 });
    const controller = new AbortController();
    const reason = new Error('the caller left');
    list.onPull = (count) => void (count === 3 && controller.abort(reason));
    await assert.rejects(inject(app.fw, { url: '/list', signal: controller.signal }), reason);
    assert.deepEqual([list.pulled, list.returned], [3, 1]);
  });

  it('runs nothing for a signal already aborted, and leaves no listener on a signal it was given', async () => {
    const before = handled;
    await assert.rejects(inject(app.fw, { url: '/slow', signal: AbortSignal.abort() }), { name: 'AbortError' });
    assert.equal(handled, before);
    const kept = new AbortController();
    for (let i = 0; i < 3; i++) assert.equal((await inject(app.fw, { url: '/fast', signal: kept.signal })).status, 200);
    assert.equal(getEventListeners(kept.signal, 'abort').length, 0);
  });
});
