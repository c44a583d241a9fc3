/**
 * The SQL stores apply a list's text budget (ListQuery.maxTextBytes) in the database: the query
 * log shows each list statement returning the posts within the budget plus one, never `limit`
 * rows, and the tail without inserted_at getting what the first run left of the budget, or not
 * running at all once the first run has passed it. The results themselves are in the contract
 * suite (store-contract.test.ts).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { createStore } from '../src/store/create-store.ts';
import type { ListQuery, PostStore } from '../src/store/store.ts';
import { manualClock } from './support/store-clock.ts';
import { queryLines, recordingLogger, type LoggedLine } from './support/store-logger.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

const T0 = Date.UTC(2024, 0, 1);

describe('SQL list statements within the text budget', () => {
  let dir = '';
  let schema: TestSchema;
  let files = 0;
  const stores: PostStore[] = [];
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-list-budget-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await schema.drop();
  });

  /**
   * A store with the query log on, holding one post per entry of `sizes` (text bytes; created in
   * order, ids 1, 2, 3…), stamped at T0 + 1 s × (i + 1), or with no inserted_at where `untimed`.
   */
  async function holding(kind: 'sqlite' | 'postgres', sizes: readonly number[], untimed: readonly number[] = []) {
    const { logger, lines } = recordingLogger();
    const clock = manualClock();
    const location = kind === 'sqlite' ? { sqlite_path: `budget-${++files}.sqlite3` } : { database_url: schema.url };
    const opened = await createStore({ store: kind, log: true, ...location }, { appDir: dir, env: {}, logger, now: clock.now });
    stores.push(opened);
    for (const [i, bytes] of sizes.entries()) {
      clock.set(untimed.includes(i + 1) ? null : T0 + 1000 * (i + 1));
      await opened.create({ title: 't', body: 'b'.repeat(bytes - 1), status: 'draft', user_id: null });
    }
    return { store: opened, lines };
  }

  /** The ids listed, and [params, row_count] of each list statement that ran. */
  async function listed(store: PostStore, lines: LoggedLine[], query: ListQuery): Promise<{ ids: number[]; runs: unknown[][] }> {
    lines.length = 0;
    const ids = (await store.list(query)).map((post) => post.id);
    return { ids, runs: queryLines(lines).map((line) => [line.params, line.row_count]) };
  }

  for (const name of ['sqlite', 'postgres'] as const) {
    it(`${name}: a list statement returns the posts within the budget and one more, not limit rows`, async () => {
      const { store, lines } = await holding(name, [100, 100, 100, 100]);
      assert.deepEqual(await listed(store, lines, { limit: 1001, maxTextBytes: 250 }), { ids: [4, 3, 2], runs: [[[1001, 2, 250], 3]] });
      assert.deepEqual(await listed(store, lines, { limit: 1001, maxTextBytes: 0 }), { ids: [4, 3], runs: [[[1001, 2, 0], 2]] });
      assert.deepEqual(await listed(store, lines, { limit: 1001, maxTextBytes: 1000 }), { ids: [4, 3, 2, 1], runs: [[[1001, 2, 1000], 4], [[997, 0, 600], 0]] });
    });

    it(`${name}: the tail without inserted_at gets what the first run left of the budget`, async () => {
      const { store, lines } = await holding(name, [100, 100, 100, 100, 100], [3, 4, 5]);
      // Exactly used up by posts 2 and 1: the tail may hold no text, but still answers one post.
      assert.deepEqual(await listed(store, lines, { limit: 1001, maxTextBytes: 200 }), { ids: [2, 1, 5], runs: [[[1001, 2, 200], 2], [[999, 0, 0], 1]] });
      assert.deepEqual(await listed(store, lines, { limit: 1001, maxTextBytes: 300 }), { ids: [2, 1, 5, 4], runs: [[[1001, 2, 300], 2], [[999, 0, 100], 2]] });
    });

    it(`${name}: the tail is not read once the first run has passed the budget`, async () => {
      const { store, lines } = await holding(name, [100, 100, 100, 100, 100], [3, 4, 5]);
      assert.deepEqual(await listed(store, lines, { limit: 1001, maxTextBytes: 150 }), { ids: [2, 1], runs: [[[1001, 2, 150], 2]] });
    });

    it(`${name}: after a first post past the budget the tail answers only the post after it`, async () => {
      const { store, lines } = await holding(name, [500, 100, 100], [2, 3]);
      assert.deepEqual(await listed(store, lines, { limit: 1001, maxTextBytes: 250 }), { ids: [1, 3], runs: [[[1001, 2, 250], 1], [[1000, 1, -250], 1]] });
    });
  }
});
