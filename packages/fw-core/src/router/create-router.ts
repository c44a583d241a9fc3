/** createRouter(): checks every route definition once and builds the router (radix-router.ts). */
import type { CheckedRoute } from './host-table.ts';
import { normaliseRouteHost } from './host-name.ts';
import { parsePath } from './parse-path.ts';
import { RadixRouter } from './radix-router.ts';
import { normaliseMethods } from './route-methods.ts';
import type { CompiledRoute, RouteDefinition, RouteName, Router } from './router.ts';

/** Compiles route definitions; throws a coded FwError (FW_ERR_ROUTE_*) naming the route and the fix. */
export function createRouter<T>(defs: readonly RouteDefinition<T>[]): Router<T> {
  return new RadixRouter(checkRouteDefinitions(defs));
}

/** Checks each definition's host, methods and path, and normalises them, in definition order. */
function checkRouteDefinitions<T>(defs: readonly RouteDefinition<T>[]): CheckedRoute<T>[] {
  return defs.map((def, index) => {
    const label = lazyLabel(index, def);
    const host = normaliseRouteHost(def.host, label);
    const methods = normaliseMethods(def.methods, label);
    const parsed = parsePath(def.path, label);
    const { bindingNames, hasWildcard } = parsed;
    const route: CompiledRoute<T> = Object.freeze({ host, path: def.path, methods, bindingNames, hasWildcard, data: def.data });
    return { parsed, route, label };
  });
}

/**
 * A route's name in errors (its position in the list, methods, path and host), written only when
 * an error reads it: a build that fails nothing writes none (bench/router-build.bench.ts).
 */
function lazyLabel(index: number, def: RouteDefinition<unknown>): RouteName {
  return { toString: () => routeLabel(index, def.path, def.methods, def.host) };
}

/** `route #2 (get,post /posts/:id on host 'api.example.com')`; `#` counts from 0, as the list does. */
export function routeLabel(index: number, path: unknown, methods: unknown, host: unknown): string {
  const methodText = Array.isArray(methods) ? methods.map(String).join(',') : String(methods ?? '_');
  const hostText = host === undefined || host === '_' ? '' : ` on host '${String(host)}'`;
  return `route #${index} (${methodText} ${String(path)}${hostText})`;
}
