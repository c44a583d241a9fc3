/**
 * The `:id` rule (spec rule 4 leaves non-integer ids open): an id is canonical decimal digits
 * without sign, leading zero, exponent, fraction or spaces, from 1 to Number.MAX_SAFE_INTEGER.
 * Anything else names no post, so it answers the same 404 as a missing post.
 */
import type { JsonSchema } from 'fw-core';

const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

/** The post id `text` names, or undefined when it cannot name one. */
export function parsePostId(text: string | undefined): number | undefined {
  if (text === undefined || !CANONICAL_ID.test(text)) return undefined;
  const id = Number(text);
  return id <= Number.MAX_SAFE_INTEGER ? id : undefined;
}

/**
 * The `:id` routes' params schema: the canonical digits (the text stays a string, so the range
 * check above still reads it). A request it refuses answers 404 like any id naming no post.
 */
export const POST_ID_PARAMS_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', pattern: CANONICAL_ID.source } },
  required: ['id'],
};
