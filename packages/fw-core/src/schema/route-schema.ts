/** Route schemas (docs/applications-reference.md, "Route schemas"): the JSON Schemas a route declares and what checking them yields. */
import type { FwRequest } from '../http/request.ts';
import type { FwResponse } from '../http/response.ts';
import type { ResponseHeaders } from '../plugins/plugin.ts';

/** A JSON Schema, opaque to fw except for the response projection (project-response.ts). */
export type JsonSchema = Readonly<Record<string, unknown>> | boolean;

/** The part of Standard Schema v1 fw reads, declared here so that fw-core depends on no package. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** What a Standard Schema's `validate` answers: the output, or the issues. */
export type StandardResult<Output> =
  { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly StandardIssue[] };

export interface StandardIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/** What a route schema's part may be: a JSON Schema (TypeBox 1's interfaces declare no index signature: its tag `'~kind'` admits them), or a Standard Schema (zod...) run by its own validate. */
export type PartSchema = JsonSchema | { readonly '~kind': string } | StandardSchemaV1;

/** `options.schema` of a handler route. */
export interface RouteSchema {
  /** The path bindings, as an object of strings coerced by their schema (`req.pathParams`). */
  readonly params?: PartSchema;
  /** The parsed query string, coerced by its schema (`req.queryParams`). */
  readonly query?: PartSchema;
  /** The request headers (names in lowercase, as node:http gives them), coerced on a copy. */
  readonly headers?: PartSchema;
  /** The decoded body (`req.body`; undefined when none), never coerced by a JSON Schema. */
  readonly body?: PartSchema;
  /** Per status: what a `json` answer with that status may carry; a JSON Schema drops unlisted fields, a Standard Schema's output is sent. */
  readonly response?: Readonly<Record<string, PartSchema>>;
}

/** `options.openapi` of a handler route: what `fw openapi` writes on its operations over what it derives (docs/cli.md). */
export interface RouteOpenapi {
  /** Unique in the document; default `<controller_module>.<function>`. */
  readonly operationId?: string;
  /** Default: the controller module (the router's name for an inline handler). */
  readonly tags?: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated?: boolean;
  /** Headers an answer carries, by status then name: a description, or `{description, schema (default a string), required}`. */
  readonly responseHeaders?: ResponseHeaders;
}

/** The parts of a request a schema checks, in the order they are checked. */
export type RequestPart = 'params' | 'query' | 'headers' | 'body';

/** One problem a validator found; the default compiler maps ajv's errors to this. */
export interface SchemaIssue {
  /** JSON Pointer to the value at fault within the part ('' for the part itself). */
  readonly path: string;
  /** The schema keyword that failed (`type`, `required`, `maximum`...). */
  readonly keyword: string;
  readonly message: string;
  /** The keyword's details (ajv's `params`: `missingProperty`, `limit`...). */
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * A validator's answer; `incomplete`: it stopped before finding every issue (the default compiler does past 1,000 values);
 * `value`: what the handler gets instead of the value checked (a Standard Schema's output).
 */
export type SchemaResult =
  | { readonly valid: true; readonly value?: unknown }
  | { readonly valid: false; readonly errors: readonly SchemaIssue[]; readonly incomplete?: boolean };

/** A compiled validator, which may answer a promise. With `coerce` it may change `value` in place (fw hands it a copy, and `sent()` makes another). */
export type SchemaValidator = (value: unknown, sent?: () => unknown) => SchemaResult | Promise<SchemaResult>;

/**
 * Compiles one schema, throwing when it is not valid (FW_ERR_ROUTE_BAD_SCHEMA); `coerce` for the parts that arrive as
 * strings; `schemas`: the app's named schemas (`defineApp({schemas})`), which a `{$ref: name}` in `schema` means.
 */
export type SchemaCompiler = (
  schema: JsonSchema,
  options: { readonly coerce: boolean; readonly schemas?: NamedSchemaMap },
) => SchemaValidator;

/** `defineApp({schemas})`: JSON Schemas by name, which route schemas reference as `{$ref: name}` and `fw openapi` writes once under components.schemas. */
export type NamedSchemaMap = Readonly<Record<string, Exclude<PartSchema, StandardSchemaV1>>>;

/** An ajv plugin (ajv-formats, ajv-keywords, ajv-errors): called with each of fw's ajv instances and its options. */
export type AjvPlugin = (ajv: any, options?: any) => unknown;

/**
 * `defineApp({ajv})`, as Fastify's: ajv options over fw's `strict` and `allowUnionTypes` (not `coerceTypes` nor
 * `allErrors`, fw's per part), and plugins (`plugin` or `[plugin, options]`) applied after ajv-formats.
 */
export interface AjvOptions {
  readonly customOptions?: Readonly<Record<string, unknown>>;
  readonly plugins?: readonly (AjvPlugin | readonly [AjvPlugin, unknown])[];
}

/** A request that failed its route schema; `incomplete` as in SchemaResult. */
export interface SchemaFailure {
  readonly part: RequestPart;
  readonly errors: readonly SchemaIssue[];
  readonly incomplete?: boolean;
}

/** The app's answer to a request that failed its schema, instead of fw's 400 (check-request.ts); undefined keeps fw's. */
export type InvalidRequestHook = (
  failure: SchemaFailure,
  req: FwRequest,
) => FwResponse | undefined | Promise<FwResponse | undefined>;
