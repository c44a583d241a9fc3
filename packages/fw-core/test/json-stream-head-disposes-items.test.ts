/**
 * A HEAD to a `jsonStream()` route sends no item, so none is pulled; but items that hold a resource
 * from the moment the handler made them (a Readable over a query or a file, a cursor with
 * `Symbol.asyncDispose`) are disposed of unread, as a GET's are when the last item went: a HEAD
 * probe must not leave a pooled connection or a file descriptor behind.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { jsonStream } from '../src/http/response.ts';
import type { FwRequest } from '../src/http/request.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { until } from './support/until.ts';

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

describe('a jsonStream() answered after its client has gone', () => {
  let app: TestApp;
  const streams: Readable[] = [];
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  before(async () => {
    // A handler that makes its stream (a query's rows, say) only after its client hung up.
    const late = async (req: FwRequest) => {
      started();
      await new Promise((resolve) => req.signal.addEventListener('abort', resolve));
      const stream = Readable.from([{ id: 1 }]);
      streams.push(stream);
      return jsonStream(stream);
    };
    app = await startTestApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/late', handler: late }] }] });
  });
  after(async () => {
    await app.close();
  });

  it('destroys the Readable it will never send', async () => {
    const socket = connect(app.server.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('GET /late HTTP/1.1\r\nHost: t\r\n\r\n');
    await handlerStarted;
    socket.destroy();
    await until('the stream to be made and destroyed', () => streams.length === 1 && streams[0]!.destroyed);
  });
});
