/**
 * The default SchemaCompiler, on ajv. ajv is an optional peer dependency of fw-core: it is
 * imported only when some route carries a schema and the app gives no compiler of its own, so
 * apps without schemas never need it (the same lazy pattern as fw-core/otel's SDK).
 */
import { FwError } from '../errors.ts';
import { hasAtMostValues } from './count-values.ts';
import type { SchemaCompiler, SchemaIssue, SchemaValidator } from './route-schema.ts';

/** The little of ajv's API fw uses, typed locally so fw-core builds without ajv installed. */
interface AjvInstance {
  compile(schema: unknown): CompiledAjv;
}
type CompiledAjv = { (value: unknown): boolean; errors?: readonly AjvError[] | null };
interface AjvError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
}
type AjvClass = new (options: Record<string, unknown>) => AjvInstance;

/** Imports ajv and returns a compiler on it; FW_ERR_SCHEMA_AJV_MISSING when it is not installed. */
export async function loadAjvCompiler(importAjv: () => Promise<unknown> = () => import('ajv' as string)): Promise<SchemaCompiler> {
  let loaded: { Ajv?: AjvClass; default?: AjvClass | { default?: AjvClass } };
  try {
    loaded = (await importAjv()) as typeof loaded;
  } catch (cause) {
    throw new FwError(
      'FW_ERR_SCHEMA_AJV_MISSING',
      'a route declares options.schema but ajv is not installed: run `npm install ajv`, or give the app a schemaCompiler',
      { cause },
    );
  }
  const Ajv = loaded.Ajv ?? (typeof loaded.default === 'function' ? loaded.default : loaded.default?.default);
  if (Ajv === undefined) throw new FwError('FW_ERR_SCHEMA_AJV_MISSING', 'the installed ajv exports no Ajv class: install ajv 8 (`npm install ajv`)');
  // One pair of instances per coercion setting: coerceTypes is an instance option. 'array' lets a
  // name given once (a string) meet an array schema. strict so a typo in a schema fails start-up,
  // not requests. `first` stops at the first issue, `all` (allErrors) collects every one.
  const make = (coerce: boolean, allErrors: boolean): AjvInstance => new Ajv({ allErrors, strict: true, allowUnionTypes: true, coerceTypes: coerce ? 'array' : false });
  const plain = { first: make(false, false), all: make(false, true) };
  const coercing = { first: make(true, false), all: make(true, true) };
  return (schema, { coerce }) => {
    const pair = coerce ? coercing : plain;
    return toValidator(pair.first.compile(schema), pair.all.compile(schema));
  };
}

/**
 * Above this many values in a part, a failing part reports only the first issue. ajv's allErrors
 * builds one error per failing value, so a 1 MiB array of strings against integer items made an
 * error object per element (issue 35, item 14); stopping at the first costs next to nothing.
 */
const MAX_VALUES_FOR_ALL_ERRORS = 1000;

/**
 * A validator that checks with `first` (as cheap as allErrors on valid values, and cheaper on
 * invalid ones) and, only when that fails on a small value, runs `all` so a client learns every
 * problem at once.
 */
function toValidator(first: CompiledAjv, all: CompiledAjv): SchemaValidator {
  return (value) => {
    if (first(value)) return VALID;
    if (!hasAtMostValues(value, MAX_VALUES_FOR_ALL_ERRORS)) return { valid: false, errors: (first.errors ?? []).map(toIssue), incomplete: true };
    all(value);
    return { valid: false, errors: (all.errors ?? first.errors ?? []).map(toIssue) };
  };
}

const VALID = Object.freeze({ valid: true as const });

function toIssue(error: AjvError): SchemaIssue {
  return { path: error.instancePath, keyword: error.keyword, message: error.message ?? error.keyword, params: error.params };
}
