/**
 * The radix tree of one host table. Edges are whole segments; a chain of static segments without
 * routes or branches is one edge (`api/posts`). At every node the walk tries the static child,
 * then the binding, then the `[...]`, and backtracks from a branch without a route for the method.
 */
import { routeError, type ParsedPath } from './parse-path.ts';
import { HTTP_METHODS, type CompiledRoute, type RouteName } from './router.ts';

/** A route's methods meaning "every method". */
export const ANY_METHOD = '_';
const GET_INDEX = HTTP_METHODS.indexOf('get');
const HEAD_INDEX = HTTP_METHODS.indexOf('head');

/** The routes that end at one place in the tree (a path, or a `[...]`), by request method. */
export class RouteLeaf<T> {
  /** In definition order, each with how errors name it. */
  readonly routes: CheckedRoute<T>[] = [];
  /** The `'_'` route; it excludes every other route here. */
  any: LeafRoute<T> | undefined = undefined;
  /** What GET resolves to: most requests are GETs. */
  get: LeafRoute<T> | undefined = undefined;
  /** By position in HTTP_METHODS; HEAD from GET where no route names HEAD. */
  readonly byMethod: (LeafRoute<T> | undefined)[] = new Array<LeafRoute<T> | undefined>(HTTP_METHODS.length).fill(
    undefined,
  );
  /** Bits (`1 << position in HTTP_METHODS`) of the methods answered here, for a 405's `allow`. */
  mask = 0;

  /** Adds a route, throwing FW_ERR_ROUTE_CONFLICT when its methods overlap a route already here. */
  add(entry: CheckedRoute<T>): void {
    const { route, label } = entry;
    for (const other of this.routes) {
      const shared = sharedMethod(route, other.route);
      if (shared === undefined) continue;
      const message = `${label} conflicts with ${other.label}: same host, same path shape, both answer ${shared}; remove one, or give them methods that do not overlap.`;
      throw routeError('FW_ERR_ROUTE_CONFLICT', label, message, { conflictsWith: String(other.label), method: shared });
    }
    this.routes.push(entry);
    const leafRoute = new LeafRoute(route);
    if (route.methods === ANY_METHOD) {
      this.any = leafRoute;
      return;
    }
    for (const method of route.methods) {
      const index = HTTP_METHODS.indexOf(method);
      this.byMethod[index] = leafRoute;
      this.mask |= 1 << index;
    }
  }

  /** The route here for `method` (uppercase). */
  routeFor(method: string): LeafRoute<T> | undefined {
    if (method === 'GET') return this.get;
    if (this.any !== undefined) return this.any;
    const index = requestMethodIndex(method);
    return index < 0 ? undefined : this.byMethod[index];
  }

  /** Settles what HEAD and GET resolve to once every route is added. */
  finish(): void {
    const get = this.byMethod[GET_INDEX];
    if (get !== undefined && this.byMethod[HEAD_INDEX] === undefined) {
      // RFC 9110 section 9.3.2: HEAD is GET without the content.
      this.byMethod[HEAD_INDEX] = get;
      this.mask |= 1 << HEAD_INDEX;
    }
    this.get = this.any ?? get;
  }
}

/**
 * A request method's position in HTTP_METHODS, -1 for any other: a switch, as Node's method strings
 * are internalized (bench/router.bench.ts, 405 rows); router-methods-404-405.test.ts tries each.
 */
function requestMethodIndex(method: string): number {
  switch (method) {
    case 'GET':
      return 0;
    case 'HEAD':
      return 1;
    case 'POST':
      return 2;
    case 'PUT':
      return 3;
    case 'PATCH':
      return 4;
    case 'DELETE':
      return 5;
    case 'OPTIONS':
      return 6;
    case 'TRACE':
      return 7;
    case 'CONNECT':
      return 8;
    default:
      return -1;
  }
}

function sharedMethod<T>(a: CompiledRoute<T>, b: CompiledRoute<T>): string | undefined {
  if (a.methods === ANY_METHOD) return b.methods === ANY_METHOD ? ANY_METHOD : b.methods[0];
  if (b.methods === ANY_METHOD) return a.methods[0];
  const other = b.methods;
  return a.methods.find((method) => other.includes(method));
}

/**
 * A route as a RouteLeaf holds it for its methods, with its bindings reader, made at its first match
 * (`{ "id": path.slice(starts[0], ends[0]) }`): one object of one shape in one step, where a loop of keyed
 * stores is megamorphic (bench/router.bench.ts, parameter hits); a loop if code generation is off.
 */
export class LeafRoute<T> {
  readonly route: CompiledRoute<T>;
  #read: BindingsReader | undefined = undefined;

  constructor(route: CompiledRoute<T>) {
    this.route = route;
  }

  /** Not decoded. */
  bindings(path: string, starts: Int32Array, ends: Int32Array): Record<string, string> {
    return (this.#read ??= bindingsReader(this.route.bindingNames))(path, starts, ends);
  }
}

type BindingsReader = (path: string, starts: Int32Array, ends: Int32Array) => Record<string, string>;

function bindingsReader(names: readonly string[]): BindingsReader {
  // Binding names are checked identifiers, never `__proto__` (parse-path.ts); quoted all the same.
  const fields = names.map((name, i) => `${JSON.stringify(name)}: path.slice(starts[${i}], ends[${i}])`);
  try {
    return new Function('path', 'starts', 'ends', `return { ${fields.join(', ')} };`) as BindingsReader;
  } catch (error) {
    if (!(error instanceof EvalError)) throw error;
    return (path, starts, ends) => {
      const bindings: Record<string, string> = {};
      for (let i = 0; i < names.length; i++) bindings[names[i] as string] = path.slice(starts[i], ends[i]);
      return bindings;
    };
  }
}

const NO_CHILDREN: readonly never[] = Object.freeze([]);
const NO_BUCKETS: readonly (readonly never[])[] = [NO_CHILDREN];
/** Most buckets a node gets (the low 7 bits of a first character). */
const MAX_BUCKETS = 128;
const BUCKETS_PER_CHILD = 4;

/** One node of the tree; `label` is the edge from its parent (static text, or `:name`). */
export class RadixNode<T> {
  label: string;
  /** Static children in definition order. */
  statics: RadixNode<T>[] = [];
  binding: RadixNode<T> | undefined = undefined;
  /** Routes whose path ends here, and those whose `[...]` is here. */
  end: RouteLeaf<T> | undefined = undefined;
  rest: RouteLeaf<T> | undefined = undefined;
  /** Set by finishTree(): the child whose edge is the empty segment (`/posts/`). */
  emptyChild: RadixNode<T> | undefined = undefined;
  /** Set by finishTree(): the other static children by the low bits of their first char code (bench/router.bench.ts, GitHub-like table). */
  buckets: readonly (readonly RadixNode<T>[])[] = NO_BUCKETS;
  bucketMask = 0;

  constructor(label: string) {
    this.label = label;
  }
}

/** A checked route with its parsed path and the label errors name it by. */
export interface CheckedRoute<T> {
  readonly parsed: ParsedPath;
  readonly route: CompiledRoute<T>;
  readonly label: RouteName;
}

/** Adds a route under `root` and returns its leaf; throws FW_ERR_ROUTE_CONFLICT (see RouteLeaf.add). */
export function insertRoute<T>(root: RadixNode<T>, entry: CheckedRoute<T>): RouteLeaf<T> {
  let node = root;
  for (const segment of entry.parsed.segments) {
    if (segment.kind === 'binding') node = node.binding ??= new RadixNode<T>(`:${segment.name}`);
    else if (segment.kind === 'static') node = staticChild(node, segment.text);
  }
  // A `[...]` is the last segment (parse-path.ts): its routes hang off the node before it.
  const leaf = entry.parsed.hasWildcard ? (node.rest ??= new RouteLeaf<T>()) : (node.end ??= new RouteLeaf<T>());
  leaf.add(entry);
  return leaf;
}

function staticChild<T>(node: RadixNode<T>, text: string): RadixNode<T> {
  const found = node.statics.find((child) => child.label === text);
  if (found !== undefined) return found;
  const child = new RadixNode<T>(text);
  node.statics.push(child);
  return child;
}

/** Compresses static chains, finishes the leaves and builds the lookup indexes. */
export function finishTree<T>(node: RadixNode<T>): void {
  node.end?.finish();
  node.rest?.finish();
  const named: RadixNode<T>[] = [];
  for (const child of node.statics) {
    absorbChain(child);
    finishTree(child);
    if (child.label === '') node.emptyChild = child;
    else named.push(child);
  }
  if (node.binding !== undefined) finishTree(node.binding);
  if (named.length === 0) return;
  let count = 1;
  if (named.length > 1) while (count < MAX_BUCKETS && count < named.length * BUCKETS_PER_CHILD) count *= 2;
  const buckets: (readonly RadixNode<T>[])[] = new Array<readonly RadixNode<T>[]>(count).fill(NO_CHILDREN);
  for (const child of named) {
    const index = child.label.charCodeAt(0) & (count - 1);
    buckets[index] = [...(buckets[index] as readonly RadixNode<T>[]), child];
  }
  node.buckets = buckets;
  node.bucketMask = count - 1;
}

/** Merges into a static node its only child while the node has no routes and no other child. */
function absorbChain<T>(node: RadixNode<T>): void {
  for (let only = node.statics[0]; only !== undefined && node.statics.length === 1; only = node.statics[0]) {
    if (node.end !== undefined || node.rest !== undefined || node.binding !== undefined) return;
    // join() builds a flat string; `+` would leave a cons string for every lookup to compare through.
    node.label = [node.label, only.label].join('/');
    node.statics = only.statics;
    node.binding = only.binding;
    node.end = only.end;
    node.rest = only.rest;
  }
}

/** Scratch state of one lookup; find() is synchronous, so each router reuses one. */
export interface MatchState {
  /** Offsets in the path of each binding matched so far, by binding position. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Offset of the '/' before the text a `[...]` captured (the path's end when it captured none). */
  wildStart: number;
  /** The walk passed a segment that could take a static edge in canonical form (see matchTree). */
  escapable: boolean;
  /** RouteLeaf.mask bits of the routes that had the path but not the method: a 405's `allow` (0: a 404). */
  allowed: number;
}

/**
 * The route for `method` matching `path` from `pos` (a '/' or its end) on, static > binding >
 * `[...]`; `depth` counts bindings so far. It recurses only where an alternative is left to
 * backtrack to, and loops otherwise (bench/router.bench.ts).
 */
export function matchTree<T>(
  node: RadixNode<T>,
  path: string,
  pos: number,
  depth: number,
  method: string,
  state: MatchState,
): LeafRoute<T> | undefined {
  const end = path.length;
  for (;;) {
    if (pos === end) {
      const leaf = node.end;
      if (leaf !== undefined) {
        const route = leaf.routeFor(method);
        if (route !== undefined) return route;
        state.allowed |= leaf.mask;
      }
      return matchRest(node, pos, method, state);
    }
    const start = pos + 1;
    const code = path.charCodeAt(start);
    const empty = start === end || code === 47;
    // The one static edge the segment can take: siblings' first segments differ.
    let child: RadixNode<T> | undefined;
    let next = start;
    if (empty) {
      // Only the edge for an empty segment (a trailing slash) takes an empty segment.
      child = node.emptyChild;
    } else {
      const bucket = node.buckets[code & node.bucketMask] as readonly RadixNode<T>[];
      for (let i = 0; i < bucket.length; i++) {
        const candidate = bucket[i] as RadixNode<T>;
        const label = candidate.label;
        const stop = start + label.length;
        if (stop > end || label.charCodeAt(0) !== code) continue;
        // slice() and === (a flat compare) beat startsWith() and a character loop (bench/router.bench.ts).
        if ((stop === end || path.charCodeAt(stop) === 47) && path.slice(start, stop) === label) {
          child = candidate;
          next = stop;
          break;
        }
        // Escapes in the segment could spell `label` (canonical form, parse-path.ts).
        state.escapable = true;
      }
      // Decoded, a segment starting with '%' could spell any edge.
      if (child === undefined && code === 37) state.escapable = true;
    }
    const binding = empty ? undefined : node.binding;
    if (child !== undefined) {
      if (binding === undefined && node.rest === undefined) {
        node = child;
        pos = next;
        continue;
      }
      const route = matchTree(child, path, next, depth, method, state);
      if (route !== undefined) return route;
    }
    if (binding !== undefined) {
      let stop = path.indexOf('/', start);
      if (stop === -1) stop = end;
      state.starts[depth] = start;
      state.ends[depth] = stop;
      if (node.rest === undefined) {
        node = binding;
        pos = stop;
        depth++;
        continue;
      }
      const route = matchTree(binding, path, stop, depth + 1, method, state);
      if (route !== undefined) return route;
    }
    return matchRest(node, pos, method, state);
  }
}

/** The `[...]` route at `node` for `method`, capturing the path from `pos` on. */
function matchRest<T>(node: RadixNode<T>, pos: number, method: string, state: MatchState): LeafRoute<T> | undefined {
  const rest = node.rest;
  if (rest === undefined) return undefined;
  const route = rest.routeFor(method);
  if (route !== undefined) state.wildStart = pos;
  else state.allowed |= rest.mask;
  return route;
}
