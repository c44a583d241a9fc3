/**
 * The part of a route's `options.extra` the OpenAPI generator reads (docs/cli.md, "What routes
 * tell the generator"). Everything else in `extra` is ignored; a known field with a wrong value
 * is an error naming the route.
 */
import { CliError } from '../errors.ts';

/** Types a path parameter may have. */
const PARAM_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/** What a route tells the generator. */
export interface RouteDocs {
  /** Schema (priv/schemas/<resource>.json) of what the route answers. */
  readonly resource: string | undefined;
  /** The answer is `{<collection>: [resource, ...]}`. */
  readonly collection: string | undefined;
  /** Schema of the JSON request body. */
  readonly schema: string | undefined;
  /** Path parameter types by binding name; the others are strings. */
  readonly params: Readonly<Record<string, string>>;
  /** The route answers 400 `{error}` for a bad query string. */
  readonly queryErrors: boolean;
  /** The success status, when it is not the method's usual one. */
  readonly status: number | undefined;
  /** The operation's one-line `summary`. */
  readonly summary: string | undefined;
  /** Leave the route out of the document (Fastify's `schema.hide`): the Swagger UI route is. */
  readonly hide: boolean;
  /** Media types of a body the handler reads itself (an upload), documented as bytes; `[]` for none. */
  readonly bodyTypes: readonly string[];
}

/** A media type as `type/subtype` (RFC 6838 names, `*` for any), without parameters. */
const MEDIA_TYPE = /^(?:[A-Za-z0-9][\w!#$&^.+-]*|\*)\/(?:[A-Za-z0-9][\w!#$&^.+-]*|\*)$/;

/** Reads and checks `extra`; `route` names the route in errors (`GET /api/posts`). */
export function readRouteDocs(
  extra: Readonly<Record<string, unknown>>,
  route: string,
  bindings: readonly string[],
): RouteDocs {
  const name = (key: string): string | undefined => {
    const value = extra[key];
    if (value === undefined || (typeof value === 'string' && /^[A-Za-z0-9._-]+$/.test(value))) return value;
    throw bad(route, key, 'a schema or key name (letters, digits, . _ -)', value);
  };
  const params = extra.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw bad(route, 'params', 'an object like {id: "integer"}', params);
  for (const [binding, type] of Object.entries(params)) {
    if (!bindings.includes(binding))
      throw bad(route, `params.${binding}`, `one of the path's bindings (${bindings.join(', ') || 'none'})`, binding);
    if (typeof type !== 'string' || !PARAM_TYPES.has(type))
      throw bad(route, `params.${binding}`, 'string, integer, number or boolean', type);
  }
  const { query_errors: queryErrors = false, hide = false, status } = extra;
  if (typeof queryErrors !== 'boolean') throw bad(route, 'query_errors', 'true or false', queryErrors);
  if (typeof hide !== 'boolean') throw bad(route, 'hide', 'true or false', hide);
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599))
    throw bad(route, 'status', 'an HTTP status from 100 to 599', status);
  const { summary, body_types: bodyTypes = [] } = extra;
  if (summary !== undefined && (typeof summary !== 'string' || summary.trim() === '' || summary.includes('\n')))
    throw bad(route, 'summary', 'one line of text', summary);
  const mediaTypes =
    Array.isArray(bodyTypes) &&
    bodyTypes.length > 0 &&
    bodyTypes.every((type) => typeof type === 'string' && MEDIA_TYPE.test(type)) &&
    new Set(bodyTypes).size === bodyTypes.length;
  if (!mediaTypes && extra.body_types !== undefined)
    throw bad(
      route,
      'body_types',
      'a list of media types without repeats, like ["application/octet-stream"]',
      bodyTypes,
    );
  if (mediaTypes && extra.schema !== undefined)
    throw bad(route, 'body_types', 'left out beside extra.schema, which documents the body as JSON', bodyTypes);
  return {
    resource: name('resource'),
    collection: name('collection'),
    schema: name('schema'),
    params: params as Record<string, string>,
    queryErrors,
    status: status as number | undefined,
    summary,
    hide,
    bodyTypes: bodyTypes as string[],
  };
}

function bad(route: string, key: string, expected: string, found: unknown): CliError {
  return new CliError(
    'FW_CLI_ERR_OPENAPI_BAD_EXTRA',
    `route ${route}: options.extra.${key} must be ${expected}; found ${JSON.stringify(found)}`,
  );
}
