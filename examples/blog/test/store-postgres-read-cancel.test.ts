/**
 * runPgRead (postgres-runner.ts) on a pool of its own making, for what a real server cannot time: the cancel names the
 * read's backend, the read rejects with the signal's reason, and its connection goes back to the pool only once the
 * cancel has settled (a cancel still on its way must not reach the next request's statement); a read that ends is
 * never cancelled afterwards; a request that goes while it waits for a pooled connection stops waiting and sends nothing; a statement failing on its
 * own still destroys its connection. And pgCanceller keeps at most its limit of cancels in flight.
 * api-postgres-read-cancel.test.ts has the real thing.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { closedPort } from '../../../packages/fw-core/test/support/closed-port.ts';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { after, before, describe, it } from 'node:test';
import { pgCanceller, type PgClient, type PgPool, type PgQuery, type PgResult } from '../src/store/postgres-pool.ts';
import { runPgRead, type PgReporting } from '../src/store/postgres-runner.ts';
import { postgresSpanTarget } from '../src/store/statement-spans.ts';
import { PGBOUNCER_SKIP_REASON, startPgBouncer } from './support/pgbouncer.ts';
import { CANCELED, fakePool, heldCancel } from './support/store-postgres-fake-client.ts';
import { TEST_DATABASE_URL } from './support/store-postgres.ts';

const ROWS: PgResult = { rows: [{ one: 1 }], rowCount: 1 };
const REPORTING: PgReporting = { log: undefined, spans: postgresSpanTarget(undefined) };
const STATEMENT = { text: 'SELECT 1 AS one' };

/** A read whose request's signal aborts while its query is on the wire (the query's answer still pending). */
async function abortedWhileQuerying() {
  const { pool, released, answer } = fakePool();
  const { cancelled, delivered, cancel } = heldCancel();
  const gone = new AbortController();
  const read = runPgRead(pool, STATEMENT, REPORTING, { signal: gone.signal }, cancel);
  await new Promise((resolve) => setImmediate(resolve));
  gone.abort();
  return { read, released, answer, cancelled, delivered };
}

describe('runPgRead: a PostgreSQL read for a request that may go', () => {
  it('cancels the read on its own backend, rejects with the reason, and returns the connection once the cancel was delivered', async () => {
    const { read, released, answer, cancelled, delivered } = await abortedWhileQuerying();
    assert.deepEqual(cancelled, [4242]);
    answer.reject(CANCELED);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(released, [], 'held while the cancel is on its way');
    delivered.resolve(true);
    await assert.rejects(read, (error: Error) => error.name === 'AbortError');
    assert.deepEqual(released, [undefined], 'a cancelled statement leaves a healthy connection: back to the pool');
  });

  it('closes the connection when the cancel was sent but given up: it may still reach the next statement', async () => {
    const { read, released, answer, delivered } = await abortedWhileQuerying();
    answer.resolve(ROWS);
    delivered.resolve(false);
    await assert.rejects(read, (error: Error) => error.name === 'AbortError');
    assert.equal(released.length, 1);
    assert.ok(released[0] instanceof Error, 'released with an error: destroyed, never handed to another request');
  });

  it('holds the connection until the cancel settles when the answer came first', async () => {
    const { read, released, answer, delivered } = await abortedWhileQuerying();
    answer.resolve(ROWS);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(released, [], 'a cancel in flight could reach the next statement on this connection');
    delivered.resolve(true);
    await assert.rejects(read, (error: Error) => error.name === 'AbortError');
    assert.deepEqual(released, [undefined]);
  });

  it('returns the connection of a read that ended, and never cancels it afterwards', async () => {
    const { pool, released, answer } = fakePool();
    const { cancelled, cancel } = heldCancel();
    const later = new AbortController();
    answer.resolve(ROWS);
    assert.deepEqual(await runPgRead(pool, STATEMENT, REPORTING, { signal: later.signal }, cancel), ROWS);
    later.abort();
    assert.deepEqual(released, [undefined]);
    assert.deepEqual(cancelled, []);
  });

  it('asks for no connection for a request already gone', async () => {
    const { pool, sent, released } = fakePool();
    const { cancelled, cancel } = heldCancel();
    await assert.rejects(runPgRead(pool, STATEMENT, REPORTING, { signal: AbortSignal.abort() }, cancel), (error: Error) => error.name === 'AbortError');
    assert.deepEqual([sent, cancelled, released], [[], [], []]);
  });

  it('stops waiting for a pooled connection when its request goes, and returns the connection that comes later unused', async () => {
    const { pool: onePool, sent, released } = fakePool();
    const connection = Promise.withResolvers<PgClient>();
    const pool = { connect: () => connection.promise } as unknown as PgPool;
    const gone = new AbortController();
    const read = runPgRead(pool, STATEMENT, REPORTING, { signal: gone.signal }, heldCancel().cancel);
    gone.abort();
    await assert.rejects(read, (error: Error) => error.name === 'AbortError');
    connection.resolve(await onePool.connect());
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(sent, []);
    assert.deepEqual(released, [undefined], 'a healthy connection is not closed under the load that made clients leave');
  });

  it("does not count a wait that times out after its request went as the pool's timeout", async () => {
    const connection = Promise.withResolvers<PgClient>();
    let timeouts = 0;
    const reporting: PgReporting = { ...REPORTING, onAcquireTimeout: () => void (timeouts += 1) };
    const gone = new AbortController();
    const read = runPgRead({ connect: () => connection.promise } as unknown as PgPool, STATEMENT, reporting, { signal: gone.signal }, heldCancel().cancel);
    gone.abort();
    await assert.rejects(read, (error: Error) => error.name === 'AbortError');
    connection.reject(new Error('timeout exceeded when trying to connect'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(timeouts, 0);
  });

  it('destroys the connection of a statement that failed on its own, as every other statement does', async () => {
    const { pool, released, answer } = fakePool();
    const failure = Object.assign(new Error('Connection terminated unexpectedly'), {});
    answer.reject(failure);
    await assert.rejects(runPgRead(pool, STATEMENT, REPORTING, { signal: new AbortController().signal }, heldCancel().cancel));
    assert.deepEqual(released, [failure]);
  });

  it('runs on the pool as before when no request is given', async () => {
    const { pool, sent } = fakePool();
    const direct = { ...pool, query: async (query: PgQuery) => (sent.push(query), ROWS) } as unknown as PgPool;
    assert.deepEqual(await runPgRead(direct, STATEMENT, REPORTING, undefined, heldCancel().cancel), ROWS);
    assert.equal(sent.length, 1);
  });
});

describe('pgCanceller: the wire protocol\'s CancelRequest', () => {
  let silent: Server;
  let accepted = 0;
  before(async () => {
    silent = createServer((socket) => {
      accepted += 1;
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  after(() => silent.close());
  const silentUrl = () => `postgres://u@127.0.0.1:${(silent.address() as { port: number }).port}/db`;

  it('cancels a running statement on PostgreSQL itself, with no login, and says it was delivered', async () => {
    const victim = new pg.Client({ connectionString: TEST_DATABASE_URL });
    const watcher = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await Promise.all([victim.connect(), watcher.connect()]);
    try {
      const sleeping = victim.query('SELECT pg_sleep(30)').then(() => undefined, (error: Error & { code?: string }) => error);
      const cancel = pgCanceller(TEST_DATABASE_URL, 2000, 2);
      const pid = (victim as unknown as PgClient).processID;
      await until('the statement to run', async () => (await watcher.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active'", [pid])).rowCount === 1);
      const started = performance.now();
      assert.equal(await cancel(victim as unknown as PgClient), true);
      assert.equal((await sleeping)?.code, '57014', 'the statement was cancelled');
      assert.ok(performance.now() - started < 2000);
    } finally {
      await Promise.all([victim.end(), watcher.end()]);
    }
  });

  it('cancels a running statement through PgBouncer (transaction mode), whose process ids are its own', { skip: PGBOUNCER_SKIP_REASON }, async () => {
    const bouncer = await startPgBouncer(TEST_DATABASE_URL);
    const victim = new pg.Client({ connectionString: bouncer.url });
    try {
      await victim.connect();
      const sleeping = victim.query('SELECT pg_sleep(30)').then(() => undefined, (error: Error & { code?: string }) => error);
      const watcher = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await watcher.connect();
      try {
        await until('the statement to run on the server', async () => (await watcher.query("SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)' AND state = 'active'")).rowCount === 1);
      } finally {
        await watcher.end();
      }
      assert.equal(await pgCanceller(bouncer.url, 2000, 2)(victim as unknown as PgClient), true);
      assert.equal((await sleeping)?.code, '57014', 'the statement was cancelled');
    } finally {
      await victim.end().catch(() => {});
      await bouncer.stop();
    }
  });

  it('keeps at most its limit in flight, skips the rest at once, and says a cancel sent and unanswered may still land (false)', async () => {
    const cancel = pgCanceller(silentUrl(), 300, 2);
    const started = performance.now();
    const inFlight = [cancel({ processID: 1, secretKey: 7 }), cancel({ processID: 2, secretKey: 7 })];
    assert.deepEqual(await Promise.all([cancel({ processID: 3, secretKey: 7 }), cancel({ processID: 4, secretKey: 7 })]), [true, true]);
    assert.ok(performance.now() - started < 250, 'the cancels over the limit settle at once, opening nothing');
    assert.deepEqual(await Promise.all(inFlight), [false, false]);
    assert.equal(accepted, 2);
  });

  it('says a cancel that never left is safe (true): a refused connection, a connection without its key', async () => {
    assert.equal(await pgCanceller(`postgres://u@127.0.0.1:${await closedPort()}/db`, 300, 2)({ processID: 1, secretKey: 7 }), true);
    const before = accepted;
    assert.equal(await pgCanceller(silentUrl(), 300, 2)({ processID: 1 }), true);
    assert.equal(accepted, before);
  });
});
