/**
 * createRouter(): checks every route definition once, builds one radix tree per host and
 * answers find() per request.
 */
import { canonicalPath } from './percent-decoding.ts';
import { buildHostTables, PATH_MODE, RETRY, type HostTables, type PathMode } from './host-table.ts';
import { normaliseRouteHost, requestHostKey } from './host-name.ts';
import { parsePath, type ParsedPath } from './parse-path.ts';
import type { MatchState } from './radix-tree.ts';
import { routeLabel } from './route-label.ts';
import { normaliseMethods } from './route-methods.ts';
import type { CompiledRoute, LookupResult, RouteDefinition, RouteNotFound, Router } from './router.ts';

const NOT_FOUND: RouteNotFound = Object.freeze({ kind: 'not_found' });

/**
 * Compiles route definitions into a router. Throws a coded FwError naming the route and the fix
 * for any bad definition (FW_ERR_ROUTE_*); find() itself never throws.
 */
export function createRouter<T>(defs: readonly RouteDefinition<T>[]): Router<T> {
  return new RadixRouter(compileRoutes(defs));
}

/** A checked route with its parsed path and the label errors name it by. */
interface CompiledEntry<T> {
  readonly parsed: ParsedPath;
  readonly route: CompiledRoute<T>;
  readonly label: string;
}

/** Checks and compiles definitions, in definition order. */
function compileRoutes<T>(defs: readonly RouteDefinition<T>[]): CompiledEntry<T>[] {
  return defs.map((def, index) => {
    const label = routeLabel(index, def.path, def.methods, def.host);
    const host = normaliseRouteHost(def.host, label);
    const methods = normaliseMethods(def.methods, label);
    const parsed = parsePath(def.path, label);
    const route: CompiledRoute<T> = Object.freeze({
      host,
      path: def.path,
      methods: methods === '_' ? methods : Object.freeze(methods),
      bindingNames: parsed.bindingNames,
      hasWildcard: parsed.hasWildcard,
      data: def.data,
    });
    return { parsed, route, label };
  });
}

class RadixRouter<T> implements Router<T> {
  readonly #tables: HostTables<T>;
  readonly #routes: readonly CompiledRoute<T>[];
  /** True when some route names a host, so the Host header has to be read at all. */
  readonly #namedHosts: boolean;
  readonly #state: MatchState;
  /** False when a static segment holds a '#' (written %23): raw paths cannot be walked then. */
  readonly #rawSafe: boolean;

  constructor(entries: readonly CompiledEntry<T>[]) {
    this.#tables = buildHostTables(entries);
    this.#routes = Object.freeze(entries.map((entry) => entry.route));
    this.#rawSafe = !entries.some(({ parsed }) =>
      parsed.segments.some((segment) => segment.kind === 'static' && segment.text.includes('#')),
    );
    this.#namedHosts = this.#tables.exact.size > 0 || this.#tables.wildcards.length > 0;
    const maxBindings = Math.max(0, ...entries.map((entry) => entry.parsed.bindingNames.length));
    this.#state = {
      starts: new Int32Array(maxBindings),
      ends: new Int32Array(maxBindings),
      wildStart: 0,
      pathSeen: false,
    };
  }

  routes(): readonly CompiledRoute<T>[] {
    return this.#routes;
  }

  find(method: string, host: string | undefined, url: string): LookupResult<T> {
    if (url.charCodeAt(0) !== 47) return NOT_FOUND;
    let end = url.indexOf('?');
    if (end === -1) end = url.length;
    if (this.#rawSafe) {
      // Most paths hold no '%' or '#': walk them as they are, checking for either only where it
      // could change the answer. Saves two scans of the URL (about 20 ns a lookup, docs/performance.md).
      const answer = this.#lookup(method, host, url, end, PATH_MODE.raw);
      if (answer !== RETRY) return answer;
    }
    // The path ends at '?' or '#' (RFC 3986 section 3.3) and is matched in canonical form.
    const hash = url.indexOf('#');
    if (hash !== -1 && hash < end) end = hash;
    const percent = url.indexOf('%');
    if (percent === -1 || percent >= end) {
      const answer = this.#lookup(method, host, url, end, PATH_MODE.plain);
      return answer === RETRY ? NOT_FOUND : answer;
    }
    const canonical = canonicalPath(url.slice(0, end));
    if (canonical === undefined) return NOT_FOUND;
    const mode = canonical.includes('%') ? PATH_MODE.decode : PATH_MODE.plain;
    const answer = this.#lookup(method, host, canonical, canonical.length, mode);
    return answer === RETRY ? NOT_FOUND : answer;
  }

  /** Asks the host tables in precedence order; the first that has the path answers. */
  #lookup(
    method: string,
    host: string | undefined,
    path: string,
    end: number,
    mode: PathMode,
  ): LookupResult<T> | typeof RETRY {
    const state = this.#state;
    if (host !== undefined && this.#namedHosts) {
      const key = requestHostKey(host);
      const exact = this.#tables.exact.get(key);
      if (exact !== undefined) {
        const answer = exact.lookup(method, path, end, mode, state);
        if (answer !== undefined) return answer;
        // A raw path a table passed over has been checked for '%' and '#': it is plain.
        mode = mode === PATH_MODE.raw ? PATH_MODE.plain : mode;
      }
      for (const { suffix, table } of this.#tables.wildcards) {
        if (key.length > suffix.length && key.endsWith(suffix)) {
          const answer = table.lookup(method, path, end, mode, state);
          if (answer !== undefined) return answer;
          mode = mode === PATH_MODE.raw ? PATH_MODE.plain : mode;
        }
      }
    }
    return this.#tables.any?.lookup(method, path, end, mode, state) ?? NOT_FOUND;
  }
}
