/**
 * A pg pool of one client and a cancel, both answering when a test says, for what a real server cannot time: which
 * statements a request that goes still sends, what is cancelled, and when the connection goes back (postgres-runner.ts).
 */
import type { PgClient, PgPool, PgQuery, PgResult } from '../../src/store/postgres-pool.ts';

/** A statement's answer, as a failed one comes from PostgreSQL when a cancel stops it. */
export const CANCELED = Object.assign(new Error('canceling statement due to user request'), { code: '57014', severity: 'ERROR' });

/**
 * A pool of one client, backend 4242: its n-th query answers with `answerOf(n)` (`answer` is the first's), which a
 * test settles before or after the query is sent; it records what was sent and how the client was released.
 */
export function fakePool() {
  const sent: PgQuery[] = [];
  const released: (Error | boolean | undefined)[] = [];
  const answers: PromiseWithResolvers<PgResult>[] = [];
  const answerOf = (n: number): PromiseWithResolvers<PgResult> => (answers[n] ??= Promise.withResolvers<PgResult>());
  const client: PgClient = {
    processID: 4242,
    query: (query) => answerOf(sent.push(query) - 1).promise,
    release: (error) => void released.push(error),
    on: () => client,
    off: () => client,
  };
  const pool = { connect: async () => client } as unknown as PgPool;
  return { pool, sent, released, answer: answerOf(0), answerOf };
}

/** A cancel that records the process ids it was asked for and settles when the test says. */
export function heldCancel() {
  const cancelled: number[] = [];
  const delivered = Promise.withResolvers<boolean>();
  return { cancelled, delivered, cancel: (target: { processID?: number | null }) => (cancelled.push(target.processID!), delivered.promise) };
}

/** Lets every callback already due run: a statement sent, a release made. */
export const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
