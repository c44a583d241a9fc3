/**
 * The error bodies the post routes answer with, as response schemas (router.ts): fw projects
 * those answers through them and `fw openapi` documents them. Response schemas cannot use
 * oneOf (fw could not tell which fields may leave), so the 422 lists both of its shapes' keys.
 */
import type { JsonSchema } from 'fw-core';

/** `{"error": <message>}`: 400, 404, 503. */
export const ERROR_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } },
};

/**
 * `{"error": <message>, "code": <code>}`: the answers a client must tell apart by a stable code,
 * 409 `idempotency_key_in_use` and 504 `write_outcome_unknown` (docs/blog-api.md).
 */
export const CODED_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'An error a client acts on by its code: 409 {"error": ..., "code": "idempotency_key_in_use"} (retry later with the same key), 504 {"error": ..., "code": "write_outcome_unknown"} (the write may have been committed: retry only with an Idempotency-Key).',
  required: ['error', 'code'],
  properties: { error: { type: 'string' }, code: { type: 'string' } },
};

/** 422: `{"errors": {<field>: [<message>, ...]}}` for fields that fail, `{"error": <message>}` for no JSON object. */
export const UNPROCESSABLE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Either {"errors": {<field>: [<message>, ...]}} (fields that fail validation), {"error": <message>} (no JSON object body), or {"error": <message>, "code": "idempotency_key_reused"} (an Idempotency-Key used with another request).',
  properties: {
    error: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};
