/**
 * Applies a group's security callback (spec: "Authentication"; contract in docs/pipeline.md, "Security").
 * A denial always has a body, so a client sees why it was refused: the callback's, else JSON
 * `{"error": "unauthorized"}` (401), `"forbidden"` (403) or `"access denied"`.
 */
import type { SecurityCallback, SecurityResult } from '../app/route-group.ts';
import { FwError } from '../errors.ts';
import type { FwRequest } from '../http/request.ts';
import type { HeaderMap } from '../http/response.ts';
import { isThenable } from '../promises.ts';

/** What the pipeline does after security. */
export type SecurityOutcome =
  | { readonly kind: 'allow' }
  | { readonly kind: 'deny'; readonly status: number; readonly headers: HeaderMap; readonly body: unknown }
  | { readonly kind: 'redirect'; readonly location: string };

const DEFAULT_DENY_BODY: Readonly<Record<number, string>> = { 401: 'unauthorized', 403: 'forbidden' };

/**
 * Runs `callback` for `req`; sets `req.auth_data` on `{allow: true, auth_data}`. Throws (or
 * rejects with) what the callback throws. Synchronous callbacks get a synchronous answer.
 */
export function runSecurity(callback: SecurityCallback, req: FwRequest): SecurityOutcome | Promise<SecurityOutcome> {
  const result = callback(req);
  return isThenable<SecurityResult>(result) ? Promise.resolve(result).then((settled) => interpret(callback, req, settled)) : interpret(callback, req, result);
}

const ALLOW: SecurityOutcome = { kind: 'allow' };

function interpret(callback: SecurityCallback, req: FwRequest, result: SecurityResult): SecurityOutcome {
  if (result === true) return ALLOW;
  if (result === false) return deny(401, {}, undefined);
  if (typeof result === 'object' && result !== null) {
    if ('redirect' in result && typeof result.redirect === 'string') return { kind: 'redirect', location: result.redirect };
    if ('allow' in result && result.allow === true) {
      if ('auth_data' in result) req.auth_data = result.auth_data;
      return ALLOW;
    }
    if ('allow' in result && result.allow === false) {
      const status = result.status ?? 401;
      if (Number.isInteger(status) && status >= 400 && status <= 599) return deny(status, result.headers ?? {}, result.body);
    }
  }
  throw new FwError('FW_ERR_SECURITY_BAD_RESULT', `security callback ${callback.name || '(anonymous)'} returned an invalid result`);
}

function deny(status: number, headers: HeaderMap, body: unknown): SecurityOutcome {
  return { kind: 'deny', status, headers, body: body ?? { error: DEFAULT_DENY_BODY[status] ?? 'access denied' } };
}
