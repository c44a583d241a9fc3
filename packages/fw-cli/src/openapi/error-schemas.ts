/**
 * The error bodies fw apps answer with, as shared schemas under `components.schemas`:
 * `{error: <message>}` (404, 400, a missing body) and `{errors: {<field>: [<message>, ...]}}`
 * (validation failures; spec: "Errors").
 */

/** Component name of `{error}`. */
export const ERROR_MESSAGE_SCHEMA = 'ErrorMessage';
/** Component name of `{errors}`. */
export const VALIDATION_ERRORS_SCHEMA = 'ValidationErrors';

/** Component name of fw's default 400 for a request that fails its route schema. */
export const INVALID_REQUEST_SCHEMA = 'InvalidRequest';

/** fw's default answer to a request its route schema refuses (check-request.ts), listed only where used. */
export const invalidRequestSchema: Readonly<Record<string, unknown>> = {
  type: 'object',
  description:
    'A request that fails its route schema, e.g. {"error": "invalid query", "details": [{"path": "/limit", "keyword": "pattern", "message": "...", "params": {}}]}.',
  required: ['error', 'details'],
  properties: {
    error: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'keyword', 'message', 'params'],
        properties: {
          path: { type: 'string' },
          keyword: { type: 'string' },
          message: { type: 'string' },
          params: { type: 'object', additionalProperties: true },
        },
      },
      maxItems: 10,
    },
    omitted: {
      type: 'integer',
      minimum: 1,
      description: 'How many issues were found and not listed in details (at most 10 and 8 KiB are).',
    },
    // OpenAPI 3.0 schemas have no `const`: a one-value enum says the same.
    incomplete: {
      type: 'boolean',
      enum: [true],
      description: 'Checking stopped before finding every issue: there may be more.',
    },
  },
};

/** Component name of fw's 415, `{error, accepted}` where a body schema's route names the media types it takes. */
export const UNSUPPORTED_MEDIA_TYPE_SCHEMA = 'UnsupportedMediaType';

/** fw's 415 (check-request.ts, the body decoder), listed only where used. */
export const unsupportedMediaTypeSchema: Readonly<Record<string, unknown>> = {
  type: 'object',
  description:
    'A body of a media type the route does not take, e.g. {"error": "unsupported media type", "accepted": ["application/json"]}.',
  required: ['error'],
  properties: { error: { type: 'string' }, accepted: { type: 'array', items: { type: 'string' } } },
};

/** The shared error schemas, by component name. */
export const errorSchemas: Readonly<Record<string, Record<string, unknown>>> = {
  [ERROR_MESSAGE_SCHEMA]: {
    type: 'object',
    description: 'An error message, e.g. {"error": "not found"}.',
    required: ['error'],
    properties: { error: { type: 'string' } },
  },
  [VALIDATION_ERRORS_SCHEMA]: {
    type: 'object',
    description:
      'Validation failures: each field with its messages, in order, e.g. {"errors": {"title": ["can\'t be blank"]}}.',
    required: ['errors'],
    properties: { errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
  },
};

/** Every shared schema, in the order components.schemas lists those an operation uses. */
export const sharedSchemas: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  ...errorSchemas,
  [INVALID_REQUEST_SCHEMA]: invalidRequestSchema,
  [UNSUPPORTED_MEDIA_TYPE_SCHEMA]: unsupportedMediaTypeSchema,
};

/** `{$ref: '#/components/schemas/<name>'}`. */
export function schemaRef(name: string): Record<string, unknown> {
  return { $ref: `#/components/schemas/${name}` };
}
