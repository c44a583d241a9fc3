/**
 * The JSON object a create or update needs (spec: 422 `{error}` "when no decoded JSON body is
 * present"). fw_request_plugin leaves `req.body` undefined for no body, an empty body or a
 * content type other than JSON, so all three are "request body required".
 */
import { json, type FwRequest, type JsonResponse } from 'fw-core';

/** The decoded body when it is a JSON object, else the 422 to answer. */
export function objectBody(
  req: FwRequest,
):
  | { readonly ok: true; readonly value: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly response: JsonResponse } {
  const body = req.body;
  if (body === undefined) return { ok: false, response: json({ error: 'request body required' }, 422) };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, response: json({ error: 'request body must be a JSON object' }, 422) };
  }
  return { ok: true, value: body as Readonly<Record<string, unknown>> };
}
