/**
 * FromSchema: the TypeScript type of the values an `as const` JSON Schema accepts, for typed routes (docs/decisions.md:
 * why not a library), or a Standard Schema's (zod's) own output type. Keywords that only narrow values (`minimum`, `format`) do not change the type; what cannot be read
 * (a `$ref` to neither a NamedSchemas entry nor the schema's `$defs`, a tuple of loose length, a schema not `as const`) is `unknown`, never a guess.
 */

/**
 * The app's named schemas (`defineApp({schemas})`) by name, for the types: an app declares them once with
 * `declare module 'fw-core' { interface NamedSchemas { task: typeof task } }`, and `{$ref: 'task'}` then has task's type.
 */
export interface NamedSchemas {}

/** A Standard Schema's input and output types (zod's `z.input` and `z.output`); never for a JSON Schema. */
type StandardTypes<S> = S extends { readonly '~standard': { readonly types?: infer T } } ? NonNullable<T> : never;

/** The type of the values `schema` accepts (`unknown` where unreadable); a Standard Schema's output, or for `Side` 'input' what a handler answers. */
export type FromSchema<S, Side extends 'input' | 'output' = 'output'> = [StandardTypes<S>] extends [never]
  ? FromJsonSchema<S, S>
  : StandardTypes<S> extends { readonly [K in Side]: infer T }
    ? T
    : unknown;

/** The type of the values a JSON Schema accepts, local `$ref`s read in `D`; TypeBox 0.34's `static` (TypeBox 1's as written); `nullable: true` adds null. */
type FromJsonSchema<S, D> = S extends true
  ? unknown
  : S extends false
    ? never
    : S extends { readonly static: infer T; readonly params: readonly unknown[] }
      ? T
      : S extends { readonly $ref: infer Name }
        ? FromRef<Name, D>
        : S extends { readonly const: infer C }
          ? C
          : S extends { readonly enum: readonly (infer E)[] }
            ? E
            : S extends
                  | { readonly anyOf: infer Branches extends readonly unknown[] }
                  | { readonly oneOf: infer Branches extends readonly unknown[] }
              ? FromEach<Branches, D> & FromJsonSchema<Omit<S, 'anyOf' | 'oneOf'>, D>
              : S extends { readonly allOf: readonly unknown[] }
                ? FromAll<S['allOf'], D> & FromJsonSchema<Omit<S, 'allOf'>, D>
                : S extends { readonly type: infer T }
                  ? | FromType<T extends readonly (infer N)[] ? N : T, S, D>
                    | (S extends { readonly nullable: true } ? null : never)
                  : unknown;

/** What a `$ref` names: the app's named schema, or one in the `$defs` or `definitions` of the schema `D` it is in (`#/$defs/task`). */
type FromRef<Name, D> = Name extends keyof NamedSchemas
  ? FromJsonSchema<NamedSchemas[Name], NamedSchemas[Name]>
  : Name extends `#/${infer Where extends '$defs' | 'definitions'}/${infer Key}`
    ? D extends { readonly [K in Where]: { readonly [K2 in Key]: infer Target } }
      ? FromJsonSchema<Target, D>
      : unknown
    : unknown;

/** The union (anyOf, oneOf) and the intersection (allOf) of the branches' types, which FromJsonSchema meets with the type of the keywords beside them. */
type FromEach<Branches extends readonly unknown[], D> = {
  [I in keyof Branches]: FromJsonSchema<Branches[I], D>;
}[number];
type FromAll<B extends readonly unknown[], D> = B extends readonly [infer First, ...infer Rest]
  ? FromJsonSchema<First, D> & FromAll<Rest, D>
  : unknown;

/** The type of one `type` name (distributed over a union of names); `unknown` for another name, or for `any`. */
type FromType<Name, S, D> = unknown extends Name
  ? unknown
  : Name extends 'string'
    ? string
    : Name extends 'number' | 'integer'
      ? number
      : Name extends 'boolean'
        ? boolean
        : Name extends 'null'
          ? null
          : Name extends 'array'
            ? FromArray<S, D>
            : Name extends 'object'
              ? FromObject<S, D>
              : unknown;

/** Arrays are readonly (request values are not the handler's to change, any array may be answered); tuple `items` only as ajv's strictTuples takes them. */
type FromArray<S, D> = S extends { readonly items: infer Items extends readonly unknown[] }
  ? S extends { readonly minItems: Items['length'] } & (
      { readonly maxItems: Items['length'] } | { readonly additionalItems: false }
    )
    ? { readonly [I in keyof Items]: FromJsonSchema<Items[I], D> }
    : readonly unknown[]
  : S extends { readonly items: infer Items }
    ? readonly FromJsonSchema<Items, D>[]
    : readonly unknown[];

/** The `required` names, or never when they are not literal (then no key is known to be present). */
type RequiredOf<S> = S extends { readonly required: readonly (infer K)[] }
  ? string extends K
    ? never
    : K & string
  : never;

/** What keys beyond `properties` may hold, by `patternProperties` and `additionalProperties` (not for TypeBox 1's, as its own Static says). */
type ExtraOf<
  S,
  P,
  D,
  Extra =
    | (S extends { readonly patternProperties: infer Patterns } ? FromJsonSchema<Patterns[keyof Patterns], D> : never)
    | (S extends { readonly additionalProperties: false } | { readonly '~kind': string }
        ? never
        : S extends { readonly additionalProperties: infer A }
          ? A extends true
            ? unknown
            : FromJsonSchema<A, D>
          : unknown),
> =
  // Declared properties need not match Extra, so an index signature of its type would lie about them.
  [Extra] extends [never]
    ? [keyof P | RequiredOf<S> | Extract<keyof S, '~kind'>] extends [never]
      ? { [key: string]: never }
      : {}
    : { [key: string]: [keyof P] extends [never] ? Extra : unknown };

type FromObject<
  S,
  D,
  P = S extends { readonly properties: infer Props } ? Props : {},
  R extends string = RequiredOf<S>,
> = Flatten<
  { -readonly [K in keyof P as K extends R ? K : never]: FromJsonSchema<P[K], D> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: FromJsonSchema<P[K], D>;
  } & { [K in Exclude<R, keyof P>]: unknown } & ExtraOf<S, P, D>
>;

/** One object type instead of an intersection, so editors and error messages show plain fields. */
type Flatten<T> = { [K in keyof T]: T[K] };

/** The type of a checked text part (params, query): a property with a `default` is present, ajv (useDefaults) having set it, as is one named in `Present`. */
export type FromTextPart<S, Present = never> = FromSchema<
  S extends { readonly properties: infer P; readonly '~standard'?: never }
    ? Omit<S, 'required'> & { readonly required: readonly (RequiredOf<S> | PresentOf<P, Present>)[] }
    : S
>;

/** The names of the properties that are there: those with a `default`, and those named in `Present`. */
type PresentOf<P, Present> = {
  [K in keyof P]: K extends Present ? K : P[K] extends { readonly default: unknown } ? K : never;
}[keyof P] &
  string;
