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
 * The writes' coded answers, `{"error": <message>, "code": <code>}`, one schema per status with
 * `code` the one code that status carries (docs/blog-api.md, "Idempotency keys" and "When the
 * database fails"): listed on POST, PUT and DELETE, so a client typed from the OpenAPI document
 * sees them, and fw-cli's client test gets each. 409 comes with `retry-after: 1`, which `fw
 * openapi` cannot list as a response header, so its description says so.
 */
export const CODED_ERROR_SCHEMAS: Readonly<Record<400 | 409 | 504, JsonSchema>> = {
  400: codedError('idempotency_key_invalid', 'An Idempotency-Key header that is not a key; nothing was written.'),
  409: codedError(
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still running; sent with retry-after: 1, and retrying with the same key is safe.',
  ),
  504: codedError(
    'write_outcome_unknown',
    'The database stopped answering after the write was sent: it may have been committed. No retry-after; retry only with the same Idempotency-Key.',
  ),
};

/** DELETE's 422: its Idempotency-Key was used to delete another post (a POST's or PUT's 422 is UNPROCESSABLE_SCHEMA). */
export const REUSED_KEY_SCHEMA: JsonSchema = codedError(
  'idempotency_key_reused',
  'This Idempotency-Key was used with another request (a delete of another post); nothing was deleted.',
);

function codedError(code: string, description: string): JsonSchema {
  return {
    type: 'object',
    description,
    required: ['error', 'code'],
    properties: { error: { type: 'string' }, code: { type: 'string', enum: [code] } },
  };
}

/** 422: `{"errors": {<field>: [<message>, ...]}}` for fields that fail, `{"error": <message>}` for no JSON object, `{"error", "code"}` for a reused Idempotency-Key. */
export const UNPROCESSABLE_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    'Either {"errors": {<field>: [<message>, ...]}} (fields that fail validation), {"error": <message>} (no JSON object body), or {"error": <message>, "code": "idempotency_key_reused"} (an Idempotency-Key used with another request).',
  properties: {
    error: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};
