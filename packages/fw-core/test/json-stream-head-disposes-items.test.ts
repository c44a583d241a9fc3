/**
 * A HEAD to a `jsonStream()` route sends no item, so none is pulled; but items that hold a resource
 * from the moment the handler made them (a Readable over a query or a file, a cursor with
 * `Symbol.asyncDispose`) are disposed of unread, as a GET's are when the last item went: a HEAD
 * probe must not leave a pooled connection or a file descriptor behind.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { jsonStream } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

describe('HEAD to a jsonStream route', () => {
  let app: InjectedApp;
  const streams: Readable[] = [];
  const cursor = { disposed: 0, pulled: 0 };
  before(async () => {
    const rows = () => {
      const stream = Readable.from([{ id: 1 }, { id: 2 }]);
      streams.push(stream);
      return jsonStream(stream);
    };
    const ownCursor = () => {
      const items = {
        [Symbol.asyncIterator]: () => ({ next: async () => ((cursor.pulled += 1), { done: true as const, value: undefined }) }),
        [Symbol.asyncDispose]: async () => void (cursor.disposed += 1),
      };
      return jsonStream(items);
    };
    app = await injectTestApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/rows', handler: rows }, { path: '/cursor', handler: ownCursor }] }] });
  });
  after(async () => {
    await app.close();
  });

  it('destroys a Readable it never read', async () => {
    const res = await app.fetch('/rows', { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '');
    assert.equal(streams.at(-1)!.destroyed, true);
  });

  it("runs a cursor's Symbol.asyncDispose without pulling an item", async () => {
    assert.equal((await app.fetch('/cursor', { method: 'HEAD' })).status, 200);
    assert.deepEqual(cursor, { disposed: 1, pulled: 0 });
  });

  it('still sends GET the items', async () => {
    assert.deepEqual(await (await app.fetch('/rows')).json(), [{ id: 1 }, { id: 2 }]);
    assert.equal(streams.at(-1)!.destroyed, true);
  });
});
