/** Route groups as an application's router module returns them (spec: "Route definition shape"). */
import type { AuthData, FwRequest } from '../http/request.ts';
import type { FwResponse, HeaderMap } from '../http/response.ts';
import type { PluginEntry } from '../plugins/plugin.ts';
import type { MethodSpec } from '../router/router.ts';
import type { InvalidRequestHook, JsonSchema, RouteOpenapi, RouteSchema } from '../schema/route-schema.ts';
import type { StaticOptions } from '../static/static-handler.ts';
import type { Handler } from './controller.ts';

/**
 * What a security callback answers. `true` continues; `{allow: true, auth_data}` continues with
 * `req.auth_data` set (typed by RequestContext); `false` denies with 401 JSON (with the
 * `www-authenticate` challenge of the callback's `securityScheme`, as any 401 that sets none); `{allow: false, status, headers, body}`
 * denies as told; `{redirect}` answers 302. A throwing callback gives 500.
 */
export type SecurityResult =
  | boolean
  | { readonly allow: true; readonly auth_data?: AuthData }
  | { readonly allow: false; readonly status?: number; readonly headers?: HeaderMap; readonly body?: unknown }
  | { readonly redirect: string };

/** A group's security: `false` (none) or a one-argument callback (its name is shown by the CLI). */
export type SecurityCallback = ((req: FwRequest) => SecurityResult | Promise<SecurityResult>) & {
  /** The credential it checks, as `fw openapi` documents it (docs/cli.md); fw's 401s challenge for it (`www-authenticate`). */
  readonly securityScheme?: SecuritySchemeDeclaration;
  /** The statuses it refuses with, for `fw openapi` (default `[401]`, what `false` answers); fw never reads it. */
  readonly responses?: readonly number[];
  /** True when it refuses every request (bearerAuth given no token): fw warns at start and `fw audit` reports it. */
  readonly refusesEveryRequest?: boolean;
};

/** An OpenAPI `components.securitySchemes` entry: `{name: 'bearerAuth', scheme: {type: 'http', scheme: 'bearer'}}`. */
export interface SecuritySchemeDeclaration {
  readonly name: string;
  readonly scheme: Readonly<Record<string, unknown>>;
  /** The realm of an http basic scheme's challenge (`Basic realm="..."`); default `name`. */
  readonly realm?: string;
}

/** Options of a handler route. */
export interface RouteOptions {
  /** Lowercase method names, or `'_'` (the default) for all. */
  readonly methods?: MethodSpec;
  /** Opaque data carried to `req.route.extra`, the CLI and OpenAPI (e.g. a body schema). */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** JSON Schemas for params, query, headers, body and responses by status ("Route schemas" in docs/applications-reference.md). */
  readonly schema?: RouteSchema;
  /** Answers a request that fails `schema`, instead of the app's hook or fw's 400. */
  readonly onInvalid?: InvalidRequestHook;
  /** false: requests to this route write no per-request log line (a readiness probe's); default true. */
  readonly log?: boolean;
  /** The OpenAPI operation's `operationId`, `tags`, `summary`, `description` and `deprecated`; fw itself never reads it. */
  readonly openapi?: RouteOpenapi;
}

/** `{path, handler, options}`. */
export interface HandlerRoute {
  readonly path: string;
  readonly handler: Handler;
  readonly options?: RouteOptions;
}

/** `{path ending in [...], directory, options}`: serves a directory. */
export interface StaticDirectoryRoute {
  readonly path: string;
  readonly directory: string;
  readonly options?: StaticOptions;
}

/** `{path, file, options}`: serves one file. */
export interface StaticFileRoute {
  readonly path: string;
  readonly file: string;
  readonly options?: StaticOptions;
}

/** Any route of a group. */
export type RouteEntry = HandlerRoute | StaticDirectoryRoute | StaticFileRoute;

/** What an app's own answer returns: a response, as a controller does, or undefined for fw's built-in answer. */
export type OwnAnswer = FwResponse | undefined | Promise<FwResponse | undefined>;

/**
 * An app's or a group's own answers in place of fw's built-in 404, 405 and error answers
 * (docs/applications-reference.md, "Your own error answers"); a group's replaces the app's for its requests.
 */
export interface ErrorAnswers {
  /** Answers a request the router has no route for (fw: 404 `{"error":"not found"}`). */
  readonly onNotFound?: (req: FwRequest) => OwnAnswer;
  /** Answers a path that has routes, none for this method; `allowed`: what the `allow` header lists. */
  readonly onMethodNotAllowed?: (req: FwRequest, allowed: readonly string[]) => OwnAnswer;
  /** Answers a failed request (a throw or rejection of a handler, security callback or plugin, an `httpError`). */
  readonly onError?: (error: unknown, req: FwRequest) => OwnAnswer;
  /** The JSON schema of the bodies these hooks answer, for `fw openapi` and inject's typed `json()` only: fw never applies it. */
  readonly errorSchema?: JsonSchema;
}

/** A route group. */
export interface RouteGroup extends ErrorAnswers {
  /** Prepended to every route path: '' or '/segment...' without a trailing slash. */
  readonly prefix: string;
  /** `'_'` (any, the default), an exact host, or `*.example.com`. */
  readonly host?: string;
  readonly security: false | SecurityCallback;
  /** Replaces the global plugin list for this group (never merged). */
  readonly plugins?: readonly PluginEntry[];
  readonly routes: readonly RouteEntry[];
}
