/**
 * The PostgreSQL store's ping (GET /ready's store check) on its own one-connection pool: probes that arrive together
 * share one SELECT 1 (a red team's flood of /ready made a healthy store fail its check), and a requests' pool that
 * has no connection and cannot get one fails the ping though the probe's connection answers (the red team's /ready
 * said 200 while every API request got 503). Real PostgreSQL; the requests' pool reaches it through a TCP proxy.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { createPgPool, type PgPool } from '../src/store/postgres-pool.ts';
import { openPostgresStore } from '../src/store/postgres-store.ts';
import { StoreUnavailableError, type PostStore } from '../src/store/store.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';
import { proxyPostgres, type TcpProxy } from './support/store-tcp-proxy.ts';

describe('the PostgreSQL store ping, on a pool of its own', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let pool: PgPool;
  let store: PostStore;
  const pings: string[] = [];

  before(async () => {
    schema = await createTestSchema();
    let url: string;
    ({ proxy, url } = await proxyPostgres(schema.url));
    pool = createPgPool({ connectionString: url, max: 2, connectTimeoutMs: 500, onIdleError: () => {} });
    const probePool = createPgPool({ connectionString: schema.url, max: 1, connectTimeoutMs: 500, queryTimeoutMs: 800, onIdleError: () => {} });
    store = await openPostgresStore({ pool, probePool, queryLog: (event) => void (event.sql === 'SELECT 1' && pings.push(event.sql)) });
  });
  after(async () => {
    await store?.close();
    await proxy?.close();
    await schema?.drop();
  });

  it('answers probes that arrive together with one SELECT 1', async () => {
    pings.length = 0;
    await Promise.all(Array.from({ length: 50 }, () => store.ping()));
    assert.equal(pings.length, 1);
    await store.ping();
    assert.equal(pings.length, 2, 'a later probe asks again');
  });

  it('fails while the requests\' pool has no connection and cannot get one, though the probe\'s connection answers', async () => {
    await store.get(1);
    await proxy.cut();
    await until('the requests\' pool to drop its connections', () => pool.totalCount === 0);
    await assert.rejects(store.ping(), StoreUnavailableError);
    await proxy.restore();
    await store.ping();
  });
});
