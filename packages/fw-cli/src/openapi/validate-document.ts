/**
 * Checks a generated document against the OpenAPI 3.0 schema of
 * @seriousme/openapi-schema-validator, as its Validator does: the schema, then the `$ref`s. The
 * schema's validator is compiled ahead of time (vendor/openapi-3.0-validator.js, written by
 * scripts/vendor-openapi-validator.ts): compiling it with ajv on each run was most of
 * `fw openapi`'s time (bench/cli.bench.ts). Invalid is an error naming the first problem's place.
 */
import { CliError } from '../errors.ts';

interface SchemaError {
  readonly instancePath: string;
  readonly message?: string;
}
type CompiledValidator = { (document: unknown): boolean; errors?: readonly SchemaError[] | null };

/** The vendored validator, from src/openapi or dist/openapi alike. */
const VALIDATOR = new URL('../../vendor/openapi-3.0-validator.js', import.meta.url).href;
/** The package's `$ref` check (untyped: the package declares types for its index only). */
const REFS = '@seriousme/openapi-schema-validator/resolve.js';

/** Resolves when `document` is valid OpenAPI; else throws FW_CLI_ERR_OPENAPI_INVALID. */
export async function validateDocument(document: Record<string, unknown>): Promise<void> {
  const [{ validate }, { checkRefs }] = await Promise.all([
    import(VALIDATOR) as Promise<{ validate: CompiledValidator }>,
    import(REFS) as Promise<{ checkRefs(document: unknown): { valid: boolean; errors?: string } }>,
  ]);
  // Neither changes the document: ajv without defaults or coercion, checkRefs on a copy of its own.
  if (validate(document)) {
    const refs = checkRefs(document);
    if (refs.valid) return;
    throw new CliError('FW_CLI_ERR_OPENAPI_INVALID', `the generated document is not valid OpenAPI 3.0: ${refs.errors}`);
  }
  const [first, ...others] = validate.errors ?? [];
  const where = first === undefined ? '' : `${first.instancePath || '/'} ${first.message ?? 'is invalid'}`;
  const more = others.length > 0 ? ` (${others.length} more problem(s) reported after it)` : '';
  throw new CliError(
    'FW_CLI_ERR_OPENAPI_INVALID',
    `the generated document is not valid OpenAPI 3.0: ${where}${more}; nothing was written`,
  );
}
