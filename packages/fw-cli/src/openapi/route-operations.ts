/**
 * One route's OpenAPI operations, before operation ids are made unique: its path with `{name}`
 * parameters, the request body, and every response it can give (docs/cli.md, "fw openapi").
 * A route with `options.schema` is described from its schemas and its group's chain; one
 * without keeps what its method and `extra` imply, plus what its group declares. Its
 * `options.openapi` details (operationId, tags, summary...) go over what is derived. Static
 * routes and routes with `extra.hide` have none.
 */
import type { ResponseHeaders, SecuritySchemeDeclaration } from 'fw-core';
import type { CompiledRoute, RouteTarget } from 'fw-core/inspect';
import { CliError } from '../errors.ts';
import { chainFacts, type ChainFacts } from './chain-responses.ts';
import { readOperationDetails } from './operation-details.ts';
import { readRouteDocs, type RouteDocs } from './route-extra.ts';
import {
  ERROR_MESSAGE_SCHEMA,
  INVALID_REQUEST_SCHEMA,
  UNSUPPORTED_MEDIA_TYPE_SCHEMA,
  VALIDATION_ERRORS_SCHEMA,
  schemaRef,
} from './error-schemas.ts';
import type { OwnErrorSchemas } from './own-error-schemas.ts';
import { checkedParts, RouteSchemaWriter, takesObject, type ComponentIndex } from './schema-operation.ts';
import { jsonRouteSchema, type JsonRouteSchema } from './standard-json-schema.ts';

type Json = Record<string, unknown>;

// Not an ES import of node:http: its namespace loads undici (see fw-core's start-server.ts).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/** An operation of one method of one route. */
export interface OperationDraft {
  /** Lowercase, as an OpenAPI path item key. */
  readonly method: string;
  /** The OpenAPI path, e.g. `/api/posts/{id}`. */
  readonly path: string;
  readonly host: string;
  /** `GET /api/posts/:id`, for messages. */
  readonly route: string;
  /** `<controller_module>.<function>`, or `<router module>.<method>_<path words>` inline. */
  readonly baseId: string;
  /** `options.openapi.operationId`, used instead of an id made from baseId. */
  readonly declaredId: string | undefined;
  /** The route definition (its target), shared by the operations of its methods. */
  readonly definition: object;
  /** The schemas of priv/schemas the operation refers to. */
  readonly schemas: readonly string[];
  /** The operation object without its operationId. */
  readonly operation: Json;
  /** The scheme its `security` names, for components.securitySchemes. */
  readonly securityScheme: SecuritySchemeDeclaration | undefined;
  /** Its group has a security callback (declared scheme or not). */
  readonly secured: boolean;
}

/** What every route's operations are built with. */
export interface OperationContext {
  readonly routerName: string;
  /** components.schemas so far (priv/schemas and the error schemas): equal route schemas `$ref` them. */
  readonly components: ComponentIndex;
  /** The errorSchemas beside the app's and groups' onError. */
  readonly ownErrors: OwnErrorSchemas;
  /** The app's named schemas by their `$id` (namedSchemaIds). */
  readonly namedIds: ReadonlyMap<string, string>;
}

/** What a wildcard-method route is documented as. */
const WILDCARD_METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
/** OpenAPI 3.0 path items have no `connect`. */
const UNDOCUMENTED_METHODS = new Set(['connect']);
const BODY_METHODS = new Set(['post', 'put', 'patch']);

/** The operations of `target`, and a note per method left out. */
export function routeOperations(
  route: CompiledRoute<RouteTarget>,
  context: OperationContext,
): { drafts: OperationDraft[]; skipped: string[] } {
  const { routerName } = context;
  const target = route.data;
  if (target.kind === 'static') return { drafts: [], skipped: [] };
  const { path, bindings } = openapiPath(target.info.template);
  const docs = readRouteDocs(target.info.extra, target.info.template, bindings);
  if (docs.hide) return { drafts: [], skipped: [] };
  const methods = route.methods === '_' ? WILDCARD_METHODS : route.methods;
  const drafts: OperationDraft[] = [];
  const skipped: string[] = [];
  const {
    operationId: declaredId,
    tags,
    summary = docs.summary,
    description,
    deprecated,
    responseHeaders,
  } = readOperationDetails(
    target.openapi,
    `${route.methods === '_' ? 'ANY' : methods.join(',').toUpperCase()} ${target.info.template}`,
  );
  const chain = chainFacts(target.group);
  // What onError answers for this route, when its hook declares a schema (else fw's ErrorMessage).
  const failure = context.ownErrors.onError(target.group);
  for (const method of methods) {
    const route = `${method.toUpperCase()} ${target.info.template}`;
    if (UNDOCUMENTED_METHODS.has(method)) {
      skipped.push(`${route} is left out: OpenAPI 3.0 cannot describe ${method.toUpperCase()}`);
      continue;
    }
    const { module, function: fn } = target.info;
    const baseId =
      module !== undefined && fn !== undefined
        ? `${module}.${fn}`
        : `${routerName}.${method}_${pathWords(target.info.template)}`;
    const schemas = [docs.resource, BODY_METHODS.has(method) ? docs.schema : undefined].filter(
      (name) => name !== undefined,
    );
    const json = target.schema === undefined ? undefined : jsonRouteSchema(target.schema, route, context.namedIds);
    if (json !== undefined)
      skipped.push(
        ...unlistedParameters(json, route),
        ...strayPathParameters(json, bindings, route),
        ...objectParameters(json, route),
      );
    const preflight = method === 'options' && chain.answersOptions;
    const described = operationParts(
      json,
      preflight,
      { method, route, bindings, docs, chain, failure, handlesInvalid: target.onInvalid !== undefined },
      context,
    );
    if (!preflight) withUploadBody(described, docs, method, route);
    if (!preflight) withHeaders(described.responses as Json, responseHeaders, route);
    // No HEAD answer has a body (RFC 9110 §9.3.2), fw's own 400 and a plugin's 429 included.
    if (method === 'head') described.responses = withoutContent(described.responses as Json);
    const scheme = preflight ? undefined : chain.scheme;
    const security = scheme === undefined ? {} : { security: [{ [scheme.name]: [] }] };
    const operation: Json = {
      // Without a declared one, the summary is the route as fw lists it (docs/decisions.md).
      summary: summary ?? route,
      ...(description !== undefined && { description }),
      // Declared tags replace the controller module's; `[]` leaves the operation untagged.
      ...(tags === undefined ? { tags: [module ?? routerName] } : tags.length > 0 && { tags }),
      ...(deprecated === true && { deprecated }),
      ...described,
      ...security,
      ...hostFields(target.group.host),
    };
    drafts.push({
      method,
      path,
      host: target.group.host,
      route,
      baseId,
      declaredId,
      definition: target,
      schemas,
      operation,
      securityScheme: scheme,
      secured: chain.secured && !preflight,
    });
  }
  return { drafts, skipped };
}

/** Parameters, body and responses of one method of a route: its group's CORS preflight, else from its schemas, else from its method and `extra`. */
function operationParts(
  json: JsonRouteSchema | undefined,
  preflight: boolean,
  facts: MethodFacts,
  context: OperationContext,
): Json {
  const { method, bindings, docs, chain, failure } = facts;
  // fw_cors_plugin answers an OPTIONS before security, the schemas and the handler: whatever the route says, it is that 204.
  if (preflight)
    return {
      ...parameters(bindings, docs),
      responses: withDeclared({ 204: response(204, undefined) }, { ...chain, securityStatuses: [] }, undefined),
    };
  if (json !== undefined) return schemaOperation(json, facts, context);
  return {
    ...parameters(bindings, docs),
    ...requestBody(method, docs),
    responses: withDeclared(
      withAnswers(responses(method, bindings, docs, failure), decodingAnswers(method, chain)),
      chain,
      failure,
    ),
  };
}

/**
 * A note per params, query or headers schema of `schema` that lists no `properties` but chooses among schemas (an anyOf
 * of objects, a zod union): OpenAPI lists parameters one by one, so the document has none of them, where fw checks all.
 */
function unlistedParameters(schema: JsonRouteSchema, route: string): string[] {
  return (['params', 'query', 'headers'] as const).flatMap((part) => {
    const sub = schema[part];
    const chooses =
      typeof sub === 'object' &&
      sub.properties === undefined &&
      ['anyOf', 'oneOf', 'allOf'].some((keyword) => keyword in sub);
    return chooses
      ? [
          `${route}: its ${part} schema lists no properties (it is an anyOf, oneOf or allOf), so the document lists none of its parameters; write it as one object schema to document them`,
        ]
      : [];
  });
}

/**
 * A note per property of a params schema that names no binding of the path: no request has it, and OpenAPI
 * refuses a path parameter its path lacks (3.0.3, Parameter Object `name`), so the document leaves it out.
 */
function strayPathParameters(schema: JsonRouteSchema, bindings: readonly string[], route: string): string[] {
  const names = typeof schema.params === 'object' ? Object.keys(schema.params.properties ?? {}) : [];
  return names
    .filter((name) => !bindings.includes(name))
    .map(
      (name) =>
        `${route}: its params schema lists ${name}, which is no binding of its path, so no request has it; the document leaves it out`,
    );
}

/** A note per params, query or headers property that takes an object (takesObject): no request can give it, so the document leaves it out. */
function objectParameters(schema: JsonRouteSchema, route: string): string[] {
  return (['params', 'query', 'headers'] as const).flatMap((part) => {
    const sub = schema[part];
    const names =
      typeof sub === 'object'
        ? Object.entries(sub.properties ?? {})
            .filter(([, property]) => takesObject(property))
            .map(([name]) => name)
        : [];
    return names.map(
      (name) =>
        `${route}: its ${part} schema's ${name} takes an object, but ${part} values arrive as text, from which fw reads no object (neither ${name}[key]=value nor JSON), so a request giving it is refused; the document leaves it out: give its fields as properties of their own, or take it in the body`,
    );
  });
}

/** Adds a route's `openapi.responseHeaders` (or, `route` undefined, its plugins') to the responses they name; a route naming a status the operation does not answer is a mistake. */
function withHeaders(responses: Json, declared: ResponseHeaders | undefined, route: string | undefined): void {
  for (const [status, headers] of Object.entries(declared ?? {})) {
    const response = responses[status] as Json | undefined;
    // A plugin's statuses are there already (withDeclared); a route's must be among the operation's.
    if (response === undefined)
      throw new CliError(
        'FW_CLI_ERR_OPENAPI_BAD_DETAILS',
        `route ${route}: options.openapi.responseHeaders names ${status}, which the operation does not answer (it answers ${Object.keys(responses).join(', ')})`,
      );
    const entries = Object.entries(headers).map(([name, header]) => {
      const {
        description,
        schema = { type: 'string' },
        required = false,
      } = typeof header === 'string' ? { description: header } : header;
      return [name, { description, ...(required && { required }), schema }];
    });
    responses[status] = {
      ...response,
      headers: { ...(response.headers as Json | undefined), ...Object.fromEntries(entries) },
    };
  }
}

/**
 * `extra.body_types`: a body the handler reads itself with readBody (an upload, docs/applications-reference.md, "Uploads"),
 * documented as bytes of those media types, with the 413 readBody answers past its limit.
 */
function withUploadBody(described: Json, docs: RouteDocs, method: string, route: string): void {
  if (docs.bodyTypes.length === 0 || !BODY_METHODS.has(method)) return;
  if (described.requestBody !== undefined)
    throw new CliError(
      'FW_CLI_ERR_OPENAPI_BAD_EXTRA',
      `route ${route}: options.extra.body_types documents a body the handler reads itself, but its schema.body is a JSON body fw reads; keep one of them`,
    );
  described.requestBody = {
    required: true,
    content: Object.fromEntries(docs.bodyTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  };
  (described.responses as Json)[413] ??= response(413, schemaRef(ERROR_MESSAGE_SCHEMA));
}

/**
 * `/api/posts/:id` → `/api/posts/{id}`; `[...]` becomes the parameter `pathinfo` (`pathinfo_2`... beside a binding of
 * that name: a path item's parameters are unique). A brace of static text is percent-encoded (`/c/{x}` → `/c/%7Bx%7D`,
 * which the router matches too): OpenAPI reads `{x}` as a parameter.
 */
function openapiPath(template: string): { path: string; bindings: string[] } {
  const bindings: string[] = [];
  let wildcard = 'pathinfo';
  for (let n = 2; template.split('/').includes(`:${wildcard}`); n += 1) wildcard = `pathinfo_${n}`;
  const segments = template.split('/').map((segment) => {
    const name = segment === '[...]' ? wildcard : segment.startsWith(':') ? segment.slice(1) : undefined;
    if (name === undefined) return segment.replaceAll('{', '%7B').replaceAll('}', '%7D');
    bindings.push(name);
    return `{${name}}`;
  });
  return { path: segments.join('/'), bindings };
}

// `/api/posts/:id` → `api_posts_id`; `/` → `root`.
function pathWords(template: string): string {
  const words = template
    .replace(/\[\.\.\.\]/g, 'pathinfo')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return words === '' ? 'root' : words;
}

function parameters(bindings: readonly string[], docs: RouteDocs): Json {
  if (bindings.length === 0) return {};
  return {
    parameters: bindings.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: docs.params[name] ?? 'string' },
    })),
  };
}

function requestBody(method: string, docs: RouteDocs): Json {
  if (docs.schema === undefined || !BODY_METHODS.has(method)) return {};
  return { requestBody: { required: true, content: jsonContent(schemaRef(docs.schema)) } };
}

// A path with parameters answers 404 for an unknown one: an httpError(404), worded by onError.
function responses(method: string, bindings: readonly string[], docs: RouteDocs, failure: Json | undefined): Json {
  const status = docs.status ?? successStatus(method, docs);
  const out: Json = {
    [status]: successResponse(status, method, docs),
  };
  if (docs.queryErrors) out[400] = response(400, schemaRef(ERROR_MESSAGE_SCHEMA));
  if (bindings.length > 0) out[404] = response(404, failure ?? schemaRef(ERROR_MESSAGE_SCHEMA));
  if (requestBody(method, docs).requestBody !== undefined) {
    out[422] = response(422, { oneOf: [schemaRef(VALIDATION_ERRORS_SCHEMA), schemaRef(ERROR_MESSAGE_SCHEMA)] });
  }
  return out;
}

// A create answers 201, a delete 204, anything else 200 (docs/cli.md).
function successStatus(method: string, docs: RouteDocs): number {
  if (method === 'post' && docs.resource !== undefined) return 201;
  if (method === 'delete') return 204;
  return 200;
}

/**
 * The 2xx of a route that lists none (an `extra.status` redirect has no body). Without a resource the answer's shape is unknown, not
 * absent (a `json()` without a response schema, an HTML page): a response without `content`
 * would tell a client there is no body (openapi-typescript's `content?: never`), so its content
 * is the media range that matches every type (RFC 9110 §12.5.1) with the empty schema.
 */
function successResponse(status: number, method: string, docs: RouteDocs): Json {
  if (method === 'head' || BODYLESS.has(status) || status >= 300) return response(status, undefined);
  const schema = resourceSchema(docs);
  if (schema !== undefined) return response(status, schema);
  return { description: STATUS_CODES[status] ?? `Status ${status}`, content: { '*/*': { schema: {} } } };
}

function resourceSchema(docs: RouteDocs): Json | undefined {
  if (docs.resource === undefined) return undefined;
  if (docs.collection === undefined) return schemaRef(docs.resource);
  return {
    type: 'object',
    required: [docs.collection],
    properties: { [docs.collection]: { type: 'array', items: schemaRef(docs.resource) } },
  };
}

/** What schemaOperation reads of one method of a route. */
interface MethodFacts {
  readonly method: string;
  readonly route: string;
  readonly bindings: readonly string[];
  readonly docs: RouteDocs;
  readonly chain: ChainFacts;
  /** What onError answers, when its errorSchema says. */
  readonly failure: Json | undefined;
  /**
   * The route has its own onInvalid, written for its failures: fw's 400 is not assumed. The app's
   * onInvalid is not taken so: written for every route, it may hand some failures back to fw
   * (`undefined`), and a generated client must know the 400 that then comes.
   */
  readonly handlesInvalid: boolean;
}

// Parameters, body and responses from the route's schemas; `extra` fills what they leave out.
function schemaOperation(schema: JsonRouteSchema, facts: MethodFacts, context: OperationContext): Json {
  const writer = new RouteSchemaWriter(facts.route, context.components);
  const declaredPath = writer
    .parameters(schema.params, 'path', 'params')
    .filter((parameter) => facts.bindings.includes(parameter.name as string));
  const named = new Set(declaredPath.map((parameter) => parameter.name));
  const fallback = (parameters(
    facts.bindings.filter((name) => !named.has(name)),
    facts.docs,
  ).parameters ?? []) as Json[];
  const all = [
    ...declaredPath,
    ...fallback,
    ...writer.parameters(schema.query, 'query', 'query'),
    ...writer.parameters(schema.headers, 'header', 'headers'),
  ];
  // `extra.schema` names the component the body is documented as (the spec's rule 5), in place of what fw checks.
  const takesBody = BODY_METHODS.has(facts.method) && schema.body !== undefined && facts.docs.schema === undefined;
  const body = takesBody
    ? { requestBody: { required: true, content: jsonContent(writer.write(schema.body!, 'body')) } }
    : requestBody(facts.method, facts.docs);
  const out: Json = {};
  for (const [status, sub] of Object.entries(schema.response ?? {})) {
    out[status] = response(
      Number(status),
      facts.method === 'head' || BODYLESS.has(Number(status)) ? undefined : writer.write(sub, `response.${status}`),
    );
  }
  if (!Object.keys(out).some((status) => status.startsWith('2'))) {
    const status = facts.docs.status ?? successStatus(facts.method, facts.docs);
    out[status] = successResponse(status, facts.method, facts.docs);
  }
  // What fw answers itself, whatever the route lists: its 400 for a request failing the schema
  // (no onInvalid of the route's own), and body decoding's 400 (malformed JSON), 413 and 415.
  const own: [number, Json][] =
    checkedParts(schema).length > 0 && !facts.handlesInvalid ? [[400, schemaRef(INVALID_REQUEST_SCHEMA)]] : [];
  const answers = withAnswers(out, [...own, ...decodingAnswers(facts.method, facts.chain)]);
  if (facts.bindings.length > 0) answers[404] ??= response(404, facts.failure ?? schemaRef(ERROR_MESSAGE_SCHEMA));
  return {
    ...(all.length > 0 && { parameters: all }),
    ...body,
    responses: withDeclared(answers, facts.chain, facts.failure),
  };
}

/**
 * What body decoding answers itself, whatever the route (a route schema or none): on a method that takes a body, in a group
 * that decodes bodies, 400 for malformed JSON, 413 for a body too large, 415 for an encoding or charset it does not read.
 */
function decodingAnswers(method: string, chain: ChainFacts): [number, Json][] {
  if (!chain.decodesBodies || !BODY_METHODS.has(method)) return [];
  return [
    [400, schemaRef(ERROR_MESSAGE_SCHEMA)],
    [413, schemaRef(ERROR_MESSAGE_SCHEMA)],
    [415, schemaRef(UNSUPPORTED_MEDIA_TYPE_SCHEMA)],
  ];
}

/** `responses` with fw's own answers added, each beside what a route lists for its status (withAnswer). */
function withAnswers(responses: Json, own: readonly [number, Json][]): Json {
  const out = { ...responses };
  for (const [status, schema] of own) out[status] = withAnswer(out[status] as Json | undefined, status, schema);
  return out;
}

// A status both the route and fw answer is `anyOf` the route's schema and fw's, so a generated
// client's error type has both; not `oneOf`, which a body matching two branches (fw's 400
// `{error, details}` is an ErrorMessage too) would fail (docs/decisions.md). A listed status
// without a body (HEAD) stays so.
function withAnswer(listed: Json | undefined, status: number, schema: Json): Json {
  if (listed === undefined) return response(status, schema);
  const media = (listed.content as Json | undefined)?.['application/json'] as Json | undefined;
  if (media === undefined) return listed;
  const mine = media.schema as Json;
  const branches = Object.keys(mine).length === 1 && Array.isArray(mine.anyOf) ? (mine.anyOf as Json[]) : [mine];
  const known = branches.some((branch) => JSON.stringify(branch) === JSON.stringify(schema));
  return known ? listed : response(status, { anyOf: [...branches, schema] });
}

// Adds the statuses the group's security callback refuses with and its plugins declare, keeping
// what is there. An operation whose route and group answer no 4xx lists `4XX`: what Node's http
// server answers any request before fw sees it (docs/decisions.md); plugins' statuses, which
// depend on the configuration, do not count, so a document differs from another only by them.
// An onError with an errorSchema adds its 500 (fw lists no 500 of its own: its answer is fixed).
function withDeclared(responses: Json, chain: ChainFacts, failure: Json | undefined): Json {
  const out = { ...responses };
  const errorOf = (status: number) => response(status, schemaRef(ERROR_MESSAGE_SCHEMA));
  for (const status of chain.securityStatuses)
    out[status] ??= status >= 300 && status < 400 ? securityRedirect(status) : errorOf(status);
  const answersClientErrors = Object.keys(out).some((status) => status.startsWith('4'));
  for (const status of chain.pluginStatuses) out[status] ??= errorOf(status);
  withHeaders(out, chain.pluginHeaders, undefined);
  if (!answersClientErrors) out['4XX'] = { description: NODE_CLIENT_ERRORS };
  if (failure !== undefined) out[500] ??= response(500, failure);
  return out;
}

/** A security callback's `{redirect: location}` (docs/pipeline.md, "Security"): its 302 carries a Location and no body. */
function securityRedirect(status: number): Json {
  const location = {
    description: "Where the group's security callback sends the client",
    required: true,
    schema: { type: 'string' },
  };
  return { description: STATUS_CODES[status] ?? `Status ${status}`, headers: { Location: location } };
}

/** The description of `4XX` on an operation that answers no 4xx of its own. */
const NODE_CLIENT_ERRORS =
  "Answered by Node's http server before fw sees the request, without a body: 400 for a malformed request, 408 when its head comes too slowly, 431 when its head is over max_header_size";

// 204, 205 and 304 never carry content (RFC 9110 §15.3.5, §15.3.6, §15.4.5), whatever schema a route lists for them.
const BODYLESS = new Set([204, 205, 304]);

function response(status: number, schema: Json | undefined): Json {
  const description = STATUS_CODES[status] ?? `Status ${status}`;
  return schema === undefined || BODYLESS.has(status) ? { description } : { description, content: jsonContent(schema) };
}

/** `responses` with no content, their headers kept. */
function withoutContent(responses: Json): Json {
  return Object.fromEntries(
    Object.entries(responses as Record<string, Json>).map(([status, { content: _content, ...rest }]) => [status, rest]),
  );
}

function jsonContent(schema: Json): Json {
  return { 'application/json': { schema } };
}

// An exact host becomes the operation's server; every host other than '_' is recorded.
function hostFields(host: string): Json {
  if (host === '_') return {};
  return host.startsWith('*.') ? { 'x-fw-host': host } : { servers: [{ url: `//${host}` }], 'x-fw-host': host };
}
