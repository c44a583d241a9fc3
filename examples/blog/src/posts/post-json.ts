/**
 * The JSON representation of a post (spec: "JSON representation returned by the API"): exactly
 * id, title, body, status, user_id, inserted_at. updated_at stays on the stored record.
 */
import type { Post, PostStatus } from '../store/store.ts';

/** What the API returns for one post. */
export interface PostJson {
  readonly id: number;
  readonly title: string;
  readonly body: string;
  readonly status: PostStatus;
  readonly user_id: number | null;
  readonly inserted_at: string | null;
}

/** A stored post as the API shows it. */
export function toPostJson(post: Post): PostJson {
  return {
    id: post.id,
    title: post.title,
    body: post.body,
    status: post.status,
    user_id: post.user_id,
    inserted_at: formatInsertedAt(post.inserted_at),
  };
}

/**
 * `YYYY-MM-DDTHH:MM:SS` in UTC, zero-padded, no zone suffix, no fraction; null when the value is
 * not a date-time (null, an invalid Date, or a year outside 0000..9999 that the format cannot
 * write in four digits).
 */
export function formatInsertedAt(value: Date | null): string | null {
  if (!(value instanceof Date)) return null;
  const time = value.getTime();
  if (Number.isNaN(time)) return null;
  const year = value.getUTCFullYear();
  if (year < 0 || year > 9999) return null;
  // toISOString is `YYYY-MM-DDTHH:MM:SS.sssZ` for years 0..9999
  return value.toISOString().slice(0, 19);
}
