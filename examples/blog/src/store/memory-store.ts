/**
 * The memory store: posts in a Map by id plus ordered indexes (all posts, and one per status) so
 * list pages cost O(log n + limit) even at 100k posts. Nothing survives a restart.
 */
import { clockMs, keptOutcome, purgeSchedule, type KeptKey } from './idempotency.ts';
import { changedFields } from './post-changes.ts';
import { OrderedIndex } from './ordered-index.ts';
import { dateOf, timeOf } from './stored-time.ts';
import { postTextBytes, TextBudget } from './text-budget.ts';
import { POST_STATUSES } from './store.ts';
import type { IdempotencyClaim, IdempotentOutcome, KeptAnswer, ListQuery, NewPost, Post, PostChanges, PostStatus, PostStore, PostWrite, PostWriteResult, UpdateResult } from './store.ts';

/** Options of `createMemoryStore`. */
export interface MemoryStoreOptions {
  /** The clock that stamps inserted_at and updated_at; default `() => new Date()`. */
  readonly now?: () => Date;
  /** How long an Idempotency-Key lives; default 24 h. */
  readonly idempotencyKeyTtlMs?: number;
}

// Timestamps are kept as milliseconds so callers can never mutate a stored Date.
interface MemoryRow extends NewPost {
  readonly id: number;
  readonly insertedMs: number | null;
  readonly updatedMs: number | null;
  /** UTF-8 bytes of title and body, counted once per write rather than on every list. */
  readonly textBytes: number;
}

/** A PostStore kept in process memory. */
export function createMemoryStore(options: MemoryStoreOptions = {}): PostStore {
  const now = options.now ?? (() => new Date());
  const rows = new Map<number, MemoryRow>();
  const all = new OrderedIndex<MemoryRow>();
  const byStatus = new Map<PostStatus, OrderedIndex<MemoryRow>>(
    POST_STATUSES.map((status) => [status, new OrderedIndex<MemoryRow>()]),
  );
  const statusIndex = (status: PostStatus): OrderedIndex<MemoryRow> => byStatus.get(status)!;
  let lastId = 0;

  // Writes are synchronous, so a write and its kept answer happen with nothing in between.
  const create = (input: NewPost): Post => {
    const time = timeOf(now());
    const fields = pickFields(input);
    const row: MemoryRow = { ...fields, id: ++lastId, insertedMs: time, updatedMs: time, textBytes: postTextBytes(fields) };
    rows.set(row.id, row);
    all.insert(row);
    statusIndex(row.status).insert(row);
    return toPost(row);
  };
  const update = (id: number, changes: PostChanges): UpdateResult => {
    const row = rows.get(id);
    if (row === undefined) return { found: false };
    const changed = changedFields(toPost(row), changes);
    if (Object.keys(changed).length === 0) return { found: true, changed: false, post: toPost(row) };
    const merged = { ...row, ...changed };
    const next: MemoryRow = { ...merged, updatedMs: timeOf(now()), textBytes: postTextBytes(merged) };
    rows.set(id, next);
    all.replace(next);
    if (next.status === row.status) {
      statusIndex(next.status).replace(next);
    } else {
      statusIndex(row.status).remove(row);
      statusIndex(next.status).insert(next);
    }
    return { found: true, changed: true, post: toPost(next) };
  };
  const remove = (id: number): boolean => {
    const row = rows.get(id);
    if (row === undefined) return false;
    rows.delete(id);
    all.remove(row);
    statusIndex(row.status).remove(row);
    return true;
  };
  const runWrite = (write: PostWrite): Post | UpdateResult | boolean => {
    if (write.kind === 'create') return create(write.input);
    if (write.kind === 'update') return update(write.id, write.changes);
    return remove(write.id);
  };
  const keys = new Map<string, KeptKey>();
  const ttlMs = options.idempotencyKeyTtlMs ?? 86_400_000;
  const purgeDue = purgeSchedule();

  return {
    create: async (input) => create(input),

    async get(id: number): Promise<Post | undefined> {
      const row = rows.get(id);
      return row === undefined ? undefined : toPost(row);
    },

    async list(query: ListQuery): Promise<Post[]> {
      const index = query.status === undefined ? all : statusIndex(query.status);
      const budget = query.maxTextBytes === undefined ? undefined : new TextBudget(query.maxTextBytes);
      return index.page(query.limit, query.after, budget && ((row) => budget.admit(row.textBytes))).map(toPost);
    },

    update: async (id, changes) => update(id, changes),
    delete: async (id) => remove(id),

    async writeOnce<W extends PostWrite>(claim: IdempotencyClaim, write: W, answer: (result: PostWriteResult<W>) => KeptAnswer): Promise<IdempotentOutcome<PostWriteResult<W>>> {
      const nowMs = clockMs(now);
      if (purgeDue(nowMs)) for (const [id, key] of keys) if (key.expiresMs <= nowMs) keys.delete(id);
      const id = `${claim.scope}\n${claim.key}`;
      const found = keptOutcome(keys.get(id), claim, nowMs);
      if (found !== undefined) return found;
      const result = runWrite(write) as PostWriteResult<W>;
      keys.set(id, { fingerprint: claim.fingerprint, expiresMs: nowMs + ttlMs, answer: answer(result) });
      return { kind: 'ran', result };
    },

    async ping(): Promise<void> {},

    async close(): Promise<void> {},
  };
}

// Copies exactly the stored fields, so extra properties on the caller's object are not kept.
function pickFields(input: NewPost): NewPost {
  return { title: input.title, body: input.body, status: input.status, user_id: input.user_id };
}

function toPost(row: MemoryRow): Post {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    status: row.status,
    user_id: row.user_id,
    inserted_at: dateOf(row.insertedMs),
    updated_at: dateOf(row.updatedMs),
  };
}
