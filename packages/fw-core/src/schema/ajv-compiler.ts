/**
 * The default SchemaCompiler, on ajv. ajv is an optional peer dependency of fw-core: it is
 * imported only when some route carries a schema and the app gives no compiler of its own, so
 * apps without schemas never need it (the same lazy pattern as fw-core/otel's SDK).
 */
import { FwError } from '../errors.ts';
import type { SchemaCompiler, SchemaIssue, SchemaValidator } from './route-schema.ts';

/** The little of ajv's API fw uses, typed locally so fw-core builds without ajv installed. */
interface AjvInstance {
  compile(schema: unknown): { (value: unknown): boolean; errors?: readonly AjvError[] | null };
}
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
  // One instance per coercion setting: coerceTypes is an instance option. 'array' lets a name
  // given once (a string) meet an array schema. allErrors so a client learns every problem at
  // once; strict so a typo in a schema fails start-up, not requests.
  const make = (coerce: boolean): AjvInstance => new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, coerceTypes: coerce ? 'array' : false });
  const instances = { plain: make(false), coercing: make(true) };
  return (schema, { coerce }) => toValidator((coerce ? instances.coercing : instances.plain).compile(schema));
}

function toValidator(fn: ReturnType<AjvInstance['compile']>): SchemaValidator {
  return (value) => (fn(value) ? VALID : { valid: false, errors: (fn.errors ?? []).map(toIssue) });
}

const VALID = Object.freeze({ valid: true as const });

function toIssue(error: AjvError): SchemaIssue {
  return { path: error.instancePath, keyword: error.keyword, message: error.message ?? error.keyword, params: error.params };
}
