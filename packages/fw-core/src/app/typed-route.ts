/**
 * Typed routes (docs/applications-reference.md, "Typed routes"): `route({path, schema, handler})` is a plain
 * HandlerRoute whose handler is type-checked against the path template and the schemas fw validates.
 */
import type { FwRequest } from '../http/request.ts';
import type { FwResponse, JsonResponse, JsonStreamResponse } from '../http/response.ts';
import type { FromSchema, FromTextPart } from '../schema/from-schema.ts';
import type { HttpMethod, MethodSpec } from '../router/router.ts';
import type { RouteSchema } from '../schema/route-schema.ts';
import type { InlineHandler } from './controller.ts';
import type { HandlerRoute, RouteOptions } from './route-group.ts';

/** The `:name` bindings of a path template (`'/users/:uid/posts/:id'` → `'uid' | 'id'`). */
export type BindingName<Path extends string> = string extends Path
  ? string
  : Path extends `${string}/:${infer Rest}`
    ? Rest extends `${infer Name}/${infer Tail}`
      ? Name | BindingName<`/${Tail}`>
      : Rest
    : never;

/** The request a typed handler reads; the pipeline runs the schemas first, so these types hold whenever it runs. */
export type TypedRequest<Path extends string, S extends RouteSchema, M extends MethodSpec = '_'> = Omit<
  FwRequest,
  'bindings' | 'pathinfo' | 'pathParams' | 'queryParams' | 'body'
> & {
  /** The path template's bindings (a group prefix's own bindings are not in the type). */
  readonly bindings: Readonly<Record<BindingName<Path>, string>>;
  /** The captured segments on a route ending in `[...]`, undefined on any other. */
  readonly pathinfo: string extends Path
    ? readonly string[] | undefined
    : Path extends `${string}/[...]`
      ? readonly string[]
      : undefined;
  /** Each part's type once checked, its text's defaults set (and the template's bindings there); undefined, or an unknown body, without a schema. */
  pathParams: S extends { readonly params: infer P }
    ? FromTextPart<P, string extends Path ? never : BindingName<Path>>
    : undefined;
  queryParams: S extends { readonly query: infer P } ? FromTextPart<P> : undefined;
  body: S extends { readonly body: infer P } ? FromSchema<P> | UnreadBody<M> : unknown;
};

/** undefined unless every method of `M` carries a body: fw reads (and checks) none of a GET, HEAD or DELETE. */
type UnreadBody<M> = M extends readonly Exclude<HttpMethod, 'get' | 'head' | 'delete'>[] ? never : undefined;

/** A response-map key as a status: `200` and `'200'` are both 200. */
type StatusOf<Key> = Key extends number ? Key : Key extends `${infer N extends number}` ? N : never;

/** One json answer per declared status, its body typed by that status's schema. */
export type TypedJson<Responses> = string extends keyof Responses
  ? JsonResponse
  : { [K in keyof Responses]-?: JsonResponse<FromSchema<Responses[K], 'input'>, StatusOf<K>> }[keyof Responses];

/** One jsonStream answer per declared status, `key` required: bare (undefined) where the body is an array, else one of its array fields (another is FW_ERR_RESPONSE_NOT_PROJECTABLE). */
type TypedStream<Responses> = string extends keyof Responses
  ? JsonStreamResponse
  : {
      [K in keyof Responses]-?: JsonStreamResponse<StreamKey<FromSchema<Responses[K], 'input'>>, StatusOf<K>> & {
        readonly key: StreamKey<FromSchema<Responses[K], 'input'>>;
      };
    }[keyof Responses];

/** The keys a `Body`'s list may go under: undefined (bare) for an array, else one of its array fields (none holding never); any for a body of unknown type. */
type StreamKey<Body> = unknown extends Body
  ? string | undefined
  : Body extends readonly unknown[]
    ? undefined
    : {
        [K in keyof Body]-?: [Body[K]] extends [never]
          ? never
          : NonNullable<Body[K]> extends readonly unknown[]
            ? K & string
            : never;
      }[keyof Body];

/** What a typed handler may answer: with `schema.response`, a `json()` or `jsonStream()` answer of a declared status and its type; other kinds unchecked. */
export type TypedResponse<S extends RouteSchema> = S extends { readonly response: infer R }
  ? Exclude<FwResponse, JsonResponse | JsonStreamResponse> | TypedJson<R> | TypedStream<R>
  : FwResponse;

/** A typed handler. */
export type TypedHandler<Path extends string, S extends RouteSchema, M extends MethodSpec = '_'> = (
  req: TypedRequest<Path, S, M>,
) => TypedResponse<S> | Promise<TypedResponse<S>>;

/** Keys of `S` no route schema has (a misspelt `querry`, else dropped from the types unnoticed), typed as what tsc then reports. */
type UnknownSchemaKeys<S> = {
  readonly [
    K in Exclude<keyof S, keyof RouteSchema>
  ]: 'not a schema key: the keys are params, query, headers, body and response';
};

/** `route()`'s argument: the route's path, its options flattened, and its handler. */
export type TypedRouteDefinition<Path extends string, S extends RouteSchema, M extends MethodSpec = '_'> = Omit<
  RouteOptions,
  'schema' | 'methods'
> & {
  readonly path: Path;
  readonly methods?: M;
  readonly schema?: S & UnknownSchemaKeys<S>;
  readonly handler: TypedHandler<Path, S, M>;
};

/** Where a TypedRoute's type keeps its answers; never set: no route object has the key. */
export declare const routeAnswers: unique symbol;

/** The JSON bodies a route declares, by status (`{200: Post, 404: {error: string}}`); `{}` without `schema.response`. */
export type AnswersOf<S extends RouteSchema> = S extends { readonly response: infer R }
  ? { [K in keyof R as StatusOf<K>]: FromSchema<R[K]> }
  : {};

/**
 * What `route()` returns: a plain HandlerRoute whose type remembers its answers, so `inject(fw, request, route)` types `json()`.
 * Invariant in them: else an array of routes has the least typed one as its element type, not their union.
 */
export interface TypedRoute<in out Answers = {}> extends HandlerRoute {
  readonly [routeAnswers]?: Answers;
}

/** A handler route typed from its path and schemas (a schema declared elsewhere needs `as const`, else `unknown`). */
export function route<const Path extends string, const S extends RouteSchema = {}, const M extends MethodSpec = '_'>(
  definition: TypedRouteDefinition<Path, S, M>,
): TypedRoute<AnswersOf<S>> {
  const { path, handler, ...options } = definition;
  // The typed request is the FwRequest the pipeline hands over once the schemas passed.
  return { path, handler: handler as unknown as InlineHandler, options };
}
