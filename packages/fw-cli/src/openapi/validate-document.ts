/**
 * Checks a generated document against the OpenAPI 3.0 schema with
 * @seriousme/openapi-schema-validator (loaded only here: it brings Ajv). Invalid is an error
 * naming the first problem's place in the document.
 */
import { CliError } from '../errors.ts';

/** Resolves when `document` is valid OpenAPI; else throws FW_CLI_ERR_OPENAPI_INVALID. */
export async function validateDocument(document: Record<string, unknown>): Promise<void> {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  // The validator keeps what it is given; a copy keeps the caller's document untouched.
  const result = await new Validator().validate(structuredClone(document));
  if (result.valid) return;
  const errors = result.errors ?? [];
  if (typeof errors === 'string') throw new CliError('FW_CLI_ERR_OPENAPI_INVALID', `the generated document is not valid OpenAPI 3.0: ${errors}`);
  const [first] = errors;
  const where = first === undefined ? '' : `${first.instancePath || '/'} ${first.message ?? 'is invalid'}`;
  const more = errors.length > 1 ? ` (${errors.length - 1} more problem(s) reported after it)` : '';
  throw new CliError('FW_CLI_ERR_OPENAPI_INVALID', `the generated document is not valid OpenAPI 3.0: ${where}${more}; nothing was written`);
}
