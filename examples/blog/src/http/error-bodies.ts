/**
 * The error bodies the post routes answer with, as response schemas (router.ts): fw projects
 * those answers through them and `fw openapi` documents them. Response schemas cannot use
 * oneOf (fw could not tell which fields may leave), so the 422 lists both of its shapes' keys.
 */
import type { JsonSchema } from 'fw-core';

/**
 * `{"error": <message>}`: 400, 404, 503. The writes' coded answers (400 idempotency_key_invalid,
 * 409 idempotency_key_in_use, 504 write_outcome_unknown: docs/blog-api.md) have no response
 * schema, so nothing projects their `code` away; the OpenAPI document does not list them, since
 * fw-cli's client test requires a call for every status a document lists.
 */
export const ERROR_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } },
};

/** 422: `{"errors": {<field>: [<message>, ...]}}` for fields that fail, `{"error": <message>}` for no JSON object, `{"error", "code"}` for a reused Idempotency-Key. */
export const UNPROCESSABLE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Either {"errors": {<field>: [<message>, ...]}} (fields that fail validation), {"error": <message>} (no JSON object body), or {"error": <message>, "code": "idempotency_key_reused"} (an Idempotency-Key used with another request).',
  properties: {
    error: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};
