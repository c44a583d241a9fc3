/**
 * Turns route-schema issues (fw's SchemaIssue, from ajv) into the spec's
 * `{errors: {field: [message, ...]}}` (spec: "Validation"). Besides the spec's `can't be blank`,
 * the texts (`is invalid`, `should be at most N character(s)`) are the ones the service's clients
 * already receive, so a client matching on them keeps working (docs/decisions.md).
 */
import type { SchemaIssue } from 'fw-core';

/** A missing, null or whitespace-only required field. */
export const BLANK = "can't be blank";
/** A wrong type, a value outside the enum or range, or text that is not well-formed. */
export const INVALID = 'is invalid';

/** Field name → messages, fields in schema order, messages in MESSAGE_ORDER. */
export type FieldErrors = Record<string, string[]>;

/** The pattern post.json uses to say "not blank". */
const NON_BLANK_PATTERN = '\\S';

/**
 * One field's message for one ajv error on `payload`. `required` is the create schema's required
 * list: a required field sent as null reads as blank, on update too.
 */
export function describeError(
  error: SchemaIssue,
  payload: Readonly<Record<string, unknown>>,
  required: ReadonlySet<string>,
): { field: string; message: string } {
  if (error.keyword === 'required') return { field: String(error.params.missingProperty), message: BLANK };
  const field = fieldOf(error.path);
  switch (error.keyword) {
    case 'pattern':
      return { field, message: error.params.pattern === NON_BLANK_PATTERN ? BLANK : INVALID };
    case 'maxLength': {
      const limit = Number(error.params.limit);
      return { field, message: `should be at most ${limit} character(s)` };
    }
    case 'type':
      return { field, message: payload[field] === null && required.has(field) ? BLANK : INVALID };
    default:
      return { field, message: INVALID };
  }
}

/** Groups messages by field: fields in `fieldOrder`, each field's messages deduplicated and ranked. */
export function groupMessages(
  found: readonly { field: string; message: string }[],
  fieldOrder: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fieldOrder) {
    const messages = [...new Set(found.filter((f) => f.field === field).map((f) => f.message))];
    if (messages.length > 0) errors[field] = messages.sort((a, b) => rank(a) - rank(b));
  }
  return errors;
}

/** blank first, then invalid, then length: the order a reader fixes them in. */
function rank(message: string): number {
  if (message === BLANK) return 0;
  if (message === INVALID) return 1;
  return 2;
}

/** `/title` → `title` (the fields are top-level scalars; JSON Pointer escapes undone). */
function fieldOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return first.replaceAll('~1', '/').replaceAll('~0', '~');
}
