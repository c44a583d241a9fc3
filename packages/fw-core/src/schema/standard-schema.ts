/**
 * Standard Schema (standardschema.dev) in route schemas: a zod, valibot or ArkType schema where a JSON Schema may stand
 * (docs/applications-reference.md, "Zod and other Standard Schemas"). fw runs the schema's own `validate` and hands on
 * its output: coerced, defaulted and stripped as the library does; a response schema's output is what is sent.
 */
import { FwError } from '../errors.ts';
import { isThenable, type Projection } from '../http/response.ts';
import type {
  SchemaIssue,
  SchemaResult,
  SchemaValidator,
  StandardIssue,
  StandardResult,
  StandardSchemaV1,
} from './route-schema.ts';

/** Whether `value` is a Standard Schema (an object, or an ArkType function, with `~standard.validate`). */
export const isStandardSchema = (value: unknown): value is StandardSchemaV1 =>
  (typeof value === 'object' || typeof value === 'function') &&
  value !== null &&
  typeof (value as Partial<StandardSchemaV1>)['~standard']?.validate === 'function';

/** A request part's validator: `schema`'s validate, awaited when it answers a promise; its output replaces what was checked. */
export function standardValidator(schema: StandardSchemaV1): SchemaValidator {
  const { validate } = schema['~standard'];
  return (value) => {
    const result = validate(value);
    return isThenable<StandardResult<unknown>>(result)
      ? Promise.resolve(result).then(toSchemaResult)
      : toSchemaResult(result);
  };
}

const toSchemaResult = (result: StandardResult<unknown>): SchemaResult =>
  result.issues === undefined
    ? { valid: true, value: result.value }
    : { valid: false, errors: result.issues.map(toIssue) };

/** A library's issue as fw's: its path as a JSON Pointer, its `code` (zod's) as the keyword, else `standard`. */
function toIssue(issue: StandardIssue): SchemaIssue {
  const keys = (issue.path ?? []).map((segment) =>
    String(typeof segment === 'object' && segment !== null ? segment.key : segment),
  );
  const code = (issue as { readonly code?: unknown }).code;
  return {
    path: keys.map((key) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`).join(''),
    keyword: typeof code === 'string' ? code : 'standard',
    message: issue.message,
    params: {},
  };
}

/**
 * A response schema's projection: its validate's output, so what the library strips never leaves. An answer it refuses,
 * or one it could only check asynchronously (a write cannot wait), is FW_ERR_RESPONSE_NOT_PROJECTABLE (a 500).
 */
export function standardProjection(schema: StandardSchemaV1, where: string): Projection {
  const { validate } = schema['~standard'];
  return (value) => {
    const result = validate(value);
    const why = isThenable(result)
      ? 'its schema checks asynchronously, which a response schema may not'
      : result.issues?.map((issue) => `${toIssue(issue).path || '/'}: ${issue.message}`).join('; ');
    if (why !== undefined)
      throw new FwError('FW_ERR_RESPONSE_NOT_PROJECTABLE', `${where}: the answer fails its schema: ${why}`, {
        details: { where, at: '#' },
      });
    return (result as { readonly value: unknown }).value;
  };
}
