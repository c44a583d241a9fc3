/** Route methods, checked once at start-up: an unknown one is an error, not `_`, so a typo never widens a route. */
import type { FwError } from '../errors.ts';
import { routeError } from './parse-path.ts';
import { HTTP_METHODS, type HttpMethod, type MethodSpec, type RouteName } from './router.ts';

/** The methods of a route meaning "every method". */
export const ANY_METHOD = '_';

/** Checks a route's `methods` and returns them frozen without repeats, or `'_'` when absent. */
export function normaliseMethods(methods: unknown, label: RouteName): MethodSpec {
  if (methods === undefined || methods === ANY_METHOD) return ANY_METHOD;
  if (!Array.isArray(methods) || methods.length === 0) {
    const fix = "list lowercase method names such as ['get', 'post'], or use '_' for every method";
    throw unknownMethod(label, methods, fix);
  }
  const known: HttpMethod[] = [];
  for (const method of methods) {
    if (!isHttpMethod(method)) {
      const lower = typeof method === 'string' ? method.toLowerCase() : '';
      const fix = isHttpMethod(lower) ? `write it lowercase: '${lower}'` : `use one of ${HTTP_METHODS.join(', ')}, or '_' for every method`;
      throw unknownMethod(label, method, fix);
    }
    if (!known.includes(method)) known.push(method);
  }
  return Object.freeze(known);
}

/** Bit of each method in HTTP_METHODS order; a route's or a node's methods are a mask of these. */
export function methodBit(method: HttpMethod): number {
  return 1 << HTTP_METHODS.indexOf(method);
}

/**
 * The position in HTTP_METHODS of a request method as Node gives it (uppercase), -1 for a method
 * no route can name. A switch of literals, not a Map: Node's method strings are internalized, so
 * a case is a pointer compare (bench/router.bench.ts, 405 rows). router-methods-404-405.test.ts
 * tries every method of HTTP_METHODS.
 */
export function requestMethodIndex(method: string): number {
  switch (method) {
    case 'GET': return 0;
    case 'HEAD': return 1;
    case 'POST': return 2;
    case 'PUT': return 3;
    case 'PATCH': return 4;
    case 'DELETE': return 5;
    case 'OPTIONS': return 6;
    case 'TRACE': return 7;
    case 'CONNECT': return 8;
    default: return -1;
  }
}

/** Uppercase method names of a mask, in HTTP_METHODS order (the order of an `allow` header). */
export function maskToMethods(mask: number): string[] {
  return HTTP_METHODS.filter((method) => (mask & methodBit(method)) !== 0).map((method) => method.toUpperCase());
}

function isHttpMethod(value: unknown): value is HttpMethod {
  return (HTTP_METHODS as readonly unknown[]).includes(value);
}

function unknownMethod(label: RouteName, method: unknown, fix: string): FwError {
  const message = `${label}: the method ${JSON.stringify(method) ?? String(method)} is not known; ${fix}.`;
  return routeError('FW_ERR_ROUTE_UNKNOWN_METHOD', label, message, { method });
}
