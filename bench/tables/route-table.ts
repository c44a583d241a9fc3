/**
 * The shape the router bench's tables share, neutral between the routers: routes as
 * `'GET /path'` lines per host, requests as method, host and URL, and the helpers that turn a
 * route template into a request a client would send.
 */
import type { HttpMethod } from '../../packages/fw-core/src/router/index.ts';

/** One route: one method, one fw path template (`:name`, final `[...]`), one host (`'_'` for any). */
export interface BenchRoute {
  readonly id: number;
  readonly host: string;
  readonly method: HttpMethod;
  readonly path: string;
}

/** One lookup to time. */
export interface BenchRequest {
  readonly method: string;
  readonly host: string | undefined;
  readonly url: string;
}

/** A named route table with the requests to time against it. */
export interface BenchTable {
  readonly name: string;
  readonly routes: readonly BenchRoute[];
  readonly requests: readonly BenchRequest[];
}

/** Turns `{ host: ['GET,POST /path', ...] }` into routes, numbered in order. */
export function routesFromLines(byHost: Readonly<Record<string, readonly string[]>>): BenchRoute[] {
  const routes: BenchRoute[] = [];
  for (const [host, lines] of Object.entries(byHost)) {
    for (const line of lines) {
      const [methods = '', path = ''] = line.split(' ');
      for (const method of methods.split(',')) {
        routes.push({ id: routes.length, host, method: method.toLowerCase() as HttpMethod, path });
      }
    }
  }
  return routes;
}

/** A small seeded PRNG (mulberry32), so every run times the same request mix. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` requests drawn from `weighted` with a fixed seed. */
export function sample(weighted: readonly (readonly [number, BenchRequest])[], count: number, seed: number): BenchRequest[] {
  const random = seededRandom(seed);
  const total = weighted.reduce((sum, [weight]) => sum + weight, 0);
  const requests: BenchRequest[] = [];
  for (let i = 0; i < count; i++) {
    let pick = random() * total;
    const entry = weighted.find(([weight]) => (pick -= weight) < 0) ?? weighted[0];
    if (entry !== undefined) requests.push(entry[1]);
  }
  return requests;
}

/**
 * A URL a client would send for an fw path template: each `:name` becomes `values[name]` (or
 * `fallback`), a final `[...]` becomes `rest`.
 */
export function concreteUrl(path: string, values: Readonly<Record<string, string>>, rest: string, fallback = '4242'): string {
  return path
    .split('/')
    .map((segment) => {
      if (segment === '[...]') return rest;
      if (!segment.startsWith(':')) return segment;
      return values[segment.slice(1)] ?? fallback;
    })
    .join('/');
}

/** One weight-1 request per GET route, made by `toRequest`, so the sampler walks the whole tree. */
export function everyGetRoute(routes: readonly BenchRoute[], toRequest: (route: BenchRoute) => BenchRequest): (readonly [number, BenchRequest])[] {
  return routes.filter((route) => route.method === 'get').map((route) => [1, toRequest(route)] as const);
}
