/**
 * The error bodies the post routes answer with, as response schemas (router.ts): fw projects
 * those answers through them and `fw openapi` documents them. Response schemas cannot use
 * oneOf (fw could not tell which fields may leave), so the 422 lists both of its shapes' keys.
 */
import type { JsonSchema } from 'fw-core';

/**
 * `{"error": <message>}`: 400, 404, 503; with a stable `code` where a client must tell answers
 * apart (400 idempotency_key_invalid, 409 idempotency_key_in_use, 504 write_outcome_unknown).
 */
export const ERROR_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, code: { type: 'string' } },
};

/** 422: `{"errors": {<field>: [<message>, ...]}}` for fields that fail, `{"error": <message>}` for no JSON object. */
export const UNPROCESSABLE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Either {"errors": {<field>: [<message>, ...]}} (fields that fail validation) or {"error": <message>} (no JSON object body, or {"error", "code": "idempotency_key_reused"}).',
  properties: {
    error: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};
