/**
 * The draft-07 meta-schema check fw-core ships precompiled (vendor/draft-07-meta-validator.js,
 * issue 39 item 4): it is exactly what scripts/vendor-meta-validator.ts writes from the installed
 * ajv; the default compiler uses it instead of compiling the meta-schema in every process, and
 * refuses each schema exactly as ajv's own check did, with the same message.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { loadAjvCompiler } from '../src/schema/ajv-compiler.ts';
import type { JsonSchema } from '../src/schema/route-schema.ts';
import { META_VALIDATOR_FILE, metaValidatorSource } from '../scripts/vendor-meta-validator.ts';

/** Schemas ajv's meta-schema check refuses, and some it takes. */
const SCHEMAS: Readonly<Record<string, unknown>> = {
  'an unknown type': { type: 'strin' },
  'a type list with a repeat (uniqueItems through ajv runtime equal)': { type: ['string', 'string'] },
  'a minimum that is text, nested': { type: 'object', properties: { limit: { type: 'integer', minimum: 'one' } } },
  'required as text': { type: 'object', required: 'name' },
  'required with a repeat': { type: 'object', required: ['a', 'a'] },
  'a negative maxLength': { type: 'string', maxLength: -1 },
  'additionalProperties as text': { type: 'object', additionalProperties: 'no' },
  'a tuple item of a bad type': { type: 'array', items: [{ type: 'x' }] },
  'an invalid schema naming draft-07': { $schema: 'http://json-schema.org/draft-07/schema#', type: 'x' },
  'a valid object': { type: 'object', properties: { title: { type: 'string', minLength: 1 }, tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }, required: ['title'] },
  'a valid pattern (formats are not checked against the meta-schema)': { type: 'string', pattern: '^[a-z]+$' },
  'true': true,
};

/** ajv's verdict on `schema` as fw's instance had it before: the message compile throws, or undefined when it compiles. */
function ajvVerdict(schema: unknown): string | undefined {
  try {
    new Ajv({ strict: true, allowUnionTypes: true }).compile(schema as object);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the premade draft-07 meta-schema check', () => {
  it('is what scripts/vendor-meta-validator.ts writes from the installed ajv (run it after updating ajv)', async () => {
    assert.equal(await readFile(META_VALIDATOR_FILE, 'utf8'), metaValidatorSource());
  });

  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`refuses or takes a schema as ajv's own check does, on both kinds of part: ${name}`, async () => {
      const compile = await loadAjvCompiler();
      for (const coerce of [false, true]) {
        let refused: string | undefined;
        try {
          compile(schema as JsonSchema, { coerce });
        } catch (error) {
          refused = (error as Error).message;
        }
        assert.equal(refused, ajvVerdict(schema), `coerce: ${coerce}`);
      }
    });
  }

  it('leaves ajv compiling no meta-schema: it never calls validateSchema for a draft-07 schema', async () => {
    let calls = 0;
    class CountingAjv extends Ajv {
      override validateSchema(schema: Parameters<Ajv['validateSchema']>[0], throws?: boolean) {
        calls += 1;
        return super.validateSchema(schema, throws);
      }
    }
    const importer = async (name: string) => (name === 'ajv' ? { Ajv: CountingAjv } : import(name));
    const compile = await loadAjvCompiler({}, importer, { post: { type: 'object', properties: { id: { type: 'integer' } } } });
    compile({ type: 'object', properties: { limit: { type: 'integer' } } }, { coerce: true });
    compile({ $ref: 'post' }, { coerce: false });
    assert.equal(calls, 0);
    // A schema naming another meta-schema is ajv's to check, with ajv's own error.
    assert.throws(() => compile({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' }, { coerce: false }), /no schema with key or ref "https:\/\/json-schema.org\/draft\/2020-12\/schema"/);
    assert.equal(calls, 1);
  });

  it('keeps ajv checking schemas itself when the app sets ajv options, and checking none under validateSchema: false', async () => {
    const withOptions = await loadAjvCompiler({ customOptions: { removeAdditional: true } });
    assert.throws(() => withOptions({ type: 'strin' }, { coerce: false }), { message: ajvVerdict({ type: 'strin' }) });
    const unchecked = await loadAjvCompiler({ customOptions: { validateSchema: false, strict: false } });
    assert.doesNotThrow(() => unchecked({ type: 'object', maxProperties: -1 }, { coerce: true }));
    assert.match(ajvVerdict({ type: 'object', maxProperties: -1 }) ?? '', /schema is invalid: data\/maxProperties must be >= 0/);
  });

  it("refuses an app's invalid named schema at start with ajv's message", async () => {
    await assert.rejects(loadAjvCompiler({}, undefined, { post: { type: 'object', required: 'id' } }), {
      code: 'FW_ERR_SCHEMA_BAD_NAMED',
      message: `the app's schema post is refused by ajv: ${ajvVerdict({ type: 'object', required: 'id' })}`,
    });
  });
});
