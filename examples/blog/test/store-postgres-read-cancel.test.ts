/**
 * runPgRead (postgres-runner.ts) on a pool of its own making, for what a real server cannot time: the cancel names the
 * read's backend, a client whose read was cancelled is destroyed even when its answer came first (a late cancel must
 * not reach another request's statement), a read that ends is returned to the pool and never cancelled afterwards,
 * and a request gone before a connection was free sends nothing and returns the connection. api-postgres-read-cancel.test.ts has the real thing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PgClient, PgPool, PgQuery, PgResult } from '../src/store/postgres-pool.ts';
import { runPgRead, type PgReporting } from '../src/store/postgres-runner.ts';
import { postgresSpanTarget } from '../src/store/statement-spans.ts';

const ROWS: PgResult = { rows: [{ one: 1 }], rowCount: 1 };
const REPORTING: PgReporting = { log: undefined, spans: postgresSpanTarget(undefined) };
const STATEMENT = { text: 'SELECT 1 AS one' };

/** A pool of one client, backend 4242, whose query answers when the test says; it records what happened. */
function fakePool() {
  const sent: PgQuery[] = [];
  const released: (Error | boolean | undefined)[] = [];
  const answer = Promise.withResolvers<PgResult>();
  const client: PgClient = {
    processID: 4242,
    query: (query) => (sent.push(query), answer.promise),
    release: (error) => void released.push(error),
    on: () => client,
    off: () => client,
  };
  const pool = { connect: async () => client } as unknown as PgPool;
  return { pool, sent, released, answer };
}

function recordingCancel() {
  const cancelled: number[] = [];
  return { cancelled, cancel: async (pid: number) => void cancelled.push(pid) };
}

/** A read whose request's signal aborts while its query is on the wire (the query's answer still pending). */
async function abortedWhileQuerying() {
  const { pool, released, answer } = fakePool();
  const { cancelled, cancel } = recordingCancel();
  const gone = new AbortController();
  const read = runPgRead(pool, STATEMENT, REPORTING, { signal: gone.signal }, cancel);
  await new Promise((resolve) => setImmediate(resolve));
  gone.abort();
  return { read, released, answer, cancelled };
}

describe('runPgRead: a PostgreSQL read for a request that may go', () => {
  it('cancels the read on its own backend when the signal aborts, rejects with the reason and destroys the client', async () => {
    const { read, released, answer, cancelled } = await abortedWhileQuerying();
    assert.deepEqual(cancelled, [4242]);
    answer.reject(Object.assign(new Error('canceling statement due to user request'), { code: '57014' }));
    await assert.rejects(read, (error: Error) => error.name === 'AbortError');
    assert.equal(released.length, 1);
    assert.ok(released[0], 'released with a truthy value: pg destroys the client instead of pooling it');
  });

  it('destroys the client when the answer came before the cancel could act', async () => {
    const { read, released, answer, cancelled } = await abortedWhileQuerying();
    answer.resolve(ROWS);
    await assert.rejects(read, (error: Error) => error.name === 'AbortError');
    assert.deepEqual(cancelled, [4242]);
    assert.ok(released[0], 'a cancel in flight may still arrive: the backend is not reused (released truthy: destroyed)');
  });

  it('returns the client of a read that ended, and never cancels it afterwards', async () => {
    const { pool, released, answer } = fakePool();
    const { cancelled, cancel } = recordingCancel();
    const later = new AbortController();
    answer.resolve(ROWS);
    assert.deepEqual(await runPgRead(pool, STATEMENT, REPORTING, { signal: later.signal }, cancel), ROWS);
    later.abort();
    assert.deepEqual(released, [undefined]);
    assert.deepEqual(cancelled, []);
  });

  it('sends nothing for a request that went before a connection was free, and returns the connection to the pool', async () => {
    const { pool, sent, released } = fakePool();
    const { cancelled, cancel } = recordingCancel();
    await assert.rejects(runPgRead(pool, STATEMENT, REPORTING, { signal: AbortSignal.abort() }, cancel), (error: Error) => error.name === 'AbortError');
    assert.deepEqual(sent, []);
    assert.deepEqual(cancelled, []);
    assert.deepEqual(released, [undefined], 'a healthy connection is not closed under the load that made clients leave');
  });

  it('runs on the pool as before when no request is given', async () => {
    const { pool, sent } = fakePool();
    const direct = { ...pool, query: async (query: PgQuery) => (sent.push(query), ROWS) } as unknown as PgPool;
    assert.deepEqual(await runPgRead(direct, STATEMENT, REPORTING, undefined, recordingCancel().cancel), ROWS);
    assert.equal(sent.length, 1);
  });
});
