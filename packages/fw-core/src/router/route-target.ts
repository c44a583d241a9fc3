/**
 * A route as a lookup answers it: the route, and a reader that builds its bindings object from
 * the offsets a match recorded. The reader of a route with bindings is a small function compiled
 * from the binding names (`{ "owner": path.slice(starts[0], ends[0]), ... }`), so every match
 * builds an object of one fixed shape in one step; a loop of keyed stores measured 67-73 ns
 * against 38-45 ns for it on two or three bindings (Node 24, docs/performance.md "Router against
 * every peer"). Readers are compiled at a route's first match, once per list of names in a
 * router, so building a large router compiles nothing. Where code generation from strings is
 * off (`--disallow-code-generation-from-strings`) the loop is used instead.
 */
import type { CompiledRoute } from './router.ts';

/** Builds a match's bindings from the path and the offsets of each binding, by binding position. */
export type BindingsReader = (path: string, starts: Int32Array, ends: Int32Array) => Record<string, string>;

/** A router's compiled readers, by binding names joined with ','. */
export type ReaderCache = Map<string, BindingsReader>;

/** A route and its bindings reader. */
export class RouteTarget<T> {
  readonly route: CompiledRoute<T>;
  #read: BindingsReader | undefined = undefined;
  readonly #readers: ReaderCache;

  constructor(route: CompiledRoute<T>, readers: ReaderCache) {
    this.route = route;
    this.#readers = readers;
  }

  /** The bindings of a match of `path`, raw (not decoded). */
  bindings(path: string, starts: Int32Array, ends: Int32Array): Record<string, string> {
    const read = this.#read ?? this.#compile();
    return read(path, starts, ends);
  }

  #compile(): BindingsReader {
    const names = this.route.bindingNames;
    const key = names.join(',');
    let read = this.#readers.get(key);
    if (read === undefined) {
      read = compileReader(names);
      this.#readers.set(key, read);
    }
    this.#read = read;
    return read;
  }
}

const readNothing: BindingsReader = () => ({});

function compileReader(names: readonly string[]): BindingsReader {
  if (names.length === 0) return readNothing;
  // Binding names are checked identifiers, never `__proto__` (parse-path.ts); quoted all the same.
  const fields = names.map((name, i) => `${JSON.stringify(name)}: path.slice(starts[${i}], ends[${i}])`);
  try {
    return new Function('path', 'starts', 'ends', `return { ${fields.join(', ')} };`) as BindingsReader;
  } catch (error) {
    // Code generation from strings is off; anything else is a bug here.
    if (!(error instanceof EvalError)) throw error;
    return (path, starts, ends) => readInLoop(names, path, starts, ends);
  }
}

function readInLoop(names: readonly string[], path: string, starts: Int32Array, ends: Int32Array): Record<string, string> {
  const bindings: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) bindings[names[i] as string] = path.slice(starts[i], ends[i]);
  return bindings;
}
