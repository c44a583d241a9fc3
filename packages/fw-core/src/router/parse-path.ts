/**
 * Parses a route path template into segments, checking it once at start-up. Every rule broken
 * here is a coded FwError whose message names the route and the fix.
 */
import { FwError } from '../errors.ts';
import type { RouteName } from './create-router.ts';
import { canonicalSegment } from './percent-decoding.ts';

/** One segment of a path template. Static text is canonical (see percent-decoding.ts). */
export type PathSegment =
  | { readonly kind: 'static'; readonly text: string }
  | { readonly kind: 'binding'; readonly name: string }
  | { readonly kind: 'wildcard' };

/** A checked path template. */
export interface ParsedPath {
  readonly segments: readonly PathSegment[];
  readonly bindingNames: readonly string[];
  readonly hasWildcard: boolean;
  /** A static segment's canonical text holds a '#' (written %23): a raw request target cuts there. */
  readonly staticHash: boolean;
  /** A static segment's canonical text holds a '?' (written %3F): a raw request target cuts there. */
  readonly staticQuestion: boolean;
}

const WILDCARD = '[...]';
const BINDING_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Whitespace and control characters never appear in a request target (RFC 9112 section 3.2).
const FORBIDDEN_CHARACTER = /[\s\u0000-\u001f\u007f?#]/u;

/** Parses `path`; `label` names the route in error messages (routeLabel, create-router.ts). */
export function parsePath(path: unknown, label: RouteName): ParsedPath {
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw badPath(label, 'must be a string starting with "/"', path);
  }
  const forbidden = FORBIDDEN_CHARACTER.exec(path);
  if (forbidden !== null) {
    const shown = JSON.stringify(forbidden[0]);
    const problem = `contains ${shown}; query strings, fragments and whitespace are not part of a route path`;
    throw badPath(label, problem, path);
  }
  const raw = path.slice(1).split('/');
  const segments: PathSegment[] = [];
  const bindingNames: string[] = [];
  let staticHash = false;
  let staticQuestion = false;
  // Index loops here and below: a router's build runs mostly before V8 optimises it, and there
  // an entries() iterator allocates two objects per segment (5000 routes: docs/performance.md).
  for (let position = 0; position < raw.length; position++) {
    const isLast = position === raw.length - 1;
    const segment = parseSegment(raw[position] as string, isLast, label, path);
    if (segment.kind === 'binding') {
      if (bindingNames.includes(segment.name)) {
        throw new FwError(
          'FW_ERR_ROUTE_DUPLICATE_BINDING',
          `${label}: the binding :${segment.name} appears twice in "${path}"; give each binding its own name.`,
          { details: { route: String(label), path, binding: segment.name } },
        );
      }
      bindingNames.push(segment.name);
    }
    // Only a decoded escape can put a '#' or '?' in canonical text (FORBIDDEN_CHARACTER).
    else if (segment.kind === 'static' && segment.text !== raw[position]) {
      staticHash ||= segment.text.includes('#');
      staticQuestion ||= segment.text.includes('?');
    }
    segments.push(segment);
  }
  const hasWildcard = segments.at(-1)?.kind === 'wildcard';
  return { segments, bindingNames, hasWildcard, staticHash, staticQuestion };
}

function parseSegment(text: string, isLast: boolean, label: RouteName, path: string): PathSegment {
  if (text === WILDCARD) {
    if (!isLast) {
      throw new FwError(
        'FW_ERR_ROUTE_WILDCARD_NOT_LAST',
        `${label}: [...] must be the last segment of "${path}"; move it to the end, or use a :binding for one segment.`,
        { details: { route: String(label), path } },
      );
    }
    return { kind: 'wildcard' };
  }
  if (text.startsWith(':')) return { kind: 'binding', name: bindingName(text.slice(1), label, path) };
  return { kind: 'static', text: staticText(text, isLast, label, path) };
}

function bindingName(name: string, label: RouteName, path: string): string {
  // `__proto__` cannot be an own property of the plain object that carries the bindings.
  if (!BINDING_NAME.test(name) || name === '__proto__') {
    throw new FwError(
      'FW_ERR_ROUTE_BAD_BINDING',
      `${label}: the binding ":${name}" in "${path}" is not a name; ` +
        'use letters, digits and "_", not starting with a digit (e.g. :post_id).',
      { details: { route: String(label), path, binding: name } },
    );
  }
  return name;
}

function staticText(text: string, isLast: boolean, label: RouteName, path: string): string {
  if (text === '' && !isLast) {
    throw badPath(label, 'has an empty segment ("//"); remove the doubled "/"', path);
  }
  if (text === '*') {
    throw badPath(label, 'has a "*" segment; write [...] for a wildcard, or %2A for a literal "*"', path);
  }
  // '[' and ']' are not allowed in a path (RFC 3986 section 3.3); here they are a mistyped [...].
  if (text.includes('[') || text.includes(']')) {
    throw badPath(label, `has the segment "${text}"; the only bracketed segment is a final [...]`, path);
  }
  const canonical = canonicalSegment(text);
  if (canonical === undefined) {
    throw badPath(label, `has a malformed percent-escape in "${text}"; write "%" as %25`, path);
  }
  return canonical;
}

function badPath(label: RouteName, problem: string, path: unknown): FwError {
  const shown = JSON.stringify(path) ?? String(path);
  return new FwError('FW_ERR_ROUTE_BAD_PATH', `${label}: the path ${shown} ${problem}.`, {
    details: { route: String(label), path },
  });
}
