/** The default SchemaCompiler, on ajv (an optional peer): imported only when a route has a schema and the app no compiler. */
import { FwError } from '../errors.ts';
import type { SchemaCompiler, SchemaIssue, SchemaValidator } from './route-schema.ts';

// The little of ajv's API fw uses, typed locally so fw-core builds without ajv installed.
type CompiledAjv = { (value: unknown): boolean; errors?: readonly AjvError[] | null };
type AjvClass = new (options: Record<string, unknown>) => { compile(schema: unknown): CompiledAjv };
interface AjvError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
}

/** Imports ajv and returns a compiler on it; FW_ERR_SCHEMA_AJV_MISSING when it is not installed. */
export async function loadAjvCompiler(importAjv: () => Promise<unknown> = () => import('ajv' as string)): Promise<SchemaCompiler> {
  let loaded: { Ajv?: AjvClass; default?: AjvClass | { default?: AjvClass } };
  try {
    loaded = (await importAjv()) as typeof loaded;
  } catch (cause) {
    const message = 'a route declares options.schema but ajv is not installed: run `npm install ajv`, or give the app a schemaCompiler';
    throw new FwError('FW_ERR_SCHEMA_AJV_MISSING', message, { cause });
  }
  const Ajv = loaded.Ajv ?? (typeof loaded.default === 'function' ? loaded.default : loaded.default?.default);
  if (Ajv === undefined) {
    throw new FwError('FW_ERR_SCHEMA_AJV_MISSING', 'the installed ajv exports no Ajv class: install ajv 8 (`npm install ajv`)');
  }
  // coerceTypes is an instance option, so one pair per setting; 'array' lets a name given once
  // meet an array schema. strict: a typo in a schema fails start-up, not requests.
  const make = (coerce: boolean, allErrors: boolean) =>
    new Ajv({ allErrors, strict: true, allowUnionTypes: true, coerceTypes: coerce ? 'array' : false });
  const plain = { first: make(false, false), all: make(false, true) };
  const coercing = { first: make(true, false), all: make(true, true) };
  return (schema, { coerce }) => {
    const pair = coerce ? coercing : plain;
    return toValidator(pair.first.compile(schema), pair.all.compile(schema));
  };
}

// Above this many values a failing part reports only its first issue: allErrors builds one error per
// failing value (issue 35, item 14: a 1 MiB array made one per element).
const MAX_VALUES_FOR_ALL_ERRORS = 1000;

const VALID = Object.freeze({ valid: true as const });

/** Checks with `first` (stops at the first issue); only when that fails on a small value, `all` lists every issue. */
function toValidator(first: CompiledAjv, all: CompiledAjv): SchemaValidator {
  return (value) => {
    if (first(value)) return VALID;
    if (!hasAtMostValues(value, MAX_VALUES_FOR_ALL_ERRORS)) {
      return { valid: false, errors: (first.errors ?? []).map(toIssue), incomplete: true };
    }
    all(value);
    return { valid: false, errors: (all.errors ?? first.errors ?? []).map(toIssue) };
  };
}

function toIssue(error: AjvError): SchemaIssue {
  return { path: error.instancePath, keyword: error.keyword, message: error.message ?? error.keyword, params: error.params };
}

/** True when `value` holds at most `limit` values (itself and all below); iterative, so deep nesting cannot overflow the stack. */
function hasAtMostValues(value: unknown, limit: number): boolean {
  let count = 1;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    const children = Array.isArray(current) ? current : Object.values(current);
    count += children.length;
    if (count > limit) return false;
    pending.push(...children);
  }
  return true;
}
