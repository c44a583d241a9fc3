/**
 * withPgClient and inPgTransaction (postgres-runner.ts) for a write whose request goes, on a pool of its own making,
 * for what a real server cannot time: the statement on the wire is cancelled on its own backend, nothing is sent
 * after it (a transaction's COMMIT least of all), a COMMIT on the wire is never cancelled, and the connection goes
 * back only once the cancel has settled: pooled when no transaction is open, closed when one is (that rolls it back)
 * or when the cancel was given up. api-postgres-write-cancel.test.ts has the real thing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PgResult } from '../src/store/postgres-pool.ts';
import { inPgTransaction, withPgClient, type PgReporting, type PgStatement } from '../src/store/postgres-runner.ts';
import { postgresSpanTarget } from '../src/store/statement-spans.ts';
import { CANCELED, fakePool, heldCancel, settled } from './support/store-postgres-fake-client.ts';

const ROWS: PgResult = { rows: [{ id: 1 }], rowCount: 1 };
const REPORTING: PgReporting = { log: undefined, spans: postgresSpanTarget(undefined) };
const DELETE: PgStatement = { text: 'DELETE FROM blog_posts WHERE id = $1', values: [1], commits: true };
const LOCK: PgStatement = { text: 'SELECT id FROM blog_posts WHERE id = $1 FOR UPDATE', values: [1] };
const isAbort = (error: Error): boolean => error.name === 'AbortError';

/** A write run by `start` on a fake pool, and its request's controller. */
function writeOn<T>(start: (pool: ReturnType<typeof fakePool>['pool'], signal: AbortSignal, cancel: ReturnType<typeof heldCancel>['cancel']) => Promise<T>) {
  const fake = fakePool();
  const held = heldCancel();
  const gone = new AbortController();
  const write = start(fake.pool, gone.signal, held.cancel);
  write.catch(() => {});
  return { ...fake, ...held, gone, write, texts: () => fake.sent.map((query) => query.text) };
}

describe('withPgClient: an autocommit write for a request that may go', () => {
  const autocommit = () => writeOn((pool, signal, cancel) => withPgClient(pool, REPORTING, (run) => run(DELETE), { signal }, cancel));

  it('cancels the statement on its backend; stopped by it, it rejects with the reason and its connection is pooled once the cancel was delivered', async () => {
    const { write, gone, answer, released, cancelled, delivered } = autocommit();
    await settled();
    gone.abort();
    assert.deepEqual(cancelled, [4242]);
    answer.reject(CANCELED);
    await settled();
    assert.deepEqual(released, [], 'held while the cancel is on its way');
    delivered.resolve(true);
    await assert.rejects(write, isAbort);
    assert.deepEqual(released, [undefined], 'a statement the server stopped leaves an idle, healthy connection');
  });

  it('answers with the result of a statement that ended before the cancel could stop it: it is stored', async () => {
    const { write, gone, answer, released, delivered } = autocommit();
    await settled();
    gone.abort();
    answer.resolve(ROWS);
    await settled();
    assert.deepEqual(released, [], 'a cancel in flight could reach the next statement on this connection');
    delivered.resolve(true);
    assert.deepEqual(await write, ROWS);
    assert.deepEqual(released, [undefined]);
  });

  it('closes the connection when the cancel was sent but given up: it may still reach the next statement', async () => {
    const { write, gone, answer, released, delivered } = autocommit();
    await settled();
    gone.abort();
    answer.reject(CANCELED);
    delivered.resolve(false);
    await assert.rejects(write, isAbort);
    assert.equal(released.length, 1);
    assert.ok(released[0] instanceof Error);
  });
});

describe('inPgTransaction: a write in a transaction for a request that may go', () => {
  const transaction = () => writeOn((pool, signal, cancel) => inPgTransaction(pool, REPORTING, async (run) => {
    await run(LOCK);
    return run({ ...DELETE, commits: false });
  }, { signal }, cancel));

  for (const [name, settle] of [['the server stops it', (answer: PromiseWithResolvers<PgResult>) => answer.reject(CANCELED)], ['it ends first', (answer: PromiseWithResolvers<PgResult>) => answer.resolve(ROWS)]] as const) {
    it(`cancels the statement on the wire, and sends nothing after it when ${name}: no COMMIT, the connection closed (rolled back) once the cancel settled`, async () => {
      const { write, gone, answerOf, released, cancelled, delivered, texts } = transaction();
      answerOf(0).resolve(ROWS);
      await settled();
      assert.deepEqual(texts(), ['BEGIN', LOCK.text]);
      gone.abort();
      assert.deepEqual(cancelled, [4242]);
      settle(answerOf(1));
      await settled();
      assert.deepEqual(released, [], 'held while the cancel is on its way');
      delivered.resolve(true);
      await assert.rejects(write, isAbort);
      assert.deepEqual(texts(), ['BEGIN', LOCK.text]);
      assert.equal(released.length, 1);
      assert.ok((released[0] as unknown) instanceof Error, 'a transaction left open is rolled back by closing its connection');
    });
  }

  it('never cancels a COMMIT on the wire: the write answers as the server does, and its connection is pooled', async () => {
    const { write, gone, answerOf, released, cancelled, texts } = transaction();
    for (const n of [0, 1, 2]) answerOf(n).resolve(ROWS);
    for (let turn = 0; turn < 10 && texts().at(-1) !== 'COMMIT'; turn += 1) await settled();
    assert.deepEqual(texts(), ['BEGIN', LOCK.text, DELETE.text, 'COMMIT']);
    gone.abort();
    assert.deepEqual(cancelled, []);
    answerOf(3).resolve({ rows: [], rowCount: null });
    assert.deepEqual(await write, ROWS);
    assert.deepEqual(released, [undefined]);
  });
});
