/**
 * The contract every router in the router bench meets (one adapter per router in
 * contenders/), the request it is handed, and the answer format the check compares: the route
 * id and the captured values in template order (`[...]`'s capture last, as one `/`-joined
 * string), or null for no match.
 */
import type { BenchRoute } from '../tables/route-table.ts';

/** One request as a server hands it over: fresh strings, as Node's HTTP parser makes per request. */
export interface Lookup {
  readonly method: string;
  readonly host: string | undefined;
  readonly url: string;
  /** find-my-way's derived constraints, set only on tables with hosts: its host routing needs them per request. */
  readonly constraints: { readonly host: string } | undefined;
}

/** A router built for one table. */
export interface BuiltRouter {
  /**
   * Looks every request up once; returns a count so the work cannot be optimised away. Each
   * adapter writes this loop itself, so that its router's lookup is the only callee of the loop:
   * one loop shared by every router would make that call megamorphic and slow them all.
   */
  pass(batch: readonly Lookup[]): number;
  /**
   * pass(), with every answer read as a server needs it to answer as fw does, the work fw's
   * answer carries: a match of a route with a final `[...]` reads the rest it captured as a list
   * of segments (fw's `pathinfo`; the peers return one string, split here on '/'), and a request
   * no route answers for its method lists the methods that would answer its path, what a 405's
   * `Allow` header names (RFC 9110 section 15.5.6 makes it a MUST), HEAD counted wherever GET
   * answers, as fw lists it (a peer, which answers a wrong method as a miss, looks the path up
   * once per other method of the table). Returns the segments and methods read. For the
   * "answered as fw answers" rows: the whole mix, the wildcard hits and the 405s.
   */
  passAnswered(batch: readonly Lookup[]): number;
  /** What the check compares: `'<route id> <values…>'`, `'405'` (routers that tell it apart), or null. */
  answer(lookup: Lookup): string | null;
}

/** A router under test, and what it can express. */
export interface Contender {
  readonly name: string;
  /** Matches on the Host header; a contender without it gets only single-host tables. */
  readonly hosts: boolean;
  /** Tells 405 from 404; fw's 405 answers count as no match when compared with one that does not. */
  readonly methodNotAllowed: boolean;
  /** Takes the raw request target with its query string (the others get the path only). */
  readonly queryStrings: boolean;
  /** How this router was given the tables, for the report: syntax, registration order, limits. */
  readonly adaptations: readonly string[];
  /**
   * The router alone, each route's data its id, after it has answered one lookup (`GET /`: Hono's
   * RegExpRouter builds its matchers then, V8 compiles rou3's generated matcher then): what the
   * build bench times and weighs. Throws NotExpressible when the router cannot hold these routes.
   */
  construct(routes: readonly BenchRoute[]): object;
  /** The router with its lookup loop and answers, for the lookup bench; throws like construct. */
  build(routes: readonly BenchRoute[]): BuiltRouter;
}

/** A table the router cannot hold (the bench prints the reason and skips that router there). */
export class NotExpressible extends Error {}

/** The keys to read a match's values at, in template order: the bindings, then `wildcardKey` for a final `[...]`. */
function captureKeys(path: string, wildcardKey: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':') || segment === '[...]')
    .map((segment) => (segment === '[...]' ? wildcardKey : segment.slice(1)));
}

/** `captureKeys` of every route, indexed by route id. */
export function keysById(routes: readonly BenchRoute[], wildcardKey: string): (readonly string[])[] {
  const keys: (readonly string[])[] = [];
  for (const route of routes) keys[route.id] = captureKeys(route.path, wildcardKey);
  return keys;
}

/** `path` in the `:name` syntax the peers share, with a final `[...]` spelled `wildcard`. */
export function peerPath(path: string, wildcard: string): string {
  return path.endsWith('/[...]') ? `${path.slice(0, -'[...]'.length)}${wildcard}` : path;
}

/** The methods other than HEAD that `routes` answer, uppercase: what a peer tries for an `Allow` list. */
export function probeMethods(routes: readonly BenchRoute[]): string[] {
  return [...new Set(routes.map((route) => route.method.toUpperCase()))].filter((method) => method !== 'HEAD');
}

/** The answer for route `id` with `params` read at `keys` (a missing wildcard capture reads as ''). */
export function answerOf(id: number, params: Readonly<Record<string, unknown>>, keys: readonly string[]): string {
  return `${id} ${keys.map((key) => params[key] ?? '').join(' ')}`;
}
