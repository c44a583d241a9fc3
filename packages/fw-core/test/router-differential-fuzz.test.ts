/**
 * Differential fuzz: seeded, bounded random route tables and requests, fw's router against a
 * matcher written here from docs/router.md's rules alone, route by route with no tree:
 *
 * - hosts: exact (lowercase, one final dot dropped, port dropped, also after an IPv6 literal),
 *   then `*.suffix` tables longest first, then `'_'`; the first table with the path decides;
 * - paths: split on raw '/', each segment decoded once (a malformed escape: no route), static
 *   before binding before `[...]` position by position, a route ending first before a longer one;
 * - methods: uppercase as Node gives them, HEAD from GET where no route of that shape names HEAD,
 *   405 `allowed` the union of the deciding table's routes matching the path, OPTIONS with a preflight.
 *
 * Tables mix static text needing escapes (`%2F`, `%25`, unicode), dot segments, trailing slashes,
 * bindings named like Object.prototype members, the same host written in two cases, IPv6 and IPv4
 * hosts; requests add double slashes, `%zz`, lowercase escapes, raw unicode, uppercase hosts with
 * ports and final dots. Every table is also built in shuffled orders (definition order never
 * decides), and its printed tree (buildRouteTree, what `fw routes` prints) must hold each route
 * once, under its host, at the edges spelling its path.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { buildRouteTree, createRouter, HTTP_METHODS, type HttpMethod, type LookupResult, type RouteDefinition, type RouteTreeNode } from '../src/router/index.ts';

type Seg = { kind: 'static'; raw: string; text: string } | { kind: 'binding'; name: string } | { kind: 'wildcard' };
interface Route {
  readonly id: number;
  /** As written in the definition, and as the reference keys it. */
  readonly host: string;
  readonly key: string;
  readonly segs: readonly Seg[];
  readonly methods: readonly HttpMethod[] | '_';
  readonly def: RouteDefinition<number>;
}
type Random = (n: number) => number;

/** xorshift32, seeded. */
function prng(seed: number): Random {
  let x = seed * 2654435761 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}
const pick = <T>(random: Random, list: readonly T[]): T => list[random(list.length)] as T;

// Raw static segments of route paths; several decode to the same text (`caf%C3%A9`, `café`).
const STATICS = ['a', 'b', 'posts', 'Posts', 'caf%C3%A9', 'café', 'a%2Fb', '%25', 'v1.0', '.', '..', '~x', 'it%27s', '%E2%82%AC'];
const NAMES = ['id', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '_', 'x1', '__proto_'];
const ROUTE_HOSTS = ['_', '_', 'api.example.com', 'API.Example.COM.', '*.example.com', '*.eu.example.com', '[::1]', '127.0.0.1'];
const METHODS: readonly HttpMethod[] = ['get', 'head', 'post', 'put', 'delete', 'options'];

function routeHostKey(host: string): string {
  return host === '_' ? '_' : host.toLowerCase().replace(/\.$/, '');
}

function randomRoute(random: Random, id: number): Route {
  const segs: Seg[] = [];
  const names = [...NAMES];
  for (let n = 1 + random(4); n > 0; n--) {
    const roll = random(10);
    if (roll === 0) {
      segs.push({ kind: 'wildcard' });
      break;
    }
    if (roll < 4) segs.push({ kind: 'binding', name: names.splice(random(names.length), 1)[0] as string });
    else {
      const raw = pick(random, STATICS);
      segs.push({ kind: 'static', raw, text: decodeURIComponent(raw) });
    }
  }
  if (segs.at(-1)?.kind !== 'wildcard' && random(8) === 0) segs.push({ kind: 'static', raw: '', text: '' });
  const methods = random(6) === 0 ? '_' : [...new Set(Array.from({ length: 1 + random(2) }, () => pick(random, METHODS)))];
  const host = pick(random, ROUTE_HOSTS);
  const path = `/${segs.map((s) => (s.kind === 'static' ? s.raw : s.kind === 'binding' ? `:${s.name}` : '[...]')).join('/')}`;
  return { id, host, key: routeHostKey(host), segs, methods, def: { ...(host !== '_' || random(2) === 0 ? { host } : {}), path, methods, data: id } };
}

const shape = (route: Route): string => JSON.stringify([route.key, route.segs.map((s) => (s.kind === 'static' ? s.text : s.kind === 'binding' ? ':' : '[...]'))]);
const overlap = (a: Route, b: Route): boolean => a.methods === '_' || b.methods === '_' || a.methods.some((m) => (b.methods as readonly string[]).includes(m));

// --- the reference ---

/** The request host's key: port dropped (after `]` for IPv6), one final dot dropped, lowercase. */
function requestKey(host: string): string {
  let name = host;
  if (name.startsWith('[')) {
    const close = name.indexOf(']');
    if (close !== -1 && name[close + 1] === ':') name = name.slice(0, close + 1);
  } else if (name.includes(':')) name = name.slice(0, name.indexOf(':'));
  if (name.endsWith('.')) name = name.slice(0, -1);
  return name.toLowerCase();
}

function tablesFor(routes: readonly Route[], host: string | undefined): string[] {
  const keys = new Set(routes.map((route) => route.key));
  const tables: string[] = [];
  if (host !== undefined) {
    const key = requestKey(host);
    if (key !== '_' && !key.startsWith('*.') && keys.has(key)) tables.push(key);
    const wildcards = [...keys].filter((k) => k.startsWith('*.') && key.endsWith(k.slice(1)) && key.length > k.length - 1);
    tables.push(...wildcards.sort((a, b) => b.length - a.length));
  }
  if (keys.has('_')) tables.push('_');
  return tables;
}

interface Match {
  readonly route: Route;
  readonly ranks: readonly number[];
  readonly bindings: Record<string, string>;
  readonly pathinfo: string[] | undefined;
}

function match(route: Route, segments: readonly string[]): Match | undefined {
  const bindings: Record<string, string> = {};
  const ranks: number[] = [];
  for (let i = 0; i < route.segs.length; i++) {
    const seg = route.segs[i] as Seg;
    if (seg.kind === 'wildcard') return segments.length >= i ? { route, ranks: [...ranks, 2], bindings, pathinfo: segments.slice(i) } : undefined;
    const value = segments[i];
    if (value === undefined) return undefined;
    if (seg.kind === 'static' ? value !== seg.text : value === '') return undefined;
    if (seg.kind === 'binding') bindings[seg.name] = value;
    ranks.push(seg.kind === 'static' ? 0 : 1);
  }
  return segments.length === route.segs.length ? { route, ranks, bindings, pathinfo: undefined } : undefined;
}

function byPrecedence(a: Match, b: Match): number {
  for (let i = 0; i < Math.min(a.ranks.length, b.ranks.length); i++) if (a.ranks[i] !== b.ranks[i]) return (a.ranks[i] as number) - (b.ranks[i] as number);
  return a.ranks.length - b.ranks.length;
}

const takes = (route: Route, method: string): boolean => route.methods === '_' || (route.methods as readonly string[]).some((m) => m.toUpperCase() === method);

type Answer = { kind: 'found'; id: number; bindings: [string, string][]; pathinfo: string[] | undefined } | { kind: 'not_found'; malformed?: true } | { kind: 'method_not_allowed'; allowed: readonly string[]; preflight?: Answer };

function reference(routes: readonly Route[], method: string, host: string | undefined, path: string): Answer {
  if (!path.startsWith('/')) return { kind: 'not_found' };
  let segments: string[];
  try {
    segments = path.slice(1).split('/').map(decodeURIComponent);
  } catch {
    return { kind: 'not_found', malformed: true };
  }
  for (const table of tablesFor(routes, host)) {
    const matches = routes.filter((route) => route.key === table).map((route) => match(route, segments)).filter((m) => m !== undefined).sort(byPrecedence);
    if (matches.length === 0) continue;
    for (const m of matches) {
      const sameShape = matches.filter((other) => byPrecedence(m, other) === 0);
      const headFromGet = method === 'HEAD' && !sameShape.some((other) => other.route.methods !== '_' && other.route.methods.includes('head')) && takes(m.route, 'GET');
      if (takes(m.route, method) || headFromGet) return { kind: 'found', id: m.route.id, bindings: Object.entries(m.bindings), pathinfo: m.pathinfo };
    }
    const named = new Set(matches.flatMap((m) => (m.route.methods === '_' ? [] : m.route.methods)));
    if (named.has('get')) named.add('head');
    const allowed = HTTP_METHODS.filter((m) => named.has(m)).map((m) => m.toUpperCase());
    const answer: Answer = { kind: 'method_not_allowed', allowed };
    return method === 'OPTIONS' ? { ...answer, preflight: reference(routes, allowed[0] as string, host, path) } : answer;
  }
  return { kind: 'not_found' };
}

function summary(result: LookupResult<number>): Answer {
  if (result.kind === 'found') {
    assert.equal(Object.getPrototypeOf(result.bindings), Object.prototype);
    return { kind: 'found', id: result.route.data, bindings: Object.entries(result.bindings), pathinfo: result.pathinfo };
  }
  if (result.kind === 'not_found') return result.malformed ? { kind: 'not_found', malformed: true } : { kind: 'not_found' };
  const answer: Answer = { kind: 'method_not_allowed', allowed: [...result.allowed] };
  return result.preflight === undefined ? answer : { ...answer, preflight: summary(result.preflight) };
}

// --- requests ---

const VALUES = ['1', 'constructor', '__proto__', '.', '..', 'ü', 'a/b', '%', 'x y', "it's", 'Posts', 'posts'];
const JUNK = ['', '', '.', '..', '%zz', '%', '%E0%A4', '%2F', '%2f', '%252F', 'ü', 'caf%c3%a9', 'p%6Fsts', 'A', 'a%2fb'];

/** A segment's text as a request may spell it: as is, escaped, or with lowercase escapes. */
function spell(random: Random, text: string): string {
  const roll = random(4);
  if (roll === 0) return encodeURIComponent(text).replace(/[.~'a-z]/giu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  if (roll === 1) return encodeURIComponent(text).toLowerCase() === encodeURIComponent(text) ? encodeURIComponent(text) : encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
  // Raw unicode and quotes as a client that does not escape sends them; '/' and '%' must be escaped.
  return /[/%]/.test(text) ? encodeURIComponent(text) : text;
}

function hostsFor(key: string): readonly (string | undefined)[] {
  if (key === '_') return [undefined, '', 'other.test', 'Other.Test:8080', 'example.com'];
  if (key.startsWith('*.')) return [`w${key.slice(1)}`, `A.B${key.slice(1).toUpperCase()}:80`, `x${key.slice(1)}.`, key.slice(2)];
  if (key.startsWith('[')) return [key, `${key}:8080`, key.toUpperCase().replace('::', '::'), '[::2]:80'];
  return [key, `${key.toUpperCase()}:443`, `${key}.`, `${key}..`, `x.${key}`];
}

function requestFor(random: Random, route: Route): { method: string; host: string | undefined; path: string } {
  const parts: string[] = [];
  for (const seg of route.segs) {
    if (seg.kind === 'static') parts.push(random(3) === 0 ? seg.raw : spell(random, seg.text));
    else if (seg.kind === 'binding') parts.push(spell(random, pick(random, VALUES)));
    else for (let n = random(4); n > 0; n--) parts.push(random(2) === 0 ? pick(random, JUNK) : spell(random, pick(random, VALUES)));
  }
  if (random(10) === 0) parts.push('');
  const method = route.methods === '_' || random(4) === 0 ? pick(random, ['GET', 'HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'BREW', 'get']) : pick(random, route.methods).toUpperCase();
  return { method, host: pick(random, hostsFor(route.key)), path: `/${parts.join('/')}` };
}

function randomRequest(random: Random, routes: readonly Route[]): { method: string; host: string | undefined; path: string } {
  const parts: string[] = [];
  for (let n = random(5); n >= 0; n--) parts.push(random(3) === 0 ? pick(random, JUNK) : spell(random, decodeURIComponent(pick(random, STATICS))));
  const host = pick(random, hostsFor(pick(random, routes).key));
  return { method: pick(random, ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'CONNECT']), host, path: random(20) === 0 ? pick(random, ['*', '', 'posts']) : `/${parts.join('/')}` };
}

// --- tables ---

function buildTable(random: Random, size: number): Route[] {
  const routes: Route[] = [];
  for (let i = 0; i < size; i++) {
    const candidate = randomRoute(random, routes.length);
    const conflicting = routes.find((route) => shape(route) === shape(candidate) && overlap(route, candidate));
    let error: unknown;
    try {
      createRouter([...routes, candidate].map((route) => route.def));
    } catch (thrown) {
      error = thrown;
    }
    if (conflicting === undefined) {
      assert.equal(error, undefined, `${candidate.def.path} on ${candidate.host} rejected: ${String(error)}`);
      routes.push(candidate);
      continue;
    }
    assert.ok(error instanceof FwError && error.code === 'FW_ERR_ROUTE_CONFLICT', `${candidate.def.path} should conflict with ${conflicting.def.path}`);
    // The message names both routes, the new one by its position.
    assert.match(error.message, new RegExp(`^route #${routes.length} \\(.*\\) conflicts with route #\\d+ \\(`));
  }
  return routes;
}

function shuffled<T>(random: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The canonical edge text of a static segment as the printed tree spells it. */
const canonical = (text: string): string => text.replaceAll('%', '%25').replaceAll('/', '%2F');

/** Every printed route, with the edges leading to it (bindings as ':'). */
function printedRoutes(node: RouteTreeNode<number>, trail: string, out: { id: number; method: string; trail: string }[]): void {
  for (const route of node.routes) out.push({ id: route.data, method: route.method, trail });
  for (const child of node.children) printedRoutes(child, trail + child.segment.replace(/\/:[A-Za-z0-9_]+/g, '/:'), out);
}

describe('router differential fuzz against a matcher written from docs/router.md', () => {
  for (const seed of [11, 12, 13, 14, 15, 16, 17, 18]) {
    it(`seed ${seed}: same answers as the reference, in any definition order, and a printed tree holding each route`, () => {
      const random = prng(seed);
      const routes = buildTable(random, 140);
      assert.ok(routes.length >= 60, `only ${routes.length} routes accepted`);
      const routers = [createRouter(routes.map((route) => route.def)), createRouter(shuffled(random, routes).map((route) => route.def)), createRouter(shuffled(random, routes).map((route) => route.def))];
      const requests = [...routes.map((route) => requestFor(random, route)), ...routes.map((route) => requestFor(random, route)), ...Array.from({ length: 400 }, () => randomRequest(random, routes))];
      const kinds = new Set<string>();
      for (const { method, host, path } of requests) {
        const expected = reference(routes, method, host, path);
        kinds.add(expected.kind);
        for (const [n, router] of routers.entries()) assert.deepEqual(summary(router.find(method, host, path)), expected, `${method} ${path} host ${String(host)} (router ${n})`);
      }
      assert.deepEqual([...kinds].sort(), ['found', 'method_not_allowed', 'not_found']);

      const tree = buildRouteTree(routers[0]!);
      const hostOrder = tree.hosts.map((h) => h.host);
      const keys = [...new Set(routes.map((route) => route.key))];
      const exact = keys.filter((k) => k !== '_' && !k.startsWith('*.')).sort();
      const wild = keys.filter((k) => k.startsWith('*.')).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
      assert.deepEqual(hostOrder, [...exact, ...wild, ...(keys.includes('_') ? ['_'] : [])]);
      const printed = tree.hosts.flatMap(({ host, root }) => {
        const out: { id: number; method: string; trail: string }[] = [];
        printedRoutes(root, '', out);
        return out.map((entry) => ({ ...entry, host }));
      });
      const expectedPrinted = routes.flatMap((route) => {
        const trail = `/${route.segs.map((s) => (s.kind === 'static' ? canonical(s.text) : s.kind === 'binding' ? ':' : '[...]')).join('/')}`;
        const methods = route.methods === '_' ? ['_'] : route.methods.map((m) => m.toUpperCase());
        return methods.map((method) => ({ id: route.id, method, trail, host: route.key }));
      });
      const order = (a: { id: number; method: string }, b: { id: number; method: string }) => a.id - b.id || (a.method < b.method ? -1 : 1);
      assert.deepEqual(printed.sort(order), expectedPrinted.sort(order));
    });
  }
});
