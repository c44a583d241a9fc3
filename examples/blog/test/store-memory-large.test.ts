/**
 * The memory store stays fast at 100k posts: list pages come from ordered indexes (binary search
 * plus a walk), not from sorting per request. A sort per request would cost ~30 ms a page here;
 * the bounds below allow for a slow CI machine and still catch that by two orders of magnitude.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cursorAfter } from '../src/store/list-order.ts';
import { createMemoryStore } from '../src/store/memory-store.ts';
import { POST_STATUSES } from '../src/store/store.ts';
import { manualClock } from './support/store-clock.ts';

const POSTS = 100_000;

describe('memory store at 100k posts', () => {
  it('pages anywhere in the list in well under a millisecond each', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    for (let i = 0; i < POSTS; i++) {
      // Every third post shares its predecessor's time, so ties are exercised at scale.
      if (i % 3 !== 0) clock.advance(1);
      await store.create({ title: `post ${i}`, body: '', status: POST_STATUSES[i % 3]!, user_id: null });
    }
    const started = performance.now();
    let cursorPages = 0;
    for (let i = 0; i < 2000; i++) {
      const id = 1 + ((i * 7919) % POSTS);
      const post = (await store.get(id))!;
      const page = await store.list({ limit: 20, status: i % 2 === 0 ? undefined : 'published', after: cursorAfter(post) });
      if (page.length > 0) cursorPages++;
    }
    const perPage = (performance.now() - started) / 2000;
    assert.ok(cursorPages > 1900);
    assert.ok(perPage < 0.5, `${perPage.toFixed(3)} ms per page`);
  });

  it('walking the whole list by cursor visits every post once, in order', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    for (let i = 0; i < POSTS; i++) {
      if (i % 2 === 0) clock.advance(1);
      await store.create({ title: '', body: '', status: 'draft', user_id: null });
    }
    const seen: number[] = [];
    let page = await store.list({ limit: 1000 });
    while (page.length > 0) {
      seen.push(...page.map((p) => p.id));
      page = await store.list({ limit: 1000, after: cursorAfter(page.at(-1)!) });
    }
    assert.equal(seen.length, POSTS);
    assert.equal(seen[0], POSTS);
    assert.ok(seen.every((id, i) => id === POSTS - i));
  });
});
