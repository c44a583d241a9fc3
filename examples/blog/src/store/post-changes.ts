/** The update rule shared by every store: write only the supplied fields whose value differs. */
import type { NewPost, Post, PostChanges } from './store.ts';

/** The fields an update may write, in column order. */
export const UPDATABLE_FIELDS = ['title', 'body', 'status', 'user_id'] as const;

/** One of the fields an update may write. */
export type UpdatableField = (typeof UPDATABLE_FIELDS)[number];

/** The supplied fields of `changes` that differ from `post` (absent or undefined fields are skipped). */
export function changedFields(post: Post, changes: PostChanges): Partial<NewPost> {
  const changed: Partial<Record<UpdatableField, unknown>> = {};
  for (const field of UPDATABLE_FIELDS) {
    const value = changes[field];
    if (value !== undefined && value !== post[field]) changed[field] = value;
  }
  return changed as Partial<NewPost>;
}

/** The fields present in a `changedFields` result, in column order. */
export function fieldsOf(changed: Partial<NewPost>): UpdatableField[] {
  return UPDATABLE_FIELDS.filter((field) => field in changed);
}
