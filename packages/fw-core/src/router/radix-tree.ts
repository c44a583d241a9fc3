/**
 * The radix tree of one host table. Edges are whole path segments, and a chain of static
 * segments with no routes and one child is one edge (`api/posts`). At every node the static
 * children are tried first, then the binding child, then the `[...]` wildcard, and when a branch
 * dead-ends (no route for the rest of the path and method) the walk backtracks to the next one.
 */
import { FwError } from '../errors.ts';
import type { ParsedPath } from './parse-path.ts';
import { ANY_METHOD, methodBit } from './route-methods.ts';
import type { CompiledRoute } from './router.ts';

/** The routes that end at one place in the tree (a path, or a `[...]`), by request method. */
export class RouteLeaf<T> {
  /** In definition order. */
  readonly routes: CompiledRoute<T>[] = [];
  /** How errors name each of `routes`. */
  readonly labels: string[] = [];
  /** The `'_'` route; it excludes every other route here. */
  any: CompiledRoute<T> | undefined = undefined;
  /** What GET resolves to: most requests are GETs, so it has a field of its own. */
  get: CompiledRoute<T> | undefined = undefined;
  /** Uppercase method → route, HEAD filled in from GET where no route names HEAD. */
  readonly byMethod = new Map<string, CompiledRoute<T>>();
  /** Bits (see methodBit) of the methods answered here, for a 405's `allow`. */
  mask = 0;

  /** Adds a route, throwing FW_ERR_ROUTE_CONFLICT when its methods overlap a route already here. */
  add(route: CompiledRoute<T>, label: string): void {
    for (const [i, other] of this.routes.entries()) {
      const shared = sharedMethod(route, other);
      if (shared === undefined) continue;
      const otherLabel = this.labels[i] as string;
      throw new FwError(
        'FW_ERR_ROUTE_CONFLICT',
        `${label} conflicts with ${otherLabel}: same host, same path shape, both answer ${shared}; ` +
          'remove one, or give them methods that do not overlap.',
        { details: { route: label, conflictsWith: otherLabel, method: shared } },
      );
    }
    this.routes.push(route);
    this.labels.push(label);
    if (route.methods === ANY_METHOD) {
      this.any = route;
      return;
    }
    for (const method of route.methods) {
      this.byMethod.set(method.toUpperCase(), route);
      this.mask |= methodBit(method);
    }
  }

  /** Settles what HEAD and GET resolve to once every route is added. */
  finish(): void {
    const get = this.byMethod.get('GET');
    if (get !== undefined && !this.byMethod.has('HEAD')) {
      // RFC 9110 section 9.3.2: HEAD is GET without the content.
      this.byMethod.set('HEAD', get);
      this.mask |= methodBit('head');
    }
    this.get = this.any ?? get;
  }
}

function sharedMethod<T>(a: CompiledRoute<T>, b: CompiledRoute<T>): string | undefined {
  if (a.methods === ANY_METHOD) return b.methods === ANY_METHOD ? ANY_METHOD : b.methods[0];
  if (b.methods === ANY_METHOD) return a.methods[0];
  const other = b.methods;
  return a.methods.find((method) => other.includes(method));
}

const BUCKET_COUNT = 128;
const NO_BUCKETS: readonly (readonly never[])[] = Array.from({ length: BUCKET_COUNT }, () => []);

/** One node of the tree; `label` is the edge from its parent (static text, or `:name`). */
export class RadixNode<T> {
  label: string;
  /** Static children in definition order. */
  statics: RadixNode<T>[] = [];
  binding: RadixNode<T> | undefined = undefined;
  /** Routes whose path ends here. */
  end: RouteLeaf<T> | undefined = undefined;
  /** Routes with a `[...]` here, capturing the rest of the path. */
  rest: RouteLeaf<T> | undefined = undefined;
  /** Lookup index set by finishTree(): the child whose edge is the empty segment (`/posts/`). */
  emptyChild: RadixNode<T> | undefined = undefined;
  /**
   * Lookup index set by finishTree(): the non-empty static children by the low 7 bits of their
   * first char code. Replacing a linear scan of first chars, it took the GitHub-like table from
   * 2.35 M to 2.8 M lookups/s (docs/performance.md): `/repos/:owner/:repo` has 50 static children.
   */
  buckets: readonly (readonly RadixNode<T>[])[] = NO_BUCKETS;

  constructor(label: string) {
    this.label = label;
  }
}

/** Adds a route under `root`; throws FW_ERR_ROUTE_CONFLICT (see RouteLeaf.add). */
export function insertRoute<T>(root: RadixNode<T>, parsed: ParsedPath, route: CompiledRoute<T>, label: string): void {
  let node = root;
  let leaf: RouteLeaf<T> | undefined;
  for (const segment of parsed.segments) {
    if (segment.kind === 'wildcard') {
      leaf = node.rest ??= new RouteLeaf<T>();
      break;
    }
    node = segment.kind === 'static' ? staticChild(node, segment.text) : (node.binding ??= new RadixNode<T>(`:${segment.name}`));
  }
  leaf ??= node.end ??= new RouteLeaf<T>();
  leaf.add(route, label);
}

function staticChild<T>(node: RadixNode<T>, text: string): RadixNode<T> {
  let child = node.statics.find((candidate) => candidate.label === text);
  if (child === undefined) {
    child = new RadixNode<T>(text);
    node.statics.push(child);
  }
  return child;
}

/** Compresses static chains, finishes the leaves and builds the lookup indexes. */
export function finishTree<T>(node: RadixNode<T>): void {
  node.end?.finish();
  node.rest?.finish();
  const buckets: RadixNode<T>[][] = Array.from({ length: BUCKET_COUNT }, () => []);
  for (const child of node.statics) {
    absorbChain(child);
    finishTree(child);
    if (child.label === '') node.emptyChild = child;
    else buckets[child.label.charCodeAt(0) & (BUCKET_COUNT - 1)]?.push(child);
  }
  if (node.statics.some((child) => child.label !== '')) node.buckets = buckets;
  if (node.binding !== undefined) finishTree(node.binding);
}

/** Merges into a static node its only child while the node has no routes and no other child. */
function absorbChain<T>(node: RadixNode<T>): void {
  let only = node.statics[0];
  while (only !== undefined && node.statics.length === 1 && node.end === undefined && node.rest === undefined && node.binding === undefined) {
    node.label = `${node.label}/${only.label}`;
    node.statics = only.statics;
    node.binding = only.binding;
    node.end = only.end;
    node.rest = only.rest;
    only = node.statics[0];
  }
}

/** Scratch state of one lookup. find() is synchronous, so each router reuses one. */
export interface MatchState {
  /** Start and end offsets in the path of each binding matched so far, by binding position. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Offset of the '/' before the text a `[...]` captured (the path's end when it captured none). */
  wildStart: number;
  /** Whether some route had the path, though not for the method (a 405 rather than a 404). */
  pathSeen: boolean;
}

/**
 * The route for `method` whose template matches `path` from `pos` (a '/' or `end`) on, by
 * precedence static > binding > wildcard with backtracking; `depth` counts bindings so far.
 * Recursion keeps the backtracking stack on the call stack, so a lookup allocates nothing here.
 */
export function matchTree<T>(
  node: RadixNode<T>,
  path: string,
  pos: number,
  end: number,
  depth: number,
  method: string,
  state: MatchState,
): CompiledRoute<T> | undefined {
  if (pos === end) {
    const leaf = node.end;
    if (leaf !== undefined) {
      const route = method === 'GET' ? leaf.get : (leaf.any ?? leaf.byMethod.get(method));
      if (route !== undefined) return route;
      state.pathSeen = true;
    }
  } else {
    const start = pos + 1;
    const code = path.charCodeAt(start);
    if (start === end || code === 47) {
      // An empty segment: only an edge for the empty segment (a trailing slash) takes it.
      const empty = node.emptyChild;
      if (empty !== undefined) {
        const route = matchTree(empty, path, start, end, depth, method, state);
        if (route !== undefined) return route;
      }
    } else {
      const bucket = node.buckets[code & (BUCKET_COUNT - 1)] as readonly RadixNode<T>[];
      for (let i = 0; i < bucket.length; i++) {
        const child = bucket[i] as RadixNode<T>;
        const label = child.label;
        const next = start + label.length;
        // Siblings' first segments differ, so at most one edge can match whole segments here.
        if (next <= end && (next === end || path.charCodeAt(next) === 47) && path.startsWith(label, start)) {
          const route = matchTree(child, path, next, end, depth, method, state);
          if (route !== undefined) return route;
          break;
        }
      }
      const binding = node.binding;
      if (binding !== undefined) {
        let stop = path.indexOf('/', start);
        if (stop === -1 || stop > end) stop = end;
        state.starts[depth] = start;
        state.ends[depth] = stop;
        const route = matchTree(binding, path, stop, end, depth + 1, method, state);
        if (route !== undefined) return route;
      }
    }
  }
  const rest = node.rest;
  if (rest !== undefined) {
    const route = method === 'GET' ? rest.get : (rest.any ?? rest.byMethod.get(method));
    if (route !== undefined) {
      state.wildStart = pos;
      return route;
    }
    state.pathSeen = true;
  }
  return undefined;
}

/** The union of the method bits of every route whose template matches `path` (for `allow`). */
export function collectAllowed<T>(node: RadixNode<T>, path: string, pos: number, end: number): number {
  let mask = node.rest?.mask ?? 0;
  if (pos === end) return mask | (node.end?.mask ?? 0);
  const start = pos + 1;
  let stop = path.indexOf('/', start);
  if (stop === -1 || stop > end) stop = end;
  const segment = path.slice(start, stop);
  for (const child of node.statics) {
    const label = child.label;
    const next = start + label.length;
    if (child === node.emptyChild ? segment === '' : segment !== '' && next <= end && path.startsWith(label, start) && (next === end || path.charCodeAt(next) === 47)) {
      mask |= collectAllowed(child, path, next, end);
    }
  }
  if (node.binding !== undefined && segment !== '') mask |= collectAllowed(node.binding, path, stop, end);
  return mask;
}
