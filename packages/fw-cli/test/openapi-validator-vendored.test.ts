/**
 * The OpenAPI 3.0 validator fw-cli ships precompiled (vendor/openapi-3.0-validator.js, issue 39):
 * it is exactly what scripts/vendor-openapi-validator.ts writes from the installed
 * @seriousme/openapi-schema-validator and its ajv, and it judges documents as that package's
 * Validator does (the same verdict and the same errors).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { openapiValidatorSource, VALIDATOR_FILE } from '../scripts/vendor-openapi-validator.ts';

type Compiled = { (document: unknown): boolean; errors?: unknown[] | null };

const info = { title: 'shop', version: '1.0.0' };
const documents: Record<string, { openapi: string; [key: string]: unknown }> = {
  valid: { openapi: '3.0.3', info, paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['id'] } } } } } } } } },
  'required not an array': { openapi: '3.0.3', info, paths: {}, components: { schemas: { zz: { type: 'object', required: 'name' } } } },
  'no paths': { openapi: '3.0.3', info },
};

describe('the vendored OpenAPI 3.0 validator', () => {
  it('is what scripts/vendor-openapi-validator.ts writes from the installed packages (run it after updating them)', async () => {
    assert.equal(await readFile(VALIDATOR_FILE, 'utf8'), await openapiValidatorSource());
  });

  for (const [name, document] of Object.entries(documents)) {
    it(`judges a document as @seriousme/openapi-schema-validator does: ${name}`, async () => {
      const { validate } = (await import(pathToFileURL(VALIDATOR_FILE).href)) as { validate: Compiled };
      const expected = await new Validator().validate(structuredClone(document));
      const valid = validate(document);
      assert.deepEqual({ valid, errors: valid ? undefined : validate.errors }, { valid: expected.valid, errors: expected.errors });
    });
  }
});
