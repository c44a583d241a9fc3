/**
 * An instance cut off from PostgreSQL in the middle of its start-up migrations (its COMMIT and its connection's close
 * lost in a partition): the server kept that transaction, with the migrations' advisory lock and the locks of what it
 * had changed, until TCP keep-alive noticed (two hours by Linux's default), and every other instance starting meanwhile
 * waited on the lock until its statement timeout and failed to start. The migrations' transaction now begins as a
 * write's does (beginIdleBounded): the server ends it once it idles past postgres_query_timeout_ms, and the next
 * instance starts. The partition is a TCP proxy that holds back the COMMIT and keeps its side to the server open.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createStore } from '../src/store/create-store.ts';
import type { PostStore } from '../src/store/store.ts';
import { recordingLogger } from './support/store-logger.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';
import { proxyPostgres, type TcpProxy } from './support/store-tcp-proxy.ts';

const settings = (url: string) => ({ store: 'postgres', database_url: url, postgres_query_timeout_ms: 800, postgres_statement_timeout_ms: 600 }) as const;

describe('PostgreSQL migrations cut off by a partition before their COMMIT', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let store: PostStore | undefined;

  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(async () => {
    await store?.close();
    await proxy?.close();
    await schema.drop();
  });

  it('leave no lock behind: the next instance migrates and starts', async () => {
    let url: string;
    ({ proxy, url } = await proxyPostgres(schema.url));
    const held = proxy.holdAfter('COMMIT');
    try {
      await assert.rejects(createStore(settings(url), { appDir: '.', env: {}, logger: recordingLogger().logger }));
      // Another instance, reaching the server directly, once the first has given up (its query timeout). It waits on the
      // migrations' advisory lock for at most its statement timeout.
      store = await createStore(settings(schema.url), { appDir: '.', env: {}, logger: recordingLogger().logger });
      assert.equal((await store.create({ title: 't', body: 'b', status: 'draft', user_id: null })).id, 1);
    } finally {
      held.deliver();
    }
  });
});
