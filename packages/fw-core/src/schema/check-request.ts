/**
 * Checks params, query, headers and body, in that order, before the handler; the first part that
 * fails is answered (onInvalid, else fw's 400) in the handler's place, so post_request plugins see it.
 */
import type { FwRequest } from '../http/request.ts';
import { isThenable, json, type FwResponse } from '../http/response.ts';
import { carriesBody, isJsonMediaType, parseContentType } from '../http/read-body.ts';
import { METHODS_WITHOUT_BODY, parseUrlencoded } from '../plugins/request-plugin.ts';
import type {
  InvalidRequestHook,
  RequestPart,
  SchemaFailure,
  SchemaIssue,
  SchemaResult,
  SchemaValidator,
} from './route-schema.ts';

/** A route's check of its request, compiled at start: the answer for a request that fails, or undefined to run the handler. */
export type RequestCheck = (req: FwRequest) => FwResponse | Promise<FwResponse | undefined> | undefined;

/** A part's failure; `refused`: a body of a media type its schema cannot see (a 415). */
type Failure = SchemaFailure & { readonly refused?: true };

/** One function per route over its `parts` (in checking order), each part's check made for it at start (bench/schemas.bench.ts, case a). */
export function compileRequestCheck(
  parts: readonly {
    readonly part: RequestPart;
    readonly validate: SchemaValidator;
    readonly lists?: readonly string[];
  }[],
  onInvalid: InvalidRequestHook | undefined,
): RequestCheck {
  const checks = parts.map(({ part, validate, lists = [] }) => PART_CHECKS[part](validate, lists));
  const answer = (req: FwRequest, { refused, ...failure }: Failure): FwResponse | Promise<FwResponse> => {
    const hooked = onInvalid?.(failure, req);
    const fallback = (own: FwResponse | undefined): FwResponse =>
      own ?? markedDefault(refused ? unsupportedMediaType(req.method) : defaultAnswer(failure));
    return isThenable<FwResponse | undefined>(hooked) ? Promise.resolve(hooked).then(fallback) : fallback(hooked);
  };
  // Synchronous until a part's validator answers a promise (a Standard Schema's async refinement); then the rest wait for it.
  return function from(req: FwRequest, first = 0): ReturnType<RequestCheck> {
    for (let at = first; at < checks.length; at++) {
      const failure = checks[at]!(req);
      if (isThenable<Failure | undefined>(failure))
        return Promise.resolve(failure).then((found) => (found === undefined ? from(req, at + 1) : answer(req, found)));
      if (failure !== undefined) return answer(req, failure);
    }
    return undefined;
  };
}

const failed = (part: RequestPart, result: SchemaResult & { valid: false }, refused?: true): Failure => ({
  part,
  errors: result.errors,
  ...(result.incomplete === true && { incomplete: true }),
  ...(refused && { refused }),
});

type PartCheck = (req: FwRequest) => Failure | undefined | Promise<Failure | undefined>;

// The coerced parts are checked on copies (of set-cookie's array too, node:http's one array header), so `bindings` and `headers` stay the raw strings; coercion changed the copy in place: that copy is what the handler reads.
const PART_CHECKS: Readonly<Record<RequestPart, (validate: SchemaValidator, lists: readonly string[]) => PartCheck>> = {
  params: (validate) => (req) => checked(req, 'params', validate, () => ({ ...req.bindings })),
  query: (validate) => (req) => checked(req, 'query', validate, () => parseUrlencoded(req.query)),
  headers: (validate, lists) => {
    const copy = (req: FwRequest): Record<string, unknown> => ({
      ...req.headers,
      ...(req.headers['set-cookie'] && { 'set-cookie': [...req.headers['set-cookie']] }),
    });
    const take = lists.length === 0 ? copy : (req: FwRequest) => splitLists(copy(req), lists);
    return (req) => checked(req, 'headers', validate, () => take(req));
  },
  body: (validate) => (req) => {
    if (METHODS_WITHOUT_BODY.has(req.method)) return undefined; // fw reads none: a DELETE beside a POST is not refused
    const refused = req.body === undefined && carriesBody(req.raw) ? unsupportedBodyType(req) : undefined;
    return refused === undefined ? checked(req, 'body', validate, () => req.body) : failed('body', refused, true);
  },
};

/** The schema, else the first of its anyOf/oneOf branches and what its `$ref` names (in turn), that is no bare `$ref` ('object') or allows arrays. */
export function schemaReached(
  schema: unknown,
  kind: 'object' | 'array',
  resolve: (ref: string) => unknown,
  seen = new Set<unknown>(),
): unknown {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return undefined; // seen: a $ref that leads back
  seen.add(schema);
  const { type, properties, anyOf, oneOf, $ref } = schema as Record<string, unknown>;
  if (kind === 'object' ? properties !== undefined || $ref === undefined : [type].flat().includes('array'))
    return schema;
  const branches = [anyOf, oneOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return [...branches, ...(typeof $ref === 'string' ? [resolve($ref)] : [])]
    .map((branch) => schemaReached(branch, kind, resolve, seen))
    .find((found) => found);
}

/** `headers` with each of `lists` split as RFC 9110 §5.6.1 reads a list, as OpenAPI's `style: simple` sends one (`x-ids: 1,2`) and node:http joins a repeated header (`1, 2`). */
function splitLists(headers: Record<string, unknown>, lists: readonly string[]): Record<string, unknown> {
  for (const name of lists)
    if (typeof headers[name] === 'string')
      headers[name] = headers[name]
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
  return headers;
}

/** `validate` on `take()`'s copy (taken again for a failing text part's issues): its failure, or undefined once settle gave the handler what it reads. */
function checked(
  req: FwRequest,
  part: RequestPart,
  validate: SchemaValidator,
  take: () => unknown,
  value = take(),
): ReturnType<PartCheck> {
  const result = validate(value, part === 'body' ? undefined : take);
  return isThenable<SchemaResult>(result)
    ? Promise.resolve(result).then((settled) => settle(req, part, value, settled))
    : settle(req, part, value, result);
}

/** The failure, or the part as the handler reads it set: the validator's output, else `value` as coercion left it (req.headers stays as it came). */
function settle(req: FwRequest, part: RequestPart, value: unknown, result: SchemaResult): Failure | undefined {
  if (!result.valid) return failed(part, result);
  const output = 'value' in result ? result.value : value;
  if (part === 'params') req.pathParams = output as Record<string, unknown>;
  else if (part === 'query') req.queryParams = output as Record<string, unknown>;
  else if (part === 'body') req.body = output;
}

/** The media types a body schema's route takes: what decode_json_body puts in `req.body` (`+json` types too). */
const ACCEPTED_BODY_TYPES: readonly string[] = ['application/json'];

/**
 * A body sent but not decoded: of another media type, or none (RFC 9110 §8.3), which the body schema cannot see: a
 * `contentType` failure fw answers 415 (as Hono does), onInvalid first. Undefined for a JSON type.
 */
function unsupportedBodyType(req: FwRequest): (SchemaResult & { valid: false }) | undefined {
  const mediaType = parseContentType(req.raw.headers['content-type'])?.mediaType;
  if (mediaType !== undefined && isJsonMediaType(mediaType)) return undefined;
  const params = { accepted: ACCEPTED_BODY_TYPES, received: mediaType ?? null };
  return { valid: false, errors: [{ path: '', keyword: 'contentType', message: 'unsupported media type', params }] };
}

// Capped in count and bytes (issues echo client input), so a hostile body cannot make a megabytes-long 400.
const MAX_LISTED_ISSUES = 10;
const MAX_LISTED_ISSUE_BYTES = 8 * 1024;

/** fw's own 400s and 415s, written as they are: projected through the app's schema for that status they would lose `details` (docs/decisions.md). */
export const defaultAnswers = new WeakSet<FwResponse>();
const markedDefault = (answer: FwResponse): FwResponse => (defaultAnswers.add(answer), answer);

/**
 * fw's `400 {"error": "invalid <part>", "details", "omitted"?, "incomplete"?}`: the first issues within
 * both caps, how many were left out, and whether checking stopped before finding every issue.
 */
function defaultAnswer(failure: SchemaFailure): FwResponse {
  const details: SchemaIssue[] = [];
  let bytes = 0;
  for (const issue of failure.errors) {
    bytes += Buffer.byteLength(JSON.stringify(issue)) + (details.length > 0 ? 1 : 0);
    if (details.length === MAX_LISTED_ISSUES || bytes > MAX_LISTED_ISSUE_BYTES) break;
    details.push(issue);
  }
  const omitted = failure.errors.length - details.length;
  const incomplete = failure.incomplete === true && { incomplete: true };
  return json({ error: `invalid ${failure.part}`, details, ...(omitted > 0 && { omitted }), ...incomplete }, 400);
}

/**
 * 415 for a body of a media type the route's body schema cannot see (unsupportedBodyType): the
 * accepted types in the body and in `accept-post` (W3C LDP §7.1) or `accept-patch` (RFC 5789 §3.1).
 */
function unsupportedMediaType(method: string): FwResponse {
  const header = method === 'POST' ? 'accept-post' : method === 'PATCH' ? 'accept-patch' : undefined;
  const headers = header === undefined ? undefined : { [header]: ACCEPTED_BODY_TYPES.join(', ') };
  return json({ error: 'unsupported media type', accepted: ACCEPTED_BODY_TYPES }, 415, headers);
}
