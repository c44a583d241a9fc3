/** The default SchemaCompiler, on ajv and ajv-formats (optional peers): imported only when a route has a schema and the app no compiler. */
import { closestKey } from '../closest-key.ts';
import { isJsonObject } from '../config/validate-config.ts';
import { FwError } from '../errors.ts';
import { schemaIds } from './project-response.ts';
import type {
  AjvOptions,
  AjvPlugin,
  NamedSchemaMap,
  SchemaCompiler,
  SchemaIssue,
  SchemaResult,
} from './route-schema.ts';

/** ajv's validators answer at once. */
type SyncValidator = (value: unknown, sent?: () => unknown) => SchemaResult;

// The little of ajv's API fw uses, typed locally so that fw-core's declarations name no type of ajv's.
type CompiledAjv = { (value: unknown): boolean; errors?: readonly AjvError[] | null };
type AjvInstance = {
  formats: object;
  RULES: { keywords: object };
  compile(schema: unknown): CompiledAjv;
  addSchema(schema: unknown, key: string): unknown;
  removeSchema(schema: unknown): unknown;
  getSchema(id: string): { schema: unknown } | undefined;
  validateSchema(schema: unknown, throws: boolean): boolean;
  errorsText(errors: CompiledAjv['errors']): string;
};
type AjvClass = new (options: Record<string, unknown>) => AjvInstance;
type AjvError = {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
};

// Set by fw per instance (text parts coerced, the body not; allErrors only after a failure), so not the app's.
const FW_OWNED_OPTIONS: Readonly<Record<string, string>> = {
  coerceTypes: "fw coerces params, query and headers ('array', decimal text only) and never the body",
  allErrors: 'fw stops at the first issue and lists them all only after a failure',
};

/**
 * Imports ajv (FW_ERR_SCHEMA_AJV_MISSING without it) and ajv-formats when installed: a compiler on them with the app's
 * `options` (FW_ERR_SCHEMA_BAD_AJV_OPTIONS if refused) and its named `schemas` added (FW_ERR_SCHEMA_BAD_NAMED if refused).
 */
export async function loadAjvCompiler(
  options: AjvOptions = {},
  importModule: (name: 'ajv' | 'ajv-formats') => Promise<unknown> = importPeer,
  schemas: NamedSchemaMap = {},
): Promise<SchemaCompiler> {
  const loaded: unknown = await importModule('ajv').catch((cause: unknown) => {
    const message =
      'a route declares options.schema but ajv is not installed: run `npm install ajv ajv-formats` (ajv-formats checks `format`), or give the app a schemaCompiler';
    throw new FwError('FW_ERR_SCHEMA_AJV_MISSING', message, { cause });
  });
  const Ajv = exported<AjvClass>(loaded, 'Ajv');
  if (Ajv === undefined)
    throw new FwError(
      'FW_ERR_SCHEMA_AJV_MISSING',
      'the installed ajv exports no Ajv class: install ajv 8 (`npm install ajv`)',
    );
  const addFormats = await importModule('ajv-formats').then(exported<AjvPlugin>, () => undefined);
  const plugins = [...(addFormats ? [addFormats] : []), ...(options.plugins ?? [])];
  // fw checks each schema against the meta-schema once (unless the app sets validateSchema), with ajv's draft-07 check
  // compiled ahead (vendor/: no start compiles it, bench/startup.bench.ts) while no app option of ajv may change it.
  const premade = Object.keys(options.customOptions ?? {}).length === 0 ? await loadMetaValidator() : undefined;
  const checkSchema = (ajv: AjvInstance, schema: unknown, meta = (schema as { $schema?: unknown } | null)?.$schema) => {
    if (options.customOptions?.validateSchema !== undefined) return;
    if (premade === undefined || (meta !== undefined && !DRAFT_07.test(String(meta)))) ajv.validateSchema(schema, true);
    else if (!premade(schema)) throw new Error(`schema is invalid: ${ajv.errorsText(premade.errors)}`);
  };
  // coerceTypes is an instance option, so one pair per setting; 'array' lets a name given once
  // meet an array schema. strict: a typo in a schema fails start-up, not requests. The text parts' copies get their
  // `default`s, as Fastify's do; a body does not, as the same schema serves a PUT of fewer fields (docs/applications-reference.md, "Coercion").
  const make = (coerce: boolean, allErrors: boolean, shadowed?: string) => {
    let ajv: AjvInstance;
    try {
      ajv = new Ajv({
        strict: true,
        allowUnionTypes: true,
        validateSchema: false,
        useDefaults: coerce,
        ...options.customOptions,
        allErrors,
        coerceTypes: coerce && 'array',
      });
      for (const plugin of plugins) typeof plugin === 'function' ? plugin(ajv) : plugin[0](ajv, plugin[1]);
    } catch (cause) {
      throw new FwError(
        'FW_ERR_SCHEMA_BAD_AJV_OPTIONS',
        `ajv refuses the app's ajv options or plugins: ${(cause as Error).message}`,
        { cause },
      );
    }
    // A route's {$ref: 'task'} is ajv's reference to the schema added as 'task' (Fastify's addSchema).
    for (const [name, schema] of Object.entries(schemas)) {
      if (shadowed !== undefined && (name === shadowed || schemaIds(schema).has(shadowed))) continue;
      try {
        if (!coerce && !allErrors) checkSchema(ajv, schema);
        ajv.addSchema(schema, name);
      } catch (cause) {
        throw new FwError(
          'FW_ERR_SCHEMA_BAD_NAMED',
          `the app's schema ${name} is refused by ajv: ${(cause as Error).message}`,
          { cause },
        );
      }
    }
    return ajv;
  };
  // The allErrors instances and validators are made on a first failing value: most routes meet none (bench/startup.bench.ts).
  const pairOf = (coerce: boolean, shadowed?: string) => {
    let all: AjvInstance | undefined;
    return { first: make(coerce, false, shadowed), all: () => (all ??= make(coerce, true, shadowed)) };
  };
  const [plain, coercing] = [pairOf(false), pairOf(true)];
  // A route schema's root $id names nothing outside it, as with Fastify's ajv (addUsedSchema: false), so routes may repeat one (`{...post, required}`):
  // ajv registers it while compiling (for its own $refs to it), fw takes it out after; one a named schema has is compiled by a pair made without that one.
  const rootId = (schema: unknown): string | undefined => {
    const id = (schema as { $id?: unknown } | null)?.$id;
    return typeof id === 'string' && !Object.values(schemas).includes(schema as never) ? id : undefined;
  };
  const compile = (ajv: AjvInstance, schema: unknown): CompiledAjv => {
    const validate = ajv.compile(schema);
    const id = rootId(schema);
    if (id !== undefined && ajv.getSchema(id)?.schema === schema) ajv.removeSchema(schema);
    return validate;
  };
  return (schema, { coerce }) => {
    const id = rootId(schema);
    const pair =
      id !== undefined && plain.first.getSchema(id) !== undefined ? pairOf(coerce, id) : coerce ? coercing : plain;
    try {
      checkSchema(plain.first, schema);
      const validate = toValidator(compile(pair.first, schema), () => compile(pair.all(), schema));
      // Only a schema that names a number or integer type, or refers elsewhere, may let ajv turn text into a number.
      return coerce && /"(?:number|integer)"|"\$ref"/.test(JSON.stringify(schema) ?? '')
        ? decimalOnly(validate)
        : validate;
    } catch (error) {
      // A misspelt keyword or format: the closest one this ajv knows, its plugins' included.
      const message = (error as Error).message ?? '';
      const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
      const near = keyword && closestKey(keyword, Object.keys(plain.first.RULES.keywords));
      if (near) throw new Error(`${message} (did you mean ${near}?)`, { cause: error });
      const format = /^unknown format "([^"]*)"/.exec(message)?.[1];
      if (format === undefined) throw error;
      const nearFormat = closestKey(format, Object.keys(plain.first.formats));
      const fix = `${nearFormat === undefined ? '' : `did you mean "${nearFormat}"? Else `}${addFormats ? '' : 'install ajv-formats (`npm install ajv-formats`), or '}`;
      throw new Error(`${message}: ${fix}add the format with defineApp({ajv: {plugins}})`, { cause: error });
    }
  };
}

/** Checks the app's `ajv` at start, whether or not a route has a schema; `hasCompiler`: it gives a schemaCompiler too. */
export function checkAjvOptions(value: unknown, hasCompiler: boolean): void {
  if (value === undefined) return;
  const { customOptions = {}, plugins = [], ...unknown } = isJsonObject(value) ? value : {};
  const owned = Object.keys(FW_OWNED_OPTIONS).find(
    (name) => isJsonObject(customOptions) && customOptions[name] !== undefined,
  );
  const isPlugin = (entry: unknown) =>
    typeof entry === 'function' || (Array.isArray(entry) && typeof entry[0] === 'function');
  const problem = !isJsonObject(value)
    ? "the app's ajv must be an object like {customOptions: {...}, plugins: [...]}"
    : hasCompiler
      ? "the app gives both ajv and schemaCompiler: ajv configures fw's default compiler, which a schemaCompiler replaces; keep one"
      : Object.keys(unknown).length > 0
        ? `unknown key ajv.${Object.keys(unknown)[0]}; the app's ajv takes customOptions and plugins`
        : !isJsonObject(customOptions)
          ? 'ajv.customOptions must be an object of ajv options'
          : owned
            ? `ajv.customOptions.${owned} is fw's to set: ${FW_OWNED_OPTIONS[owned]}; give a schemaCompiler to do otherwise`
            : Array.isArray(plugins) && plugins.every(isPlugin)
              ? undefined
              : 'ajv.plugins must be a list of plugins, each a function (ajv) => void or [plugin, options]';
  if (problem !== undefined) throw new FwError('FW_ERR_SCHEMA_BAD_AJV_OPTIONS', problem);
}

/** Literal names, each import() with its catch: a bundler inlines the peer, or leaves the import to run time where it is not installed. */
const importPeer = (name: string) =>
  name === 'ajv' ? import('ajv').catch(rethrow) : import('ajv-formats').catch(rethrow);
const rethrow = (error: unknown) => Promise.reject(error);

const DRAFT_07 = /^http:\/\/json-schema\.org\/draft-07\/schema#?$/;
/** The premade draft-07 meta-schema check (scripts/vendor-meta-validator.ts), ajv's own code for it. */
const loadMetaValidator = async (): Promise<CompiledAjv> =>
  (await import('../../vendor/draft-07-meta-validator.js')).default;

/** A module's `name` export, else its default, else a CommonJS `default.default` a bundler may leave. */
const exported = <T>(module: any, name = 'default'): T | undefined =>
  [module?.[name], module?.default, module?.default?.default].find((found) => typeof found === 'function');

// Above this many values a failing part reports only its first issue: allErrors builds one error per failing value.
const MAX_VALUES_FOR_ALL_ERRORS = 1000;
const VALID = Object.freeze({ valid: true as const });

/** Checks with `first` (stops at the first issue); when that fails on a small value, `all` lists every issue once `errors` is read, on the part as `sent()` makes it again (`first` coerced `value` in place). */
function toValidator(first: CompiledAjv, compileAll: () => CompiledAjv): SyncValidator {
  let all: CompiledAjv | undefined;
  return (value, sent) => {
    if (first(value)) return VALID;
    const found = first.errors;
    if (!hasAtMostValues(value, MAX_VALUES_FOR_ALL_ERRORS))
      return { valid: false, errors: (found ?? []).map(toIssue), incomplete: true };
    let listed: SchemaIssue[] | undefined;
    const list = (): SchemaIssue[] => {
      all ??= compileAll();
      // The first check's defaults are no more what was sent than its coercions; a sent key is set over (an own __proto__ stays one).
      const again = sent?.() as Record<string, unknown> | undefined;
      for (const key of again === undefined ? [] : Object.keys(value as object))
        if (!Object.hasOwn(again!, key)) Reflect.deleteProperty(value as object, key);
      all(again === undefined ? value : Object.assign(value as object, again));
      return (all.errors ?? found ?? []).map(toIssue);
    };
    return {
      valid: false,
      get errors() {
        return (listed ??= list());
      },
    };
  };
}

const toIssue = (error: AjvError): SchemaIssue => ({
  path: error.instancePath,
  keyword: error.keyword,
  message: error.message ?? error.keyword,
  params: error.params,
});

/** True when `value` holds at most `limit` values (itself and all below); iterative, so deep nesting cannot overflow the stack. */
function hasAtMostValues(value: unknown, limit: number): boolean {
  let count = 1;
  for (const pending: unknown[] = [value]; pending.length > 0;) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    const children = Array.isArray(current) ? current : Object.values(current);
    count += children.length;
    if (count > limit) return false;
    pending.push(...children);
  }
  return true;
}

// Decimal text, the only text fw lets ajv turn into a number (issue 38, item 4): ajv alone takes any `s == +s`,
// so `0x10`, ` 1 `, `1e3` and `Infinity`, and reads `9007199254740993` as ...992.
const DECIMAL = /^-?[0-9]+(?:\.[0-9]+)?$/;

/** Whether ajv would read `text` as a number that fw refuses: not decimal, or beyond ±Number.MAX_SAFE_INTEGER (`…993.0`, 400 digits' Infinity). */
const misread = (text: string): boolean =>
  DECIMAL.test(text)
    ? text.length > 15 && !(Math.abs(Number(text)) <= Number.MAX_SAFE_INTEGER)
    : text !== '' && !Number.isNaN(Number(text));

/**
 * `validate` refusing, with a `type` issue in ajv's shape, each number it coerced from misread text. A part holds
 * strings and arrays of strings, so one pass over its values before checking (bench/schemas.bench.ts, case b)
 * finds the texts, and a text that stayed a string (a string schema) is no issue.
 */
function decimalOnly(validate: SyncValidator): SyncValidator {
  return (value, sent) => {
    const part = value as Record<string, unknown>;
    let texts: (readonly [string, number, unknown])[] | undefined;
    for (const key in part) {
      const raw = part[key];
      if (typeof raw === 'string' && misread(raw)) (texts ??= []).push([key, 0, raw]);
      else if (Array.isArray(raw))
        raw.forEach((text, index) => misread(String(text)) && (texts ??= []).push([key, index, text]));
    }
    const result = validate(value, sent);
    if (texts === undefined) return result;
    // ajv's issues about a misread number (`0x10` above a maximum of 10, or the `'16'` a later string branch made of it) are about a value the client never sent, at any depth ([[16]]).
    const refuse = (errors: readonly SchemaIssue[]): SchemaIssue[] => {
      const issues = texts!
        .filter(
          ([key, index, text]) =>
            ![undefined, text].includes(
              [Array.isArray(part[key]) ? (part[key] as unknown[])[index] : part[key]].flat(Infinity)[0],
            ),
        )
        .map(([key, index]): SchemaIssue => ({
          path: `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}${Array.isArray(part[key]) ? `/${index}` : ''}`,
          keyword: 'type',
          message: 'must be a decimal number within ±9007199254740991',
          params: {},
        }));
      return [...errors.filter((error) => !issues.some((issue) => issue.path === error.path)), ...issues];
    };
    // After a failure, the texts past it are coerced only when reading `errors` runs the allErrors copy.
    if (!result.valid)
      return {
        valid: false,
        ...(result.incomplete === true && { incomplete: true }),
        get errors() {
          return refuse(result.errors);
        },
      };
    const errors = refuse([]);
    return errors.length === 0 ? result : { valid: false, errors };
  };
}
