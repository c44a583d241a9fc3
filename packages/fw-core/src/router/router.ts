/**
 * The router contract: compiled once from checked route definitions (create-router.ts), it answers
 * `find()` per request (radix-router.ts over radix-tree.ts); route `data` is opaque to it.
 */

/** HTTP methods a route may name, lowercase as in route definitions. */
export const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace', 'connect'] as const;

/** A lowercase HTTP method name. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The methods of a route: a list, or `'_'` for every method. */
export type MethodSpec = readonly HttpMethod[] | '_';

/** One route to compile. */
export interface RouteDefinition<T> {
  /** `'_'` (any host, the default), an exact host name, or `*.example.com`. */
  readonly host?: string;
  /** Path template: static segments, `:name` bindings, a final `[...]` wildcard. */
  readonly path: string;
  /** Defaults to `'_'`. */
  readonly methods?: MethodSpec;
  readonly data: T;
  /** How definition errors name the route (fw's apps: `route 1 of group 0 (prefix '/api')`); defaults to `route #<position>`. */
  readonly name?: string;
}

/** A route after compilation, as the router holds it: its host lowercase, an address as URLs write it (`'_'` for any), its methods once. */
export interface CompiledRoute<T> extends Required<Omit<RouteDefinition<T>, 'name'>> {
  readonly bindingNames: readonly string[];
  readonly hasWildcard: boolean;
}

/** The route was found for this method. */
export interface RouteFound<T> {
  readonly kind: 'found';
  readonly route: CompiledRoute<T>;
  /** Percent-decoded once; `%2F` inside a segment stays inside it. Frozen and shared for a route without bindings. */
  readonly bindings: Record<string, string>;
  /** Segments captured by a final `[...]` (decoded; split when first read), or undefined when the route has none. */
  readonly pathinfo: string[] | undefined;
}

/** No route has this path on the selected host: answer 404; `malformed`: a percent-escape in it does not decode (docs/router.md). */
export type RouteNotFound = { readonly kind: 'not_found'; readonly malformed?: true };

/** The path exists but not for this method: answer 405 with `allow: <allowed joined by ', '>`. */
export interface MethodNotAllowed<T = unknown> {
  readonly kind: 'method_not_allowed';
  /** Uppercase method names in canonical order, HEAD included wherever GET is. */
  readonly allowed: readonly string[];
  /** OPTIONS only: what the path finds for `allowed[0]`, whose plugins answer a CORS preflight. */
  readonly preflight?: RouteFound<T>;
}

/** What `find()` answers. */
export type LookupResult<T> = RouteFound<T> | RouteNotFound | MethodNotAllowed<T>;

/** A compiled router. */
export interface Router<T> {
  /** Looks a request up: `method` as Node gives it (uppercase), `host` as the request names it (port and case kept), `path` as received (escapes kept) cut before `?` or `#`. */
  find(method: string, host: string | undefined, path: string): LookupResult<T>;
  /** Every compiled route, in definition order. */
  routes(): readonly CompiledRoute<T>[];
}

/** How a definition error names a route: text, or an object writing it when read (create-router.ts). */
export type RouteName = string | { toString(): string };
