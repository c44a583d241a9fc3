/**
 * Property test: seeded random route tables (static, binding and [...] segments, four hosts,
 * method lists and '_') against a brute-force reference that applies the router's rules route
 * by route, with no tree. Every registered route must be found, with the right bindings and
 * pathinfo, from a URL built from it; random other URLs must get the reference's answer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { createRouter, HTTP_METHODS, type HttpMethod, type LookupResult, type RouteDefinition } from '../src/router/index.ts';
import { splitPathAndQuery } from '../src/stream/exchange.ts';

/** The path the pipeline hands find(): the request target cut before its query and fragment (request-target.ts). */
const pathOf = (target: string): string => splitPathAndQuery(target).path;

type Segment = { kind: 'static'; raw: string; text: string } | { kind: 'binding'; name: string } | { kind: 'wildcard' };

interface TableRoute {
  readonly index: number;
  readonly host: string;
  readonly segments: readonly Segment[];
  readonly methods: readonly HttpMethod[] | '_';
  readonly def: RouteDefinition<number>;
}

const HOSTS = ['_', 'api.example.com', '*.example.com', '*.eu.example.com'];
// Raw static segments; `caf%C3%A9` is `café` once decoded.
const STATICS = ['a', 'b', 'posts', 'new', 'me', 'caf%C3%A9'];
const BINDING_NAMES = ['id', 'name', 'slug', 'owner', 'repo'];
const METHODS: readonly HttpMethod[] = ['get', 'head', 'post', 'put', 'delete', 'patch'];
// Binding values: none is a static segment, several need escaping.
const VALUES = ['v1', 'v22', 'a b', 'x/y', 'ü', '%', 'new-1'];

/** mulberry32: small, seeded, good enough to vary tables. */
function prng(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function pick<T>(random: (n: number) => number, list: readonly T[]): T {
  return list[random(list.length)] as T;
}

function randomRoute(random: (n: number) => number, index: number): TableRoute {
  const segments: Segment[] = [];
  const count = 1 + random(4);
  const names = [...BINDING_NAMES];
  for (let i = 0; i < count; i++) {
    const roll = random(20);
    if (roll < 2) {
      segments.push({ kind: 'wildcard' });
      break;
    }
    if (roll < 9 && names.length > 0) {
      segments.push({ kind: 'binding', name: names.splice(random(names.length), 1)[0] as string });
    } else {
      const raw = pick(random, STATICS);
      segments.push({ kind: 'static', raw, text: decodeURIComponent(raw) });
    }
  }
  if (segments.at(-1)?.kind !== 'wildcard' && random(10) === 0) segments.push({ kind: 'static', raw: '', text: '' });
  const methods: readonly HttpMethod[] | '_' =
    random(7) === 0 ? '_' : [...new Set([pick(random, METHODS), ...(random(2) === 0 ? [pick(random, METHODS)] : [])])];
  const host = pick(random, HOSTS);
  const path = `/${segments.map((s) => (s.kind === 'static' ? s.raw : s.kind === 'binding' ? `:${s.name}` : '[...]')).join('/')}`;
  return { index, host, segments, methods, def: { host, path, methods, data: index } };
}

function shapeKey(route: TableRoute): string {
  return JSON.stringify([route.host, route.segments.map((s) => (s.kind === 'static' ? s.text : s.kind === 'binding' ? ':' : '[...]'))]);
}

function overlap(a: TableRoute, b: TableRoute): boolean {
  if (a.methods === '_' || b.methods === '_') return true;
  const other = b.methods;
  return a.methods.some((method) => other.includes(method));
}

// --- the reference: the router's rules applied route by route ---

interface Candidate {
  readonly route: TableRoute;
  readonly ranks: readonly number[];
  readonly bindings: Record<string, string>;
  readonly pathinfo: string[] | undefined;
}

function matchRoute(route: TableRoute, segments: readonly string[]): Candidate | undefined {
  const bindings: Record<string, string> = {};
  const ranks: number[] = [];
  for (const [i, segment] of route.segments.entries()) {
    if (segment.kind === 'wildcard') {
      ranks.push(2);
      return { route, ranks, bindings, pathinfo: segments.slice(i) };
    }
    const value = segments[i];
    if (value === undefined) return undefined;
    if (segment.kind === 'static') {
      if (value !== segment.text) return undefined;
      ranks.push(0);
    } else {
      if (value === '') return undefined;
      bindings[segment.name] = value;
      ranks.push(1);
    }
  }
  return route.segments.length === segments.length ? { route, ranks, bindings, pathinfo: undefined } : undefined;
}

/** Static before binding before [...], position by position; a route ending first goes first. */
function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  }
  return a.length - b.length;
}

function hostTablesFor(routes: readonly TableRoute[], host: string | undefined): string[] {
  const tables: string[] = [];
  if (host !== undefined) {
    const key = host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
    if (routes.some((route) => route.host === key)) tables.push(key);
    const wildcards = [...new Set(routes.map((route) => route.host).filter((h) => h.startsWith('*.')))];
    wildcards.sort((x, y) => y.length - x.length);
    for (const wildcard of wildcards) {
      if (key.endsWith(wildcard.slice(1)) && key.length > wildcard.length - 1) tables.push(wildcard);
    }
  }
  tables.push('_');
  return tables;
}

function resolve(group: readonly Candidate[], method: string): Candidate | undefined {
  const answers = (candidate: Candidate, name: string): boolean =>
    candidate.route.methods === '_' || candidate.route.methods.includes(name.toLowerCase() as HttpMethod);
  return (
    group.find((candidate) => candidate.route.methods === '_' || answers(candidate, method)) ??
    (method === 'HEAD' ? group.find((candidate) => answers(candidate, 'GET')) : undefined)
  );
}

function reference(routes: readonly TableRoute[], method: string, host: string | undefined, url: string): unknown {
  if (!url.startsWith('/')) return 'not_found';
  let segments: string[];
  try {
    segments = url.split(/[?#]/)[0]!.slice(1).split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return 'not_found';
  }
  for (const table of hostTablesFor(routes, host)) {
    const candidates = routes
      .filter((route) => route.host === table)
      .map((route) => matchRoute(route, segments))
      .filter((candidate) => candidate !== undefined)
      .sort((a, b) => compareRanks(a.ranks, b.ranks));
    if (candidates.length === 0) continue;
    // Candidates with equal ranks share a leaf of the tree: the method picks among them.
    for (let i = 0; i < candidates.length; ) {
      let j = i;
      while (j < candidates.length && compareRanks(candidates[j]!.ranks, candidates[i]!.ranks) === 0) j++;
      const chosen = resolve(candidates.slice(i, j), method);
      if (chosen !== undefined) return { data: chosen.route.index, bindings: chosen.bindings, pathinfo: chosen.pathinfo };
      i = j;
    }
    const allowed = new Set(candidates.flatMap((candidate) => (candidate.route.methods === '_' ? [] : candidate.route.methods)));
    if (allowed.has('get')) allowed.add('head');
    return { allowed: HTTP_METHODS.filter((m) => allowed.has(m)).map((m) => m.toUpperCase()) };
  }
  return 'not_found';
}

function summary(result: LookupResult<number>): unknown {
  if (result.kind === 'found') return { data: result.route.data, bindings: result.bindings, pathinfo: result.pathinfo };
  if (result.kind === 'method_not_allowed') return { allowed: result.allowed };
  return result.kind;
}

// --- building tables and requests ---

/** Adds random routes one by one; the router must reject exactly those that really conflict. */
function buildTable(random: (n: number) => number, size: number): { routes: TableRoute[]; rejected: number } {
  const routes: TableRoute[] = [];
  let rejected = 0;
  for (let i = 0; i < size; i++) {
    const candidate = randomRoute(random, routes.length);
    const conflicts = routes.some((route) => shapeKey(route) === shapeKey(candidate) && overlap(route, candidate));
    let error: unknown;
    try {
      createRouter([...routes, candidate].map((route) => route.def));
    } catch (thrown) {
      error = thrown;
    }
    if (conflicts) {
      assert.ok(error instanceof FwError && error.code === 'FW_ERR_ROUTE_CONFLICT', `${candidate.def.path} should conflict`);
      rejected++;
    } else {
      assert.equal(error, undefined, `${candidate.def.path} rejected: ${String(error)}`);
      routes.push(candidate);
    }
  }
  return { routes, rejected };
}

function encodeStatic(random: (n: number) => number, raw: string): string {
  // Sometimes escape a letter that needs no escaping: the router must compare decoded text.
  if (raw.length === 0 || raw.includes('%') || random(5) !== 0) return raw;
  return `%${raw.charCodeAt(0).toString(16).toUpperCase()}${raw.slice(1)}`;
}

function requestFor(random: (n: number) => number, route: TableRoute): { method: string; host: string | undefined; url: string } {
  const parts: string[] = [];
  for (const segment of route.segments) {
    if (segment.kind === 'static') parts.push(encodeStatic(random, segment.raw));
    else if (segment.kind === 'binding') parts.push(encodeURIComponent(pick(random, VALUES)));
    else for (let n = random(4); n > 0; n--) parts.push(encodeURIComponent(pick(random, [...VALUES, ...STATICS, ''])));
  }
  const query = random(3) === 0 ? '?q=1&next=/a/b' : '';
  const method = route.methods === '_' ? pick(random, ['GET', 'PATCH', 'OPTIONS', 'BREW']) : pick(random, route.methods).toUpperCase();
  const hosts: Record<string, readonly (string | undefined)[]> = {
    _: [undefined, 'other.test', 'Other.Test:8080'],
    'api.example.com': ['api.example.com', 'API.Example.com:443', 'api.example.com.'],
    '*.example.com': ['w1.example.com', 'a.b.example.com:80'],
    '*.eu.example.com': ['w2.eu.example.com', 'X.EU.example.com'],
  };
  return { method, host: pick(random, hosts[route.host] ?? [undefined]), url: `/${parts.join('/')}${query}` };
}

function randomRequest(random: (n: number) => number): { method: string; host: string | undefined; url: string } {
  const parts: string[] = [];
  for (let n = 1 + random(5); n > 0; n--) parts.push(pick(random, [...STATICS, ...VALUES.map(encodeURIComponent), '', 'p%6Fsts', '%zz']));
  return {
    method: pick(random, ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']),
    host: pick(random, [undefined, 'api.example.com', 'w1.example.com', 'w2.eu.example.com', 'other.test']),
    url: `/${parts.join('/')}`,
  };
}

describe('random route tables', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: the router agrees with the reference on every route and on random URLs`, () => {
      const random = prng(seed);
      const { routes, rejected } = buildTable(random, 260);
      assert.ok(routes.length >= 150, `only ${routes.length} routes accepted`);
      assert.ok(rejected > 0, 'no table conflicted: the conflict check went untested');
      const router = createRouter(routes.map((route) => route.def));

      let foundItself = 0;
      for (const route of routes) {
        const { method, host, url } = requestFor(random, route);
        const expected = reference(routes, method, host, url);
        const actual = summary(router.find(method, host, pathOf(url)));
        assert.deepEqual(actual, expected, `${method} ${host ?? '-'} ${url} (built from ${route.def.path} on ${route.host})`);
        if (!route.segments.some((segment) => segment.kind === 'wildcard')) {
          // Binding values are never static segments, so nothing outranks the route itself.
          assert.equal((actual as { data?: number }).data, route.index, `${method} ${url} did not find ${route.def.path}`);
        }
        if ((actual as { data?: number }).data === route.index) foundItself++;
      }
      assert.ok(foundItself > routes.length * 0.9, `${foundItself} of ${routes.length} routes found from their own URL`);

      const kinds = new Set<string>();
      for (let i = 0; i < 600; i++) {
        const { method, host, url } = randomRequest(random);
        const actual = router.find(method, host, url);
        kinds.add(actual.kind);
        assert.deepEqual(summary(actual), reference(routes, method, host, url), `${method} ${host ?? '-'} ${url}`);
      }
      assert.deepEqual([...kinds].sort(), ['found', 'method_not_allowed', 'not_found']);
    });
  }
});
