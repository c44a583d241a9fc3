/**
 * FromSchema: the TypeScript type of the values an `as const` JSON Schema accepts, for typed routes (docs/decisions.md:
 * why not a library), or a Standard Schema's (zod's) own output type. Keywords that only narrow values (`minimum`, `format`) do not change the type; what cannot be read
 * (a `$ref` to no NamedSchemas entry, a tuple that may be shorter or longer, a schema not `as const`) is `unknown`, never a guess.
 */

/**
 * The app's named schemas (`defineApp({schemas})`) by name, for the types: an app declares them once with
 * `declare module 'fw-core' { interface NamedSchemas { task: typeof task } }`, and `{$ref: 'task'}` then has task's type.
 */
export interface NamedSchemas {}

/** A Standard Schema's input and output types (zod's `z.input` and `z.output`); never for a JSON Schema. */
type StandardTypes<S> = S extends { readonly '~standard': { readonly types?: infer T } } ? NonNullable<T> : never;

/** The type of the values `schema` accepts (`unknown` where unreadable); a Standard Schema's output, or for `Side` 'input' what a handler answers. */
export type FromSchema<S, Side extends 'input' | 'output' = 'output'> = [StandardTypes<S>] extends [never] ? FromJsonSchema<S>
  : StandardTypes<S> extends { readonly [K in Side]: infer T } ? T : unknown;

/** The type of the values a JSON Schema accepts; TypeBox 0.34 declares it as `static` (TypeBox 1's schemas are read as written); ajv's `nullable: true` adds null. */
type FromJsonSchema<S> = S extends true ? unknown
  : S extends false ? never
  : S extends { readonly static: infer T; readonly params: readonly unknown[] } ? T
  : S extends { readonly $ref: infer Name } ? (Name extends keyof NamedSchemas ? FromJsonSchema<NamedSchemas[Name]> : unknown)
  : S extends { readonly const: infer C } ? C
  : S extends { readonly enum: readonly (infer E)[] } ? E
  // A value meets the keywords beside anyOf, oneOf or allOf too (`type`, `properties`), so it has both types.
  : S extends { readonly anyOf: infer Branches extends readonly unknown[] } | { readonly oneOf: infer Branches extends readonly unknown[] }
    ? FromEach<Branches> & FromJsonSchema<Omit<S, 'anyOf' | 'oneOf'>>
  : S extends { readonly allOf: readonly unknown[] } ? FromAll<S['allOf']> & FromJsonSchema<Omit<S, 'allOf'>>
  : S extends { readonly type: infer T } ? FromType<T extends readonly (infer Name)[] ? Name : T, S> | (S extends { readonly nullable: true } ? null : never)
  : unknown;

/** The union of the branches' types. */
type FromEach<Branches extends readonly unknown[]> = { [I in keyof Branches]: FromJsonSchema<Branches[I]> }[number];

/** The intersection of the branches' types. */
type FromAll<Branches extends readonly unknown[]> = Branches extends readonly [infer First, ...infer Rest] ? FromJsonSchema<First> & FromAll<Rest> : unknown;

/** One `type` name (distributed over a union of names); `unknown` for another name, or for `any`. */
type FromType<Name, S> = unknown extends Name ? unknown : Name extends keyof TypeNames<S> ? TypeNames<S>[Name] : unknown;

/** The type of each JSON Schema `type` name. */
type TypeNames<S> = { string: string; number: number; integer: number; boolean: boolean; null: null; array: FromArray<S>; object: FromObject<S> };

/** Arrays are readonly (request values are not the handler's to change, any array may be answered); tuple `items` only as ajv's strictTuples takes them. */
type FromArray<S> = S extends { readonly items: infer Items extends readonly unknown[] }
  ? (S extends { readonly minItems: Items['length'] } & ({ readonly maxItems: Items['length'] } | { readonly additionalItems: false })
    ? { readonly [I in keyof Items]: FromJsonSchema<Items[I]> } : readonly unknown[])
  : S extends { readonly items: infer Items } ? readonly FromJsonSchema<Items>[] : readonly unknown[];

/** The `required` names, or never when they are not literal (then no key is known to be present). */
type RequiredOf<S> = S extends { readonly required: readonly (infer K)[] } ? (string extends K ? never : K & string) : never;

/** What keys beyond `properties` may hold, by `patternProperties` and `additionalProperties` (not for TypeBox 1's, as its own Static says). */
type ExtraOf<S, P, Extra = (S extends { readonly patternProperties: infer Patterns } ? FromJsonSchema<Patterns[keyof Patterns]> : never)
  | (S extends { readonly additionalProperties: false } | { readonly '~kind': string } ? never
    : S extends { readonly additionalProperties: infer A } ? (A extends true ? unknown : FromJsonSchema<A>) : unknown)>
  // Declared properties need not match Extra, so an index signature of its type would lie about them.
  = [Extra] extends [never] ? ([keyof P | RequiredOf<S> | Extract<keyof S, '~kind'>] extends [never] ? { [key: string]: never } : {})
  : { [key: string]: [keyof P] extends [never] ? Extra : unknown };

type FromObject<S, P = S extends { readonly properties: infer Props } ? Props : {}, R extends string = RequiredOf<S>> = Flatten<
  { -readonly [K in keyof P as K extends R ? K : never]: FromJsonSchema<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: FromJsonSchema<P[K]>;
  } & { [K in Exclude<R, keyof P>]: unknown } & ExtraOf<S, P>
>;

/** One object type instead of an intersection, so editors and error messages show plain fields. */
type Flatten<T> = { [K in keyof T]: T[K] };

/** The type of a checked text part (params, query): a property with a `default` is present, ajv (useDefaults) having set it, as is one named in `Present`. */
export type FromTextPart<S, Present = never> = FromSchema<S extends { readonly properties: infer P; readonly '~standard'?: never }
  ? Omit<S, 'required'> & { readonly required: readonly (RequiredOf<S> | PresentOf<P, Present>)[] } : S>;

/** The names of the properties that are there: those with a `default`, and those named in `Present`. */
type PresentOf<P, Present> = { [K in keyof P]: K extends Present ? K : P[K] extends { readonly default: unknown } ? K : never }[keyof P] & string;
