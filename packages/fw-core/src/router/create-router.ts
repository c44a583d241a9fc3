/** createRouter(): checks each route definition once (host, methods, path) and builds the router. */
import type { FwError } from '../errors.ts';
import { parsePath, routeError } from './parse-path.ts';
import { ANY_HOST, RadixRouter, urlHost } from './radix-router.ts';
import { ANY_METHOD, type CheckedRoute } from './radix-tree.ts';
import {
  HTTP_METHODS,
  type CompiledRoute,
  type HttpMethod,
  type MethodSpec,
  type RouteDefinition,
  type RouteName,
  type Router,
} from './router.ts';

/** Compiles route definitions, each checked and normalised in order; throws a coded FwError (FW_ERR_ROUTE_*) naming the route and the fix. */
export function createRouter<T>(defs: readonly RouteDefinition<T>[]): Router<T> {
  const checked = defs.map((def, index): CheckedRoute<T> => {
    // Its name in errors, written only when an error reads it: a build that fails nothing writes none (bench/router-build.bench.ts).
    const label: RouteName = {
      toString: () => routeLabel(def.name ?? `route #${index}`, def.path, def.methods, def.host),
    };
    const host = normaliseRouteHost(def.host, label);
    const methods = normaliseMethods(def.methods, label);
    const parsed = parsePath(def.path, label);
    const route: CompiledRoute<T> = Object.freeze({
      host,
      path: def.path,
      methods,
      bindingNames: parsed.bindingNames,
      hasWildcard: parsed.hasWildcard,
      data: def.data,
    });
    return { parsed, route, label };
  });
  return new RadixRouter(checked);
}

/** `route #2 (get,post /posts/:id on host 'api.example.com')`, `name` being the definition's or `route #2` (`#` counts from 0, as the list does). */
export function routeLabel(name: string, path: unknown, methods: unknown, host: unknown): string {
  const methodText = Array.isArray(methods) ? methods.map(String).join(',') || '[]' : String(methods ?? '_');
  return `${name} (${methodText} ${String(path)}${host === undefined || host === '_' ? '' : ` on host '${String(host)}'`})`;
}

// A DNS label (RFC 1123 section 2.1), at most 63 letters, digits and inner hyphens, or underscores, which host names of
// containers and compose services have (web_api) and the Host header may carry (RFC 3986 §3.2.2).
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A route's host as `'_'`, `*.suffix`, or without a trailing dot as urlHost writes it (`[0:0::1]` → `[::1]`), as a request's is; throws for anything else. */
export function normaliseRouteHost(host: unknown, label: RouteName): string {
  if (host === undefined || host === ANY_HOST) return ANY_HOST;
  const name = typeof host === 'string' ? host.toLowerCase().replace(/\.$/, '') : '';
  if ((name.startsWith('[') ? name.slice(name.indexOf(']') + 1) : name).includes(':'))
    throw refused(label, 'host', host, 'remove the port; the port of the Host header is ignored');
  if (name.startsWith('*.') && isHostName(name.slice(2))) return name;
  if (name.includes('*'))
    throw refused(label, 'host', host, "a wildcard is one leading label, as in '*.example.com'; use '_' for any host");
  const canonical = urlHost(name) ?? (name.startsWith('[') ? '' : name);
  if (canonical.startsWith('[') || isHostName(canonical)) return canonical;
  throw refused(label, 'host', host, "use a host name such as 'api.example.com', '*.example.com', '[::1]' or '_'");
}

function isHostName(name: string): boolean {
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

/** FW_ERR_ROUTE_BAD_HOST (`the host "x" is not valid; <fix>`) or FW_ERR_ROUTE_UNKNOWN_METHOD (`the method "x" is not known; <fix>`). */
function refused(label: RouteName, field: 'host' | 'method', value: unknown, fix: string): FwError {
  const message = `${label}: the ${field} ${JSON.stringify(value) ?? String(value)} is not ${field === 'host' ? 'valid' : 'known'}; ${fix}.`;
  return routeError(field === 'host' ? 'FW_ERR_ROUTE_BAD_HOST' : 'FW_ERR_ROUTE_UNKNOWN_METHOD', label, message, {
    [field]: value,
  });
}

/** A route's `methods` frozen without repeats, or `'_'`; an unknown one throws: a typo never widens it. */
function normaliseMethods(methods: unknown, label: RouteName): MethodSpec {
  if (methods === undefined || methods === ANY_METHOD) return ANY_METHOD;
  if (!Array.isArray(methods) || methods.length === 0)
    throw refused(
      label,
      'method',
      methods,
      "list lowercase method names such as ['get', 'post'], or use '_' for every method",
    );
  for (const method of methods) {
    if (isHttpMethod(method)) continue;
    const lower = typeof method === 'string' ? method.toLowerCase() : '';
    const fix = isHttpMethod(lower)
      ? `write it lowercase: '${lower}'`
      : `use one of ${HTTP_METHODS.join(', ')}, or '_' for every method`;
    throw refused(label, 'method', method, fix);
  }
  return Object.freeze([...new Set<HttpMethod>(methods)]);
}

function isHttpMethod(value: unknown): value is HttpMethod {
  return (HTTP_METHODS as readonly unknown[]).includes(value);
}
