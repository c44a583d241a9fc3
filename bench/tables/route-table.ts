/**
 * The shape the router bench's tables share, neutral between fw and find-my-way: routes as
 * `'GET /path'` lines per host, requests as method, host and URL.
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
