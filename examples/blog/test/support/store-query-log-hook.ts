/** Query log functions named by `blog.log` in the query log tests (`./store-query-log-hook.ts#recordQuery`). */
import type { QueryLogEvent } from '../../src/store/store.ts';

/** Every event `recordQuery` received. */
export const received: QueryLogEvent[] = [];

/** Keeps each event. */
export function recordQuery(event: QueryLogEvent): void {
  received.push(event);
}

/** A hook that always throws, to show it cannot break the query. */
export function failingHook(): void {
  throw new Error('query hook failed');
}

/** An export that is not a function. */
export const notAFunction = 42;
