/**
 * Route path templates, checked once at start-up, and the canonical form templates and request
 * paths are compared in: split on raw '/', each segment decoded, then only '%' and '/' escaped
 * again, so `p%6Fsts` is `posts` and `%2F` never splits a segment (RFC 3986 section 2.2).
 */
import { FwError, type FwErrorCode } from '../errors.ts';
import type { RouteName } from './router.ts';

/** One segment of a path template; static text is canonical. */
export type PathSegment =
  | { readonly kind: 'static'; readonly text: string }
  | { readonly kind: 'binding'; readonly name: string }
  | { readonly kind: 'wildcard' };

/** A checked path template. */
export interface ParsedPath {
  readonly segments: readonly PathSegment[];
  readonly bindingNames: readonly string[];
  readonly hasWildcard: boolean;
}

const WILDCARD = '[...]';
const BINDING_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Whitespace and control characters never appear in a request target (RFC 9112 section 3.2).
const FORBIDDEN_CHARACTER = /[\s\u0000-\u001f\u007f?#]/u;

/** Parses `path`; `label` names the route in error messages. */
export function parsePath(path: unknown, label: RouteName): ParsedPath {
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw badPath(label, 'must be a string starting with "/"', path);
  const forbidden = FORBIDDEN_CHARACTER.exec(path)?.[0];
  if (forbidden !== undefined)
    throw badPath(
      label,
      `contains ${JSON.stringify(forbidden)}; query strings, fragments and whitespace are not part of a route path`,
      path,
    );
  const raw = path.slice(1).split('/');
  const segments: PathSegment[] = [];
  const bindingNames: string[] = [];
  // An index loop, not entries(): bench/router-build.bench.ts (5000 routes).
  for (let position = 0; position < raw.length; position++) {
    const segment = parseSegment(raw[position] as string, position === raw.length - 1, label, path);
    if (segment.kind === 'binding') {
      if (bindingNames.includes(segment.name)) {
        const message = `${label}: the binding :${segment.name} appears twice in "${path}"; give each binding its own name.`;
        throw routeError('FW_ERR_ROUTE_DUPLICATE_BINDING', label, message, { path, binding: segment.name });
      }
      bindingNames.push(segment.name);
    }
    segments.push(segment);
  }
  return { segments, bindingNames, hasWildcard: segments.at(-1)?.kind === 'wildcard' };
}

function parseSegment(text: string, isLast: boolean, label: RouteName, path: string): PathSegment {
  if (text === WILDCARD) {
    if (isLast) return { kind: 'wildcard' };
    throw routeError(
      'FW_ERR_ROUTE_WILDCARD_NOT_LAST',
      label,
      `${label}: [...] must be the last segment of "${path}"; move it to the end, or use a :binding for one segment.`,
      { path },
    );
  }
  if (text.startsWith(':')) return { kind: 'binding', name: bindingName(text.slice(1), label, path) };
  return { kind: 'static', text: staticText(text, isLast, label, path) };
}

function bindingName(name: string, label: RouteName, path: string): string {
  // `__proto__` cannot be an own property of the plain object that carries the bindings.
  if (BINDING_NAME.test(name) && name !== '__proto__') return name;
  throw routeError(
    'FW_ERR_ROUTE_BAD_BINDING',
    label,
    `${label}: the binding ":${name}" in "${path}" is not a name; use letters, digits and "_", not starting with a digit (e.g. :post_id).`,
    { path, binding: name },
  );
}

function staticText(text: string, isLast: boolean, label: RouteName, path: string): string {
  if (text === '' && !isLast) throw badPath(label, 'has an empty segment ("//"); remove the doubled "/"', path);
  if (text === '*')
    throw badPath(label, 'has a "*" segment; write [...] for a wildcard, or %2A for a literal "*"', path);
  // '[' and ']' are not allowed in a path (RFC 3986 section 3.3); here they are a mistyped [...].
  if (text.includes('[') || text.includes(']'))
    throw badPath(label, `has the segment "${text}"; the only bracketed segment is a final [...]`, path);
  const canonical = canonicalSegment(text);
  if (canonical === undefined)
    throw badPath(label, `has a malformed percent-escape in "${text}"; write "%" as %25`, path);
  return canonical;
}

function badPath(label: RouteName, problem: string, path: unknown): FwError {
  return routeError(
    'FW_ERR_ROUTE_BAD_PATH',
    label,
    `${label}: the path ${JSON.stringify(path) ?? String(path)} ${problem}.`,
    { path },
  );
}

/** A route definition's coded error; its details name the route as the message does. */
export function routeError(
  code: FwErrorCode,
  label: RouteName,
  message: string,
  details: Record<string, unknown>,
): FwError {
  return new FwError(code, message, { details: { route: String(label), ...details } });
}

/** The canonical text of one raw segment, or undefined when a percent-escape is malformed. */
function canonicalSegment(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw).replaceAll('%', '%25').replaceAll('/', '%2F');
  } catch {
    // URIError: `%zz`, a lone `%`, or a truncated UTF-8 sequence such as `%E0%A4`.
    return undefined;
  }
}

/** The canonical form of a request path; undefined when a segment has a malformed escape (no route matches). */
export function canonicalPath(path: string): string | undefined {
  const segments = path.split('/').map(canonicalSegment);
  return segments.includes(undefined) ? undefined : segments.join('/');
}

/** A route group's route in the router of misses (pipeline/handle-request.ts, compileMissLanes) and its shape (host, segments decoded, binding names left out), which app/startup-warnings.ts compares too. */
export function missRouteOf({
  index,
  host,
  prefix,
}: {
  readonly index: number;
  readonly host: string;
  readonly prefix: string;
}): { host: string; path: string; name: string; shape: string } {
  const path = prefix.endsWith('/[...]') ? prefix : `${prefix}/[...]`;
  const name = `route group ${index} (prefix '${prefix}')`;
  return {
    host,
    path,
    name,
    shape: JSON.stringify([
      host,
      parsePath(path, name).segments.map((segment) => (segment.kind === 'binding' ? { kind: 'binding' } : segment)),
    ]),
  };
}
