/**
 * The memory store: posts in a Map by id plus ordered indexes (all posts, and one per status) so
 * list pages cost O(log n + limit) even at 100k posts. Nothing survives a restart.
 */
import { clockMs, DEFAULT_KEY_TTL_MS, memoryKeys } from './idempotency.ts';
import { changedFields } from './post-changes.ts';
import { OrderedIndex } from './ordered-index.ts';
import { dateOf, timeOf } from './stored-time.ts';
import { postTextBytes, TextBudget } from './text-budget.ts';
import { POST_STATUSES, StoreUnavailableError } from './store.ts';
import type {
  IdempotencyClaim,
  IdempotentOutcome,
  KeptAnswer,
  ListQuery,
  NewPost,
  Post,
  PostChanges,
  PostStatus,
  PostStore,
  PostWrite,
  PostWriteResult,
  UpdateResult,
} from './store.ts';

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
  /** Title and body as the page budget counts them (text-budget.ts), once per write rather than on every list. */
  readonly textBytes: number;
}

/** A PostStore kept in process memory. */
export function createMemoryStore(options: MemoryStoreOptions = {}): PostStore {
  const now = options.now ?? (() => new Date());
  const posts = memoryPosts(now);
  const keys = memoryKeys(options.idempotencyKeyTtlMs ?? DEFAULT_KEY_TTL_MS);
  let closed = false;

  return {
    create: async (input) => posts.create(input),

    async get(id: number): Promise<Post | undefined> {
      const row = posts.rows.get(id);
      return row === undefined ? undefined : toPost(row);
    },

    async list(query: ListQuery): Promise<Post[]> {
      const index = query.status === undefined ? posts.all : posts.statusIndex(query.status);
      const budget = query.maxTextBytes === undefined ? undefined : new TextBudget(query.maxTextBytes);
      return index.page(query.limit, query.after, budget && ((row) => budget.admit(row.textBytes))).map(toPost);
    },

    update: async (id, changes) => posts.update(id, changes),
    delete: async (id) => posts.remove(id),

    // Synchronous from the key's lookup to its keeping: nothing can interleave, as in one transaction.
    async writeOnce<W extends PostWrite>(
      claim: IdempotencyClaim,
      write: W,
      answer: (result: PostWriteResult<W>) => KeptAnswer,
    ): Promise<IdempotentOutcome<PostWriteResult<W>>> {
      return keys(claim, clockMs(now), () => posts.run(write) as PostWriteResult<W>, answer);
    },

    // Nothing to reach; a closed store answers as the others do, so a readiness check reads alike.
    async ping(): Promise<void> {
      if (closed) throw new StoreUnavailableError('memory store closed');
    },

    async close(): Promise<void> {
      closed = true;
    },
  };
}

/** The posts, their indexes and the synchronous writes on them. */
function memoryPosts(now: () => Date) {
  const rows = new Map<number, MemoryRow>();
  const all = new OrderedIndex<MemoryRow>();
  const byStatus = new Map<PostStatus, OrderedIndex<MemoryRow>>(
    POST_STATUSES.map((status) => [status, new OrderedIndex<MemoryRow>()]),
  );
  const statusIndex = (status: PostStatus): OrderedIndex<MemoryRow> => byStatus.get(status)!;
  let lastId = 0;
  const create = (input: NewPost): Post => {
    const time = timeOf(now());
    const fields = pickFields(input);
    const row: MemoryRow = {
      ...fields,
      id: ++lastId,
      insertedMs: time,
      updatedMs: time,
      textBytes: postTextBytes(fields),
    };
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
  const run = (write: PostWrite): Post | UpdateResult | boolean => {
    if (write.kind === 'create') return create(write.input);
    if (write.kind === 'update') return update(write.id, write.changes);
    return remove(write.id);
  };
  return { rows, all, statusIndex, create, update, remove, run };
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
