/**
 * A route's `options.openapi` (docs/cli.md, "Operation details"): the `operationId`, `tags`,
 * `summary`, `description` and `deprecated` its operation states instead of what the generator
 * derives, as Fastify's `schema.operationId` and Hono's `createRoute` do. fw-core only checks
 * that it is an object (the server never reads it), so its fields are checked here, naming the
 * route and the key.
 */
import type { RouteOptions } from 'fw-core';
import { CliError } from '../errors.ts';
import { isObject } from './document-types.ts';

type RouteOpenapi = NonNullable<RouteOptions['openapi']>;

const KEYS = ['operationId', 'tags', 'summary', 'description', 'deprecated', 'responseHeaders'] as const;

/** A header field name (RFC 9110 token). */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Letters, digits, `.`, `_`, `-`: an id every client generator can turn into a function name. */
const OPERATION_ID = /^[A-Za-z0-9._-]+$/;

const isLine = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && !value.includes('\n');

/** The checked details of the route `route` (`GET /api/posts`, for messages). */
export function readOperationDetails(openapi: RouteOpenapi | undefined, route: string): RouteOpenapi {
  if (openapi === undefined) return {};
  for (const key of Object.keys(openapi)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new CliError(
        'FW_CLI_ERR_OPENAPI_BAD_DETAILS',
        `route ${route}: options.openapi has the unknown key ${key}; its keys are ${KEYS.join(', ')}`,
      );
    }
  }
  const { operationId, tags, summary, description, deprecated, responseHeaders } = openapi as Record<string, unknown>;
  if (operationId !== undefined && !(typeof operationId === 'string' && OPERATION_ID.test(operationId)))
    throw bad(route, 'operationId', 'letters, digits, . _ - (like listPosts)', operationId);
  if (tags !== undefined && !(Array.isArray(tags) && tags.every(isLine) && new Set(tags).size === tags.length))
    throw bad(route, 'tags', 'a list of one-line names without repeats', tags);
  if (summary !== undefined && !isLine(summary)) throw bad(route, 'summary', 'one line of text', summary);
  if (description !== undefined && !(typeof description === 'string' && description.trim() !== ''))
    throw bad(route, 'description', 'text (CommonMark)', description);
  if (deprecated !== undefined && typeof deprecated !== 'boolean')
    throw bad(route, 'deprecated', 'true or false', deprecated);
  if (responseHeaders !== undefined && !isResponseHeaders(responseHeaders)) {
    throw bad(
      route,
      'responseHeaders',
      "an object of statuses, each an object of header names and a description or {description, schema, required}, like {201: {Location: 'The new post'}}",
      responseHeaders,
    );
  }
  return openapi;
}

function isResponseHeaders(value: unknown): boolean {
  const isHeader = (item: unknown) =>
    isLine(item) ||
    (isObject(item) &&
      isLine(item.description) &&
      (item.schema === undefined || isObject(item.schema)) &&
      (item.required === undefined || typeof item.required === 'boolean'));
  return (
    isObject(value) &&
    Object.entries(value).every(
      ([status, headers]) =>
        /^[1-5][0-9]{2}$/.test(status) &&
        isObject(headers) &&
        Object.entries(headers).every(([name, header]) => FIELD_NAME.test(name) && isHeader(header)),
    )
  );
}

function bad(route: string, key: string, expected: string, found: unknown): CliError {
  return new CliError(
    'FW_CLI_ERR_OPENAPI_BAD_DETAILS',
    `route ${route}: options.openapi.${key} must be ${expected}; found ${JSON.stringify(found)}`,
  );
}
