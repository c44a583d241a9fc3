/**
 * When PostgreSQL cannot be reached the store fails fast with StoreUnavailableError (the API
 * answers 503), never hangs, never crashes the process, and recovers by itself once it is back.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { nextTurn, until } from '../../../packages/fw-core/test/support/until.ts';
import { createStore } from '../src/store/create-store.ts';
import { createPgPool } from '../src/store/postgres-pool.ts';
import { openPostgresStore } from '../src/store/postgres-store.ts';
import { StoreUnavailableError, type PostStore } from '../src/store/store.ts';
import { recordingLogger } from './support/store-logger.ts';
import { createTestSchema, TEST_DATABASE_URL, withSearchPath, type TestSchema } from './support/store-postgres.ts';
import { startTcpProxy, type TcpProxy } from './support/store-tcp-proxy.ts';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};

function urlThrough(proxy: TcpProxy, schema: TestSchema): string {
  const url = new URL(withSearchPath(TEST_DATABASE_URL, schema.name));
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.href;
}

function databaseAddress(): { host: string; port: number } {
  const url = new URL(TEST_DATABASE_URL);
  return { host: url.hostname, port: Number(url.port || 5432) };
}

async function timed<T>(work: () => Promise<T>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await work();
    return { error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

describe('PostgreSQL store when the database is unavailable', () => {
  let schema: TestSchema;
  before(() => {
    process.on('unhandledRejection', onUnhandled);
  });
  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(() => schema.drop());
  after(async () => {
    // Every store, pool and socket the tests opened is closed by now: a rejection they left unhandled is reported by the next turn.
    await nextTurn();
    process.off('unhandledRejection', onUnhandled);
    assert.deepEqual(unhandled, []);
  });

  it('start fails fast with StoreUnavailableError when nothing listens', async () => {
    const { logger } = recordingLogger();
    const { error, ms } = await timed(() =>
      createStore({ store: 'postgres', database_url: 'postgres://postgres@127.0.0.1:1/test' }, { appDir: '.', env: {}, logger }),
    );
    assert.ok(error instanceof StoreUnavailableError, String(error));
    assert.equal(error.code, 'BLOG_ERR_STORE_UNAVAILABLE');
    assert.equal((error.cause as { code?: unknown }).code, 'ECONNREFUSED');
    assert.ok(ms < 1000, `took ${ms} ms`);
  });

  it('DATABASE_URL overrides blog.database_url', async () => {
    const { logger } = recordingLogger();
    const { error } = await timed(() =>
      createStore(
        { store: 'postgres', database_url: schema.url },
        { appDir: '.', env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' }, logger },
      ),
    );
    assert.ok(error instanceof StoreUnavailableError, String(error));
  });

  it('start gives up after the connect timeout when the server never answers', async () => {
    const silent = createServer(() => {});
    const held = new Set<Socket>();
    silent.on('connection', (socket) => held.add(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const port = (silent.address() as { port: number }).port;
    try {
      const { logger } = recordingLogger();
      const { error, ms } = await timed(() =>
        createStore({ store: 'postgres', database_url: `postgres://postgres@127.0.0.1:${port}/test` }, { appDir: '.', env: {}, logger }),
      );
      assert.ok(error instanceof StoreUnavailableError, String(error));
      assert.ok(ms > 1500 && ms < 4000, `took ${ms} ms`);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });

  it('every operation rejects with StoreUnavailableError while the database is down, and the store recovers', async () => {
    const proxy = await startTcpProxy(databaseAddress());
    const { logger, lines } = recordingLogger();
    let store: PostStore | undefined;
    try {
      store = await createStore({ store: 'postgres', database_url: urlThrough(proxy, schema) }, { appDir: '.', env: {}, logger });
      const post = await store.create({ title: 'before', body: '', status: 'draft', user_id: null });
      await proxy.cut();
      // The pooled idle connection dies with the proxy: logged through the pool's 'error' event,
      // not thrown as an uncaught exception.
      await until('the store_connection_lost error line', () => lines.some((line) => line.level === 'error' && line.fields.event === 'store_connection_lost'), { timeoutMs: 2000 });
      const down = store;
      const operations: Array<[string, () => Promise<unknown>]> = [
        ['get', () => down.get(post.id)],
        ['list', () => down.list({ limit: 10 })],
        ['create', () => down.create({ title: 'during', body: '', status: 'draft', user_id: null })],
        ['update', () => down.update(post.id, { title: 'during' })],
        ['delete', () => down.delete(post.id)],
      ];
      for (const [name, operation] of operations) {
        const { error, ms } = await timed(operation);
        assert.ok(error instanceof StoreUnavailableError, `${name}: ${String(error)}`);
        assert.ok(ms < 2500, `${name} took ${ms} ms`);
      }
      await proxy.restore();
      assert.deepEqual(await store.get(post.id), post);
      const updated = await store.update(post.id, { title: 'after' });
      assert.equal(updated.found && updated.post.title, 'after');
    } finally {
      await store?.close();
      await proxy.close();
    }
  });

  it('a query the database never answers times out with StoreUnavailableError', async () => {
    const proxy = await startTcpProxy(databaseAddress());
    const pool = createPgPool({ connectionString: urlThrough(proxy, schema), onIdleError: () => {}, queryTimeoutMs: 1000 });
    let store: PostStore | undefined;
    try {
      store = await openPostgresStore({ pool });
      const frozen = store;
      proxy.freeze();
      const { error, ms } = await timed(() => frozen.get(1));
      assert.ok(error instanceof StoreUnavailableError, String(error));
      assert.ok(ms > 800 && ms < 3000, `took ${ms} ms`);
    } finally {
      await proxy.close();
      await store?.close();
    }
  });
});
