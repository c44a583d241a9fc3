/**
 * The per-request half of route schemas: runs a route's compiled validators on params, query,
 * headers and body, in that order, after security and body decoding and before the handler.
 * The first part that fails is answered (by the app's onInvalid hook, else fw's 400) in place
 * of the handler's answer, so post_request plugins still see it.
 */
import type { FwRequest } from '../http/request.ts';
import type { FwResponse } from '../http/response.ts';
import { isThenable } from '../promises.ts';
import type { RouteChecks } from './compile-route-schemas.ts';
import { defaultAnswer } from './invalid-request-answer.ts';
import type { RequestPart, SchemaFailure } from './route-schema.ts';

/** The answer for a request that fails its schema, or undefined to run the handler. */
export function checkRequest(checks: RouteChecks, req: FwRequest): FwResponse | Promise<FwResponse> | undefined {
  for (const { part, validate } of checks.parts) {
    const value = partValue(part, req);
    const result = validate(value);
    if (!result.valid) return answerInvalid(checks, result.incomplete === true ? { part, errors: result.errors, incomplete: true } : { part, errors: result.errors }, req);
    // Coercion changed the copy in place: that copy is what the handler reads.
    if (part === 'params') req.pathParams = value as Record<string, unknown>;
    else if (part === 'query') req.queryParams = value as Record<string, unknown>;
  }
  return undefined;
}

/** What a part's validator sees: copies for the coerced parts, so `bindings` and `headers` stay the raw strings. */
function partValue(part: RequestPart, req: FwRequest): unknown {
  switch (part) {
    case 'params':
      return { ...req.bindings };
    case 'query':
      return parseQuery(req.query);
    case 'headers':
      return { ...req.headers };
    case 'body':
      return req.body;
  }
}

/**
 * `a=1&b=2&b=3` → `{a: '1', b: ['2', '3']}`: a name given once is a string, given again an
 * array, so a schema can refuse repeats (`type: 'integer'` fails on an array). A null-prototype
 * object, so `__proto__=x` is just a key.
 */
export function parseQuery(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(query)) {
    const seen = out[name];
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

function answerInvalid(checks: RouteChecks, failure: SchemaFailure, req: FwRequest): FwResponse | Promise<FwResponse> {
  const hook = checks.onInvalid;
  const fallback = (answer: FwResponse | undefined): FwResponse => answer ?? defaultAnswer(failure);
  if (hook === undefined) return defaultAnswer(failure);
  const answer = hook(failure, req);
  return isThenable<FwResponse | undefined>(answer) ? Promise.resolve(answer).then(fallback) : fallback(answer);
}
