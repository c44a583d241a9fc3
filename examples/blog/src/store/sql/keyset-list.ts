/**
 * Keyset listing for the SQL stores. `(time, id) < (?, ?)` uses the (time DESC, id DESC) index
 * but never matches NULL times, so a page is read in up to two index-ordered runs: posts with a
 * valid time, then (only when the first run comes up short) the tail of posts without one.
 * Each run is one statement from a fixed set of eight, prepared once.
 */
import type { ListQuery, Post } from '../store.ts';

/** Which list statement: filtered by status or not, the timed run or the untimed tail, after a cursor or not. */
export interface ListShape {
  readonly status: boolean;
  readonly timed: boolean;
  readonly after: boolean;
}

/** How a dialect spells the parts of a list statement. */
export interface ListDialect {
  /** `SELECT <columns> FROM <table>`. */
  readonly select: string;
  /** The sort-key column that is NULL when inserted_at is not a valid date-time. */
  readonly timeColumn: string;
  /** ORDER BY of the timed run, matching the index exactly. */
  readonly timedOrder: string;
  /** The n-th (1-based) parameter placeholder. */
  placeholder(n: number): string;
}

/** A list statement and its parameters. */
export type ListRun = (shape: ListShape, params: unknown[]) => Promise<Post[]> | Post[];

/** Every list shape, for preparing the statements up front. */
export const LIST_SHAPES: readonly ListShape[] = [false, true].flatMap((status) =>
  [true, false].flatMap((timed) => [false, true].map((after) => ({ status, timed, after }))),
);

/** A stable name for a shape, for statement caches and named prepared statements. */
export function shapeKey(shape: ListShape): string {
  return `${shape.status ? 's' : 'a'}${shape.timed ? 't' : 'u'}${shape.after ? 'c' : 'f'}`;
}

/** The SQL of one list shape. Parameters: [status], [cursor time, cursor id | cursor id], limit. */
export function listSql(dialect: ListDialect, shape: ListShape): string {
  let n = 0;
  const next = (): string => dialect.placeholder(++n);
  const time = dialect.timeColumn;
  const where: string[] = [];
  if (shape.status) where.push(`status = ${next()}`);
  if (shape.timed) where.push(shape.after ? `(${time}, id) < (${next()}, ${next()})` : `${time} IS NOT NULL`);
  else where.push(`${time} IS NULL`, ...(shape.after ? [`id < ${next()}`] : []));
  const order = shape.timed ? dialect.timedOrder : 'id DESC';
  return `${dialect.select} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${next()}`;
}

/** How a dialect binds a cursor time, and the range of times its column can hold. */
export interface CursorTimes {
  toParam(ms: number): unknown;
  /** Earliest and latest storable time: a cursor beyond them is clamped, never sent as is. */
  readonly minMs: number;
  readonly maxMs: number;
}

/** Reads one page: the timed run, then the untimed tail if the page is not full yet. */
export async function listInTwoRuns(query: ListQuery, times: CursorTimes, run: ListRun): Promise<Post[]> {
  const { after, limit } = query;
  const status = query.status === undefined ? [] : [query.status];
  const shape = { status: query.status !== undefined };
  let timed: Post[] = [];
  if (after === undefined || after.inserted_at !== null) {
    const cursor = after === undefined ? [] : timedCursor(after.inserted_at!, after.id, times);
    timed = await run({ ...shape, timed: true, after: after !== undefined }, [...status, ...cursor, limit]);
    if (timed.length >= limit) return timed;
  }
  const untimedAfter = after !== undefined && after.inserted_at === null;
  const cursor = untimedAfter ? [after.id] : [];
  const untimed = await run({ ...shape, timed: false, after: untimedAfter }, [...status, ...cursor, limit - timed.length]);
  return timed.length === 0 ? untimed : timed.concat(untimed);
}

// A cursor past the latest storable time is after no post: (max, largest id) keeps every one.
// Before the earliest it is after every post: (min, 0) keeps none (ids start at 1).
function timedCursor(ms: number, id: number, times: CursorTimes): unknown[] {
  if (ms > times.maxMs) return [times.toParam(times.maxMs), Number.MAX_SAFE_INTEGER];
  if (ms < times.minMs) return [times.toParam(times.minMs), 0];
  return [times.toParam(ms), id];
}
