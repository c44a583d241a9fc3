/**
 * The default schema compiler finds ajv's class however the installed module exports it (the
 * named `Ajv` of ajv 8's ESM entry, a default export, or the CommonJS `default.default` a bundler
 * may leave), refuses a module with no class, and turns ajv's errors into fw's issues: the
 * keyword stands in for a missing message, and a validator that keeps no errors answers none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv, { Ajv as AjvClass } from 'ajv';
import { FwError } from '../src/errors.ts';
import { loadAjvCompiler } from '../src/schema/ajv-compiler.ts';
import { branchMatcher } from '../src/schema/compile-route-schemas.ts';
import { compileProjection } from '../src/schema/project-response.ts';

const LIMIT_SCHEMA = { type: 'object', properties: { limit: { type: 'integer' } } };

/** An importer that finds `module` as ajv and nothing else (no ajv-formats). */
const ajvOnly = (module: unknown) => async (name: string) => {
  if (name !== 'ajv') throw Object.assign(new Error(`Cannot find package '${name}'`), { code: 'ERR_MODULE_NOT_FOUND' });
  return module;
};

/** A stand-in for ajv whose validators fail with `errors` (what ajv leaves in `validate.errors`). */
function fakeAjv(errors: readonly Record<string, unknown>[] | null) {
  return class {
    compile() {
      return Object.assign(() => false, { errors });
    }
  };
}

describe('the default schema compiler and the ajv module', () => {
  for (const [shape, module] of [
    ['a named Ajv export', { Ajv }],
    ['a default export', { default: Ajv }],
    ['a CommonJS default.default', { default: { default: Ajv } }],
  ] as const) {
    it(`compiles with ${shape}`, async () => {
      const compile = await loadAjvCompiler({}, ajvOnly(module));
      const validate = compile(LIMIT_SCHEMA, { coerce: true });
      const value = { limit: '7' };
      assert.deepEqual(validate(value), { valid: true });
      assert.deepEqual(value, { limit: 7 }, 'coerced in place');
      assert.deepEqual(compile(LIMIT_SCHEMA, { coerce: false })({ limit: '7' }), {
        valid: false,
        errors: [{ path: '/limit', keyword: 'type', message: 'must be integer', params: { type: 'integer' } }],
      });
    });
  }

  it('refuses a module that exports no Ajv class', async () => {
    await assert.rejects(loadAjvCompiler({}, ajvOnly({ default: {} })), (error: unknown) => {
      assert.ok(error instanceof FwError);
      assert.equal(error.code, 'FW_ERR_SCHEMA_AJV_MISSING');
      assert.equal(error.message, 'the installed ajv exports no Ajv class: install ajv 8 (`npm install ajv`)');
      return true;
    });
  });

  it('gives the keyword as the message of an error that has none', async () => {
    const compile = await loadAjvCompiler({}, ajvOnly({ Ajv: fakeAjv([{ instancePath: '/a', keyword: 'even', params: { of: 2 } }]) }));
    assert.deepEqual(compile({}, { coerce: false })({ a: 3 }), {
      valid: false,
      errors: [{ path: '/a', keyword: 'even', message: 'even', params: { of: 2 } }],
    });
  });

  it('answers no issues, still invalid, when the validator keeps no errors', async () => {
    const compile = await loadAjvCompiler({}, ajvOnly({ Ajv: fakeAjv(null) }));
    assert.deepEqual(compile({}, { coerce: false })({ a: 3 }), { valid: false, errors: [] });
    const large = Array.from({ length: 2000 }, (_, i) => i);
    assert.deepEqual(compile({}, { coerce: false })(large), { valid: false, errors: [], incomplete: true });
  });

  it('makes the allErrors instances and validators only when a value first fails', async () => {
    const made: Record<string, unknown>[] = [];
    let compiled = 0;
    class CountingAjv extends AjvClass {
      constructor(options: Record<string, unknown>) {
        super(options);
        made.push(options);
        const compile = this.compile.bind(this);
        this.compile = ((schema: object) => {
          compiled += 1;
          return compile(schema);
        }) as typeof compile;
      }
    }
    const compile = await loadAjvCompiler({}, ajvOnly({ Ajv: CountingAjv }));
    const plain = compile(LIMIT_SCHEMA, { coerce: false });
    const coerced = compile(LIMIT_SCHEMA, { coerce: true });
    assert.deepEqual(made.map((options) => [options.allErrors, options.coerceTypes]), [[false, false], [false, 'array']]);
    assert.equal(compiled, 2);
    assert.deepEqual(plain({ limit: 1 }), { valid: true });
    assert.deepEqual(coerced({ limit: '1' }), { valid: true });
    assert.equal(made.length, 2, 'no value failed yet');
    const issue = { path: '/limit', keyword: 'type', message: 'must be integer', params: { type: 'integer' } };
    assert.deepEqual(plain({ limit: 'x' }), { valid: false, errors: [issue] });
    assert.deepEqual(plain({ limit: 'y' }), { valid: false, errors: [issue] });
    assert.deepEqual(made.map((options) => [options.allErrors, options.coerceTypes]), [[false, false], [false, 'array'], [true, false]]);
    assert.equal(compiled, 3, "the failing schema's allErrors validator, once");
  });

  it("lists every issue only when a failure's errors are read: an answer's anyOf branch that fails builds no allErrors validator", async () => {
    const made: boolean[] = [];
    class CountingAjv extends AjvClass {
      constructor(options: Record<string, unknown>) {
        super(options);
        made.push(options.allErrors === true);
      }
    }
    const compile = await loadAjvCompiler({}, ajvOnly({ Ajv: CountingAjv }));
    const schema = { anyOf: [{ type: 'object', required: ['error'], properties: { error: { type: 'string' } } }, { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }] };
    const project = compileProjection(schema, 'route GET /x schema.response.200', { match: branchMatcher(compile) });
    for (let i = 0; i < 3; i += 1) assert.deepEqual(project({ id: i, secret: 's' }), { id: i });
    assert.deepEqual(made, [false, false], 'the first branch failed three times, and no allErrors instance was made');
    const failed = await compile(LIMIT_SCHEMA, { coerce: false })({ limit: 'x' });
    assert.equal(failed.valid, false);
    assert.deepEqual(made, [false, false]);
    assert.deepEqual(!failed.valid && failed.errors, [{ path: '/limit', keyword: 'type', message: 'must be integer', params: { type: 'integer' } }]);
    assert.deepEqual(made, [false, false, true], 'read, the errors came from an allErrors validator');
  });

  it('still refuses an invalid schema at compile time on a coerced part', async () => {
    const compile = await loadAjvCompiler({}, ajvOnly({ Ajv }));
    assert.throws(() => compile({ type: 'object', properties: { limit: { type: 'integer', minimum: 'one' } } }, { coerce: true }), /schema is invalid: data\/properties\/limit\/minimum must be number/);
  });
});
