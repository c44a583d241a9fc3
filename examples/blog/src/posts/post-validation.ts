/**
 * Create and update validators, both compiled once at start from the same post schema: create
 * enforces `required`, update (a partial change) drops it. Only writable fields (schema
 * properties not marked readOnly) are read from a payload; everything else is ignored.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { BlogError } from '../errors.ts';
import type { NewPost, PostChanges } from '../store/store.ts';
import type { PostSchema } from './post-schema.ts';
import { describeError, groupMessages, INVALID, type FieldErrors } from './validation-messages.ts';

/** A validation outcome: the fields to write, or the messages per field. */
export type Validated<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: FieldErrors };

/** The two validators. Payloads are decoded JSON objects. */
export interface PostValidators {
  /** A create payload: required fields enforced, schema defaults applied. */
  create(payload: Readonly<Record<string, unknown>>): Validated<NewPost>;
  /** An update payload: only the supplied writable fields. */
  update(payload: Readonly<Record<string, unknown>>): Validated<PostChanges>;
}

/** Compiles both validators from `schema`; throws BLOG_ERR_SCHEMA when ajv refuses it. */
export function compilePostValidators(schema: PostSchema): PostValidators {
  const writable = Object.keys(schema.properties).filter((name) => schema.properties[name]?.readOnly !== true);
  const required = new Set(schema.required ?? []);
  const textFields = writable.filter((name) => schema.properties[name]?.type === 'string');
  const defaults = defaultsOf(schema, writable);
  // readOnly fields are never validated (they are never read), so their format needs no checker.
  const ajv = new Ajv({ allErrors: true, strict: true, formats: { 'date-time': true } });
  const { required: _dropped, ...partial } = schema;
  const createFn = compile(ajv, schema);
  const updateFn = compile(ajv, partial);
  const run = (fn: ValidateFunction, payload: Readonly<Record<string, unknown>>): Validated<Record<string, unknown>> => {
    const picked = pick(payload, writable);
    const found = fn(picked) ? [] : (fn.errors ?? []).map((e: ErrorObject) => describeError(e, picked, required));
    found.push(...malformedText(picked, textFields));
    const errors = groupMessages(found, writable);
    return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: picked };
  };
  return {
    create: (payload) => {
      const result = run(createFn, payload);
      return result.ok ? { ok: true, value: { ...defaults, ...result.value } as unknown as NewPost } : result;
    },
    update: (payload) => run(updateFn, payload) as Validated<PostChanges>,
  };
}

function compile(ajv: Ajv, schema: object): ValidateFunction {
  try {
    return ajv.compile(schema);
  } catch (error) {
    throw new BlogError('BLOG_ERR_SCHEMA', `the post schema does not compile: ${(error as Error).message}`, { cause: error });
  }
}

/** The writable fields `payload` has as own properties, on a fresh object. */
function pick(payload: Readonly<Record<string, unknown>>, writable: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of writable) if (Object.hasOwn(payload, name)) picked[name] = payload[name];
  return picked;
}

function defaultsOf(schema: PostSchema, writable: readonly string[]): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const name of writable) {
    const property = schema.properties[name];
    if (property !== undefined && 'default' in property) defaults[name] = property.default;
  }
  return defaults;
}

/**
 * Text that every store can keep byte for byte: no lone surrogates (UTF-8 cannot encode them;
 * PostgreSQL and SQLite would store U+FFFD) and no NUL (PostgreSQL text refuses it).
 */
function malformedText(picked: Readonly<Record<string, unknown>>, textFields: readonly string[]): { field: string; message: string }[] {
  const found: { field: string; message: string }[] = [];
  for (const field of textFields) {
    const value = picked[field];
    if (typeof value === 'string' && (!value.isWellFormed() || value.includes('\u0000'))) found.push({ field, message: INVALID });
  }
  return found;
}
