/**
 * A post's create and update payloads, both from the same post schema: the body schemas fw
 * checks on the POST and PUT routes (create keeps `required`, update drops it; both list only
 * the writable fields, the schema properties not marked readOnly, so readOnly and unknown fields
 * are never validated), the fields a handler stores once a body passed, and the 422 messages of
 * a body that did not.
 */
import type { JsonSchema, SchemaIssue } from 'fw-core';
import type { NewPost, PostChanges } from '../store/store.ts';
import type { PostSchema } from './post-schema.ts';
import { describeError, groupMessages, INVALID, type FieldErrors } from './validation-messages.ts';

/** A payload's outcome: the fields to write, or the messages per field. */
export type Validated<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: FieldErrors };

/** What the blog derives from the post schema. Payloads are decoded JSON objects. */
export interface PostPayloads {
  /** The POST body schema. */
  readonly createSchema: JsonSchema;
  /** The PUT body schema: a partial change. */
  readonly updateSchema: JsonSchema;
  /** A create payload that passed createSchema: schema defaults applied, text checked. */
  create(payload: Readonly<Record<string, unknown>>): Validated<NewPost>;
  /** An update payload that passed updateSchema: only the supplied writable fields. */
  update(payload: Readonly<Record<string, unknown>>): Validated<PostChanges>;
  /** The messages of a payload that failed its body schema with `issues`. */
  fieldErrors(issues: readonly SchemaIssue[], payload: Readonly<Record<string, unknown>>): FieldErrors;
}

/** Derives the payloads of `schema`. */
export function createPostPayloads(schema: PostSchema): PostPayloads {
  const writable = Object.keys(schema.properties).filter((name) => schema.properties[name]?.readOnly !== true);
  const required = new Set(schema.required ?? []);
  const textFields = writable.filter((name) => schema.properties[name]?.type === 'string');
  const defaults = defaultsOf(schema, writable);
  const properties = Object.fromEntries(writable.map((name) => [name, schema.properties[name]]));
  const { required: _dropped, ...partial } = { ...schema, properties };
  const checked = (payload: Readonly<Record<string, unknown>>): Validated<Record<string, unknown>> => {
    const picked = pick(payload, writable);
    const errors = groupMessages(malformedText(picked, textFields), writable);
    return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: picked };
  };
  return {
    createSchema: { ...schema, properties },
    updateSchema: partial,
    create: (payload) => {
      const result = checked(payload);
      return result.ok ? { ok: true, value: { ...defaults, ...result.value } as unknown as NewPost } : result;
    },
    update: (payload) => checked(payload) as Validated<PostChanges>,
    fieldErrors: (issues, payload) => {
      const picked = pick(payload, writable);
      const found = issues.map((issue) => describeError(issue, picked, required));
      found.push(...malformedText(picked, textFields));
      return groupMessages(found, writable);
    },
  };
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
 * PostgreSQL and SQLite would store U+FFFD) and no NUL (PostgreSQL text refuses it). JSON Schema
 * cannot say this next to the `\S` pattern, so it is checked here, on top of the schema.
 */
function malformedText(
  picked: Readonly<Record<string, unknown>>,
  textFields: readonly string[],
): { field: string; message: string }[] {
  const found: { field: string; message: string }[] = [];
  for (const field of textFields) {
    const value = picked[field];
    if (typeof value === 'string' && (!value.isWellFormed() || value.includes('\u0000')))
      found.push({ field, message: INVALID });
  }
  return found;
}
