/**
 * What every contender of bench/list-answer.bench.ts answers to GET /api/posts: the first 100
 * posts of the shared table (bench-child.ts), each stored with one field the answer must not
 * carry (`updated_at`, as the blog's store keeps it), and the schema of `{posts: [post, ...]}`.
 */
import { posts } from './bench-child.ts';
import { postResponse } from './post-schemas.ts';

/** The stored page: 100 posts with a field the schema does not list. */
export const page: readonly Record<string, unknown>[] = [...posts.values()].slice(0, 100).map((post) => ({ ...post, updated_at: post.inserted_at }));

/** GET /api/posts's 200, as the blog declares it (examples/blog/src/router.ts, POST_LIST). */
export const postListResponse = { type: 'object', required: ['posts'], properties: { posts: { type: 'array', items: postResponse } } } as const;

/** The answer a contender writes, the fields listed by the schema only. */
export type PostJson = Readonly<Record<string, unknown>>;

/** The hand-written projection of one post (what a raw server writes without a schema). */
export const toPostJson = (post: Record<string, unknown>): PostJson => ({
  id: post.id,
  title: post.title,
  body: post.body,
  status: post.status,
  user_id: post.user_id,
  inserted_at: post.inserted_at,
});
