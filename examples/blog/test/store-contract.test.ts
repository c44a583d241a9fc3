/**
 * The PostStore contract, run over every implementation: memory, SQLite (a temporary file) and
 * PostgreSQL (a schema of its own). Each test gets a fresh, empty store and a hand-driven clock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { takePage } from '../src/posts/list-page.ts';
import { cursorAfter } from '../src/store/list-order.ts';
import { StoreUnavailableError, type IdempotencyClaim, type KeptAnswer, type ListCursor, type ListQuery, type Post, type PostStatus, type PostStore } from '../src/store/store.ts';
import { manualClock, type ManualClock } from './support/store-clock.ts';
import { memoryTarget, postgresTarget, sqliteTarget, type StoreTarget } from './support/store-targets.ts';

const T0 = Date.UTC(2024, 0, 1);

// Posts 1..10 in creation order: [inserted_at offset from T0 in ms, or null for an invalid clock; status].
const SEED: ReadonlyArray<readonly [number | null, PostStatus]> = [
  [1000, 'draft'],
  [3000, 'published'],
  [2000, 'draft'],
  [3000, 'draft'],
  [null, 'published'],
  [3000, 'archived'],
  [500, 'published'],
  [null, 'draft'],
  [2000, 'published'],
  [4000, 'draft'],
];
// Newest first, same time by id descending, no time last.
const ORDER: Record<PostStatus | 'all', number[]> = {
  all: [10, 6, 4, 2, 9, 3, 1, 7, 8, 5],
  draft: [10, 4, 3, 1, 8],
  published: [2, 9, 7, 5],
  archived: [6],
};

/** A title and body that are `bytes` UTF-8 bytes together, one byte per character. */
function textOf(bytes: number): { title: string; body: string } {
  return { title: 't', body: 'b'.repeat(bytes - 1) };
}

/** A post to create: its text, its inserted_at offset from T0 (null: an invalid clock) and status. */
type SizedPost = readonly [text: { title: string; body: string }, offset: number | null, status?: PostStatus];

function describeStoreContract(target: StoreTarget): void {
  describe(`PostStore contract: ${target.name}`, () => {
    before(() => target.before());
    after(() => target.after());

    async function fresh(t: TestContext, clock: ManualClock = manualClock()): Promise<PostStore> {
      const store = await target.open(clock.now);
      t.after(() => store.close());
      return store;
    }

    async function seeded(t: TestContext): Promise<PostStore> {
      const clock = manualClock();
      const store = await fresh(t, clock);
      for (const [offset, status] of SEED) {
        clock.set(offset === null ? null : T0 + offset);
        await store.create({ title: `t${status}`, body: 'b', status, user_id: null });
      }
      return store;
    }

    async function ids(store: PostStore, limit: number, status?: PostStatus, cursor?: ListCursor): Promise<number[]> {
      return (await store.list({ limit, ...(status && { status }), ...(cursor && { after: cursor }) })).map((p) => p.id);
    }

    /** A fresh store holding `posts`, created in order: their ids are 1, 2, 3… */
    async function holding(t: TestContext, posts: readonly SizedPost[]): Promise<PostStore> {
      const clock = manualClock();
      const store = await fresh(t, clock);
      for (const [text, offset, status = 'draft'] of posts) {
        clock.set(offset === null ? null : T0 + offset);
        await store.create({ ...text, status, user_id: null });
      }
      return store;
    }

    async function budgeted(store: PostStore, maxTextBytes: number, query: Omit<ListQuery, 'maxTextBytes'> = { limit: 1000 }): Promise<number[]> {
      return (await store.list({ ...query, maxTextBytes })).map((p) => p.id);
    }

    it('create assigns increasing ids and stamps both timestamps from the clock', async (t) => {
      const clock = manualClock(T0);
      const store = await fresh(t, clock);
      const first = await store.create({ title: 'First', body: 'Hello', status: 'draft', user_id: 7 });
      clock.advance(1500);
      const second = await store.create({ title: 'Second', body: '', status: 'published', user_id: null });
      assert.deepEqual(first, {
        id: 1, title: 'First', body: 'Hello', status: 'draft', user_id: 7,
        inserted_at: new Date(T0), updated_at: new Date(T0),
      });
      assert.deepEqual(second, {
        id: 2, title: 'Second', body: '', status: 'published', user_id: null,
        inserted_at: new Date(T0 + 1500), updated_at: new Date(T0 + 1500),
      });
      assert.deepEqual(await store.get(1), first);
      assert.deepEqual(await store.get(2), second);
    });

    it('get answers undefined for an id that was never created', async (t) => {
      const store = await fresh(t);
      await store.create({ title: 'a', body: 'b', status: 'draft', user_id: null });
      assert.equal(await store.get(2), undefined);
      assert.equal(await store.get(0), undefined);
    });

    it('get, update and delete answer not found for ids no store can hold', async (t) => {
      const store = await fresh(t);
      await store.create({ title: 'a', body: 'b', status: 'draft', user_id: null });
      for (const id of [-1, 1.5, 2 ** 63, Number.NaN, Infinity]) {
        assert.equal(await store.get(id), undefined, String(id));
        assert.deepEqual(await store.update(id, { title: 'x' }), { found: false }, String(id));
        assert.equal(await store.delete(id), false, String(id));
      }
    });

    it('list orders newest first, ties by id descending, posts without inserted_at last', async (t) => {
      const store = await seeded(t);
      assert.deepEqual(await ids(store, 1000), ORDER.all);
      const untimed = await store.get(5);
      assert.equal(untimed?.inserted_at, null);
      assert.equal(untimed?.updated_at, null);
    });

    it('list returns at most limit posts, from the start of the order', async (t) => {
      const store = await seeded(t);
      assert.deepEqual(await ids(store, 3), [10, 6, 4]);
      assert.deepEqual(await ids(store, 1), [10]);
      assert.deepEqual(await ids(store, 9), ORDER.all.slice(0, 9));
      assert.deepEqual(await ids(store, 10), ORDER.all);
    });

    it('list with a status returns only posts with that status, in list order', async (t) => {
      const store = await seeded(t);
      for (const status of ['draft', 'published', 'archived'] as const) {
        assert.deepEqual(await ids(store, 1000, status), ORDER[status], status);
      }
    });

    it('cursor paging walks every post exactly once, across ties, untimed posts and filters', async (t) => {
      const store = await seeded(t);
      for (const status of [undefined, 'draft', 'published', 'archived'] as const) {
        const expected = ORDER[status ?? 'all'];
        for (const limit of [1, 2, 3, 4, 5, 7, 10, 11]) {
          const pages: number[][] = [];
          let cursor: ListCursor | undefined;
          for (;;) {
            const page = await store.list({ limit, ...(status && { status }), ...(cursor && { after: cursor }) });
            pages.push(page.map((p) => p.id));
            if (page.length < limit) break;
            cursor = cursorAfter(page.at(-1)!);
          }
          const chunks: number[][] = [];
          for (let i = 0; i < expected.length; i += limit) chunks.push(expected.slice(i, i + limit));
          if (expected.length % limit === 0) chunks.push([]);
          assert.deepEqual(pages, chunks, `status ${status ?? 'any'}, limit ${limit}`);
        }
      }
    });

    it('a cursor continues strictly after its position, even when that post is gone', async (t) => {
      const store = await seeded(t);
      const four = (await store.get(4))!;
      assert.deepEqual(await ids(store, 3, undefined, cursorAfter(four)), [2, 9, 3]);
      assert.equal(await store.delete(4), true);
      assert.deepEqual(await ids(store, 3, undefined, cursorAfter(four)), [2, 9, 3]);
      assert.deepEqual(await ids(store, 5, undefined, { inserted_at: null, id: 8 }), [5]);
      assert.deepEqual(await ids(store, 5, 'draft', { inserted_at: T0 + 2000, id: 9 }), [3, 1, 8]);
      assert.deepEqual(await ids(store, 5, undefined, { inserted_at: null, id: 5 }), []);
    });

    it('a cursor beyond any storable time keeps every timed post (later) or none (earlier)', async (t) => {
      const store = await seeded(t);
      assert.deepEqual(await ids(store, 1000, undefined, { inserted_at: 8.64e15, id: 1 }), ORDER.all);
      assert.deepEqual(await ids(store, 1000, 'draft', { inserted_at: 8.64e15, id: 1 }), ORDER.draft);
      assert.deepEqual(await ids(store, 1000, undefined, { inserted_at: -8.64e15, id: 99 }), [8, 5]);
      assert.deepEqual(await ids(store, 1000, undefined, { inserted_at: Date.UTC(10000, 0, 1), id: 1 }), ORDER.all);
      assert.deepEqual(await ids(store, 1000, undefined, { inserted_at: Date.UTC(-1, 0, 1), id: 1 }), [8, 5]);
    });

    it('maxTextBytes lists posts while the text before the next one is within budget: the page plus one', async (t) => {
      const store = await holding(t, [[textOf(100), 1000], [textOf(100), 2000], [textOf(100), 3000], [textOf(100), 4000]]);
      // Text before each post, newest first: 0, 100, 200, 300 bytes.
      assert.deepEqual(await budgeted(store, 250), [4, 3, 2]);
      assert.deepEqual(await budgeted(store, 200), [4, 3, 2]);
      assert.deepEqual(await budgeted(store, 199), [4, 3]);
      assert.deepEqual(await budgeted(store, 299), [4, 3, 2]);
      assert.deepEqual(await budgeted(store, 300), [4, 3, 2, 1]);
      assert.deepEqual(await budgeted(store, 1000, { limit: 2 }), [4, 3]);
      assert.deepEqual(await budgeted(store, 250, { limit: 3 }), [4, 3, 2]);
      assert.deepEqual(await ids(store, 1000), [4, 3, 2, 1]);
    });

    it('maxTextBytes always lists the first post, however large, and the post after it', async (t) => {
      const store = await holding(t, [[textOf(100), 1000], [textOf(100), 2000], [textOf(500), 3000]]);
      assert.deepEqual(await budgeted(store, 250), [3, 2]);
      assert.deepEqual(await budgeted(store, 0), [3, 2]);
      assert.deepEqual(await budgeted(store, 0, { limit: 1 }), [3]);
      const second = await holding(t, [[textOf(100), 1000], [textOf(500), 2000], [textOf(100), 3000]]);
      // The page is post 3 alone (100 + 500 > 250); post 2 is the one after it.
      assert.deepEqual(await budgeted(second, 250), [3, 2]);
      assert.deepEqual(await budgeted(second, 600), [3, 2, 1]);
    });

    it('maxTextBytes carries over from posts with inserted_at to the tail without', async (t) => {
      const store = await holding(t, [[textOf(100), 1000], [textOf(100), 2000], [textOf(100), null], [textOf(100), null], [textOf(100), null]]);
      assert.deepEqual(await ids(store, 1000), [2, 1, 5, 4, 3]);
      // The posts with a time already hold 200 bytes: past 150, the tail adds nothing.
      assert.deepEqual(await budgeted(store, 150), [2, 1]);
      // Exactly used up by them: the tail still brings the one post after the page.
      assert.deepEqual(await budgeted(store, 200), [2, 1, 5]);
      assert.deepEqual(await budgeted(store, 299), [2, 1, 5]);
      assert.deepEqual(await budgeted(store, 300), [2, 1, 5, 4]);
      assert.deepEqual(await budgeted(store, 400), [2, 1, 5, 4, 3]);
      assert.deepEqual(await budgeted(store, 200, { limit: 2 }), [2, 1]);
      const large = await holding(t, [[textOf(500), 1000], [textOf(100), null], [textOf(100), null]]);
      assert.deepEqual(await budgeted(large, 250), [1, 3]);
      assert.deepEqual(await budgeted(large, 0), [1, 3]);
      assert.deepEqual(await budgeted(large, 600), [1, 3, 2]);
    });

    it('maxTextBytes counts UTF-8 bytes, not characters or UTF-16 units', async (t) => {
      // 2 + 54 + 44 = 100 bytes in 30 characters (41 UTF-16 units).
      const text = { title: 'é', body: `${'€'.repeat(18)}${'😀'.repeat(11)}` };
      const store = await holding(t, [[text, 1000], [text, 2000], [text, 3000], [text, 4000]]);
      assert.deepEqual(await budgeted(store, 250), [4, 3, 2]);
      assert.deepEqual(await budgeted(store, 199), [4, 3]);
      assert.deepEqual(await budgeted(store, 200), [4, 3, 2]);
      assert.deepEqual(await budgeted(store, 299), [4, 3, 2]);
      assert.deepEqual(await budgeted(store, 300), [4, 3, 2, 1]);
    });

    it('maxTextBytes counts the bytes of the JSON answer: control characters as escapes, astral characters as four bytes', async (t) => {
      // As JSON.stringify writes them: \u0001 is 6 bytes, a quote, a backslash or a newline 2,
      // \u001f 6, 𝄞 4. 6 + (2 + 2 + 2 + 14 × 6 + 4) = 100 bytes in 20 characters.
      const text = { title: '\u0001', body: `"\\\n${'\u001f'.repeat(14)}𝄞` };
      assert.equal(Buffer.byteLength(JSON.stringify(text.title) + JSON.stringify(text.body)) - 4, 100);
      const store = await holding(t, [[text, 1000], [text, 2000], [text, 3000], [text, 4000]]);
      assert.deepEqual(await budgeted(store, 199), [4, 3]);
      assert.deepEqual(await budgeted(store, 200), [4, 3, 2]);
      assert.deepEqual(await budgeted(store, 299), [4, 3, 2]);
      assert.deepEqual(await budgeted(store, 300), [4, 3, 2, 1]);
      // An update measures the new text: post 4 is now 600 bytes of \u0002, so it alone passes 500.
      await store.update(4, { body: '\u0002'.repeat(99) });
      assert.deepEqual(await budgeted(store, 500), [4, 3]);
      assert.deepEqual(await budgeted(store, 700), [4, 3, 2]);
    });

    it('maxTextBytes with a status counts only the posts of that status', async (t) => {
      const store = await holding(t, [
        [textOf(100), 1000, 'draft'],
        [textOf(1000), 2000, 'published'],
        [textOf(100), 3000, 'draft'],
        [textOf(1000), 4000, 'published'],
        [textOf(100), 5000, 'draft'],
        [textOf(100), 6000, 'draft'],
      ]);
      assert.deepEqual(await budgeted(store, 250, { limit: 1000, status: 'draft' }), [6, 5, 3]);
      assert.deepEqual(await budgeted(store, 300, { limit: 1000, status: 'draft' }), [6, 5, 3, 1]);
      assert.deepEqual(await budgeted(store, 250, { limit: 1000, status: 'published' }), [4, 2]);
      assert.deepEqual(await budgeted(store, 250), [6, 5, 4]);
      assert.deepEqual(await budgeted(store, 1199), [6, 5, 4]);
      assert.deepEqual(await budgeted(store, 1200), [6, 5, 4, 3]);
    });

    it('maxTextBytes counts from the cursor on, into the tail without inserted_at', async (t) => {
      const store = await holding(t, [
        [textOf(100), 1000, 'draft'],
        [textOf(100), 2000, 'published'],
        [textOf(100), 3000, 'draft'],
        [textOf(100), 4000, 'draft'],
        [textOf(100), null, 'draft'],
        [textOf(100), null, 'draft'],
      ]);
      assert.deepEqual(await ids(store, 1000), [4, 3, 2, 1, 6, 5]);
      const afterFour = { inserted_at: T0 + 4000, id: 4 };
      assert.deepEqual(await budgeted(store, 150, { limit: 1000, after: afterFour }), [3, 2]);
      assert.deepEqual(await budgeted(store, 200, { limit: 1000, after: afterFour }), [3, 2, 1]);
      // One post with a time is left after post 2; the tail gets the other 150 - 100 bytes.
      const afterTwo = { inserted_at: T0 + 2000, id: 2 };
      assert.deepEqual(await budgeted(store, 150, { limit: 1000, after: afterTwo }), [1, 6]);
      assert.deepEqual(await budgeted(store, 200, { limit: 1000, after: afterTwo }), [1, 6, 5]);
      assert.deepEqual(await budgeted(store, 0, { limit: 1000, after: { inserted_at: null, id: 6 } }), [5]);
      assert.deepEqual(await budgeted(store, 150, { limit: 1000, after: afterFour, status: 'draft' }), [3, 1]);
      assert.deepEqual(await budgeted(store, 150, { limit: 1000, after: afterTwo, status: 'draft' }), [1, 6]);
    });

    it('with any maxTextBytes the list is the page takePage keeps plus the post after it', async (t) => {
      const sizes = [40, 700, 1, 90, 90, 300, 5, 2000, 60, 60];
      // Posts 5 and 8 have no inserted_at, so the page crosses into the tail.
      const store = await holding(t, sizes.map((bytes, i) => [textOf(bytes), i === 4 || i === 7 ? null : 1000 * (i + 1)] as const));
      const all = await store.list({ limit: 1000 });
      assert.deepEqual(all.map((p) => p.id), [10, 9, 7, 6, 4, 3, 2, 1, 8, 5]);
      const boundaries = all.flatMap((_, i) => {
        const before = all.slice(0, i).reduce((sum, p) => sum + p.title.length + p.body.length, 0);
        return [before - 1, before, before + 1];
      });
      for (const maxTextBytes of [0, ...boundaries.filter((b) => b > 0)]) {
        for (const limit of [3, 1000]) {
          const expected = all.slice(0, Math.min(limit, takePage(all, limit, maxTextBytes).length + 1)).map((p) => p.id);
          assert.deepEqual(await budgeted(store, maxTextBytes, { limit }), expected, `maxTextBytes ${maxTextBytes}, limit ${limit}`);
        }
      }
    });

    it('update writes the supplied fields, keeps the others and advances updated_at', async (t) => {
      const clock = manualClock(T0);
      const store = await fresh(t, clock);
      const post = await store.create({ title: 'Old', body: 'Body', status: 'draft', user_id: 3 });
      clock.advance(60_000);
      const result = await store.update(post.id, { title: 'New', status: 'published' });
      const expected = { ...post, title: 'New', status: 'published', updated_at: new Date(T0 + 60_000) };
      assert.deepEqual(result, { found: true, changed: true, post: expected });
      assert.deepEqual(await store.get(post.id), expected);
      clock.advance(1000);
      const cleared = await store.update(post.id, { user_id: null, body: 'Body' });
      assert.deepEqual(cleared, { found: true, changed: true, post: { ...expected, user_id: null, updated_at: new Date(T0 + 61_000) } });
    });

    it('update with nothing different writes nothing: changed false, updated_at untouched', async (t) => {
      const clock = manualClock(T0);
      const store = await fresh(t, clock);
      const post = await store.create({ title: 'Same', body: 'Body', status: 'draft', user_id: null });
      clock.advance(60_000);
      assert.deepEqual(await store.update(post.id, { title: 'Same', status: 'draft', user_id: null }), { found: true, changed: false, post });
      assert.deepEqual(await store.update(post.id, {}), { found: true, changed: false, post });
      assert.deepEqual(await store.get(post.id), post);
    });

    it('update moves a post between status lists without moving it in the order', async (t) => {
      const store = await seeded(t);
      await store.update(6, { status: 'draft' });
      assert.deepEqual(await ids(store, 1000, 'draft'), [10, 6, 4, 3, 1, 8]);
      assert.deepEqual(await ids(store, 1000, 'archived'), []);
      assert.deepEqual(await ids(store, 1000), ORDER.all);
    });

    it('update and delete of a missing id report not found', async (t) => {
      const store = await fresh(t);
      assert.deepEqual(await store.update(42, { title: 'x' }), { found: false });
      assert.equal(await store.delete(42), false);
    });

    it('delete removes the post from get and list, once', async (t) => {
      const store = await seeded(t);
      assert.equal(await store.delete(2), true);
      assert.equal(await store.get(2), undefined);
      assert.equal(await store.delete(2), false);
      assert.deepEqual(await ids(store, 1000), [10, 6, 4, 9, 3, 1, 7, 8, 5]);
      assert.deepEqual(await ids(store, 1000, 'published'), [9, 7, 5]);
    });

    it('ids are never reused, not even after deleting the newest post', async (t) => {
      const store = await fresh(t);
      for (let i = 0; i < 3; i++) await store.create({ title: `p${i}`, body: '', status: 'draft', user_id: null });
      assert.equal(await store.delete(3), true);
      assert.equal((await store.create({ title: 'next', body: '', status: 'draft', user_id: null })).id, 4);
    });

    it('50 concurrent creates get 50 distinct ids', async (t) => {
      const store = await fresh(t);
      const posts = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store.create({ title: `p${i}`, body: 'b', status: 'draft', user_id: i })),
      );
      const created = posts.map((p) => p.id).sort((a, b) => a - b);
      assert.deepEqual(created, Array.from({ length: 50 }, (_, i) => i + 1));
      assert.equal((await store.list({ limit: 1000 })).length, 50);
    });

    it('unicode and 100 KB strings round-trip exactly', async (t) => {
      const store = await fresh(t);
      const title = 'Ünïcödé — 日本語 עברית 🧑‍💻 e\u0301 \u{1F600} "quotes" \'apos\' \\ % _';
      const body = '€𝄞ж\n\t'.repeat(20 * 1024).slice(0, 100 * 1024);
      assert.equal(body.length, 100 * 1024);
      const post = await store.create({ title, body, status: 'draft', user_id: Number.MAX_SAFE_INTEGER });
      assert.equal(post.title, title);
      assert.equal(post.body, body);
      assert.equal(post.user_id, Number.MAX_SAFE_INTEGER);
      const read = await store.get(post.id);
      assert.equal(read?.title, title);
      assert.equal(read?.body, body);
      const longer = `${body}✓`;
      const updated = await store.update(post.id, { body: longer });
      assert.equal(updated.found && updated.post.body, longer);
      assert.equal((await store.get(post.id))?.body, longer);
    });

    it('ping resolves while the store is open and rejects with StoreUnavailableError once it is closed', async (t) => {
      const store = await fresh(t);
      assert.equal(await store.ping(), undefined);
      await store.close();
      await assert.rejects(store.ping(), StoreUnavailableError);
    });

    const claim = (key: string, fingerprint = 'body-1', scope = 'POST /api/posts anonymous'): IdempotencyClaim => ({ key, scope, fingerprint });
    const created = (post: Post): KeptAnswer => ({ status: 201, body: JSON.stringify({ id: post.id, title: post.title }), headers: { location: `/api/posts/${post.id}` } });
    const input = (title: string) => ({ title, body: 'b', status: 'draft' as const, user_id: null });

    it('writeOnce runs a write once per key: a repeat with the same fingerprint gets the kept answer', async (t) => {
      const store = await fresh(t);
      const first = await store.writeOnce(claim('k1'), { kind: 'create', input: input('once') }, created);
      assert.equal(first.kind, 'ran');
      assert.equal(first.kind === 'ran' && first.result.title, 'once');
      const kept = { status: 201, body: '{"id":1,"title":"once"}', headers: { location: '/api/posts/1' } };
      assert.deepEqual(await store.writeOnce(claim('k1'), { kind: 'create', input: input('once') }, created), { kind: 'replay', answer: kept });
      assert.deepEqual(await store.writeOnce(claim('k1'), { kind: 'create', input: input('once') }, created), { kind: 'replay', answer: kept });
      assert.deepEqual(await ids(store, 10), [1]);
    });

    it('writeOnce answers mismatch for a key kept with another fingerprint, and writes nothing', async (t) => {
      const store = await fresh(t);
      await store.writeOnce(claim('k1'), { kind: 'create', input: input('first') }, created);
      assert.deepEqual(await store.writeOnce(claim('k1', 'body-2'), { kind: 'create', input: input('second') }, created), { kind: 'mismatch' });
      assert.deepEqual((await store.list({ limit: 10 })).map((p) => p.title), ['first']);
    });

    it('writeOnce keeps the same key apart under another scope (another route or credential)', async (t) => {
      const store = await fresh(t);
      await store.writeOnce(claim('k1'), { kind: 'create', input: input('a') }, created);
      const other = await store.writeOnce(claim('k1', 'body-1', 'POST /api/posts token-digest'), { kind: 'create', input: input('b') }, created);
      assert.equal(other.kind, 'ran');
      assert.deepEqual(await ids(store, 10), [2, 1]);
    });

    it('writeOnce keeps the answers of update and delete, also once the post changed or is gone', async (t) => {
      const store = await fresh(t);
      const post = await store.create(input('t'));
      const updated = (result: { found: boolean }): KeptAnswer => ({ status: result.found ? 200 : 404, body: JSON.stringify(result), headers: {} });
      const update = { kind: 'update', id: post.id, changes: { title: 'u' } } as const;
      const ran = await store.writeOnce(claim('u1', 'f', 'PUT'), update, updated);
      assert.equal(ran.kind === 'ran' && ran.result.found && ran.result.post.title, 'u');
      await store.update(post.id, { title: 'changed since' });
      const replay = await store.writeOnce(claim('u1', 'f', 'PUT'), update, updated);
      assert.equal(replay.kind === 'replay' && JSON.parse(replay.answer.body).post.title, 'u');
      assert.equal((await store.get(post.id))?.title, 'changed since');
      const deleted = (result: boolean): KeptAnswer => ({ status: result ? 204 : 404, body: '', headers: {} });
      assert.deepEqual(await store.writeOnce(claim('d1', 'f', 'DELETE'), { kind: 'delete', id: post.id }, deleted), { kind: 'ran', result: true });
      assert.deepEqual(await store.writeOnce(claim('d1', 'f', 'DELETE'), { kind: 'delete', id: post.id }, deleted), { kind: 'replay', answer: { status: 204, body: '', headers: {} } });
      assert.deepEqual(await store.writeOnce(claim('d2', 'f', 'DELETE'), { kind: 'delete', id: post.id }, deleted), { kind: 'ran', result: false });
    });

    it('a key expires after 24 hours by default: then it counts as absent and the write runs again', async (t) => {
      const clock = manualClock(T0);
      const store = await fresh(t, clock);
      await store.writeOnce(claim('k1'), { kind: 'create', input: input('day one') }, created);
      clock.advance(86_400_000 - 1);
      assert.equal((await store.writeOnce(claim('k1'), { kind: 'create', input: input('day one') }, created)).kind, 'replay');
      clock.advance(1);
      const again = await store.writeOnce(claim('k1', 'body-2'), { kind: 'create', input: input('day two') }, created);
      assert.equal(again.kind, 'ran');
      assert.deepEqual(await store.writeOnce(claim('k1', 'body-2'), { kind: 'create', input: input('day two') }, created), {
        kind: 'replay',
        answer: { status: 201, body: '{"id":2,"title":"day two"}', headers: { location: '/api/posts/2' } },
      });
    });

    it('returned posts are copies: changing one does not change the store', async (t) => {
      const store = await fresh(t);
      const post = await store.create({ title: 'a', body: 'b', status: 'draft', user_id: null });
      post.inserted_at?.setTime(0);
      assert.notEqual((await store.get(post.id))?.inserted_at?.getTime(), 0);
    });
  });
}

describeStoreContract(memoryTarget);
describeStoreContract(sqliteTarget());
describeStoreContract(postgresTarget());
