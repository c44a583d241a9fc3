/** `bearerAuth`: a group's security callback for `Authorization: Bearer <token>` (RFC 6750), as Hono's `bearerAuth`. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { FwError } from '../errors.ts';
import type { FwRequest } from '../http/request.ts';
import { isThenable } from '../http/response.ts';
import type { SecurityCallback, SecurityResult } from './route-group.ts';

/** The accepted tokens (none while unset, `''` or `[]`), or a function that decides each token. */
export type BearerAuthOptions =
  { readonly token: string | readonly string[] | undefined } | { readonly verifyToken: VerifyToken };

/** Decides a bearer token: a security result, sync or async. */
type VerifyToken = (token: string, req: FwRequest) => SecurityResult | Promise<SecurityResult>;

/** The scheme in any case (RFC 9110 §11.1), spaces, then an RFC 6750 b64token. */
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** What checks a token while no token is set: every request is refused, and fw warns at start. */
const REFUSE = (): boolean => false;

/**
 * Lets a request through when its bearer token is one of `token` (compared as SHA-256 digests in
 * constant time: neither content nor length leaks) or `verifyToken` allows it; otherwise fw's 401
 * with `www-authenticate: Bearer`. `fw openapi` documents it as the `bearerAuth` http scheme.
 */
export function bearerAuth(options: BearerAuthOptions): SecurityCallback {
  const verify =
    'verifyToken' in options && typeof options.verifyToken === 'function'
      ? nullRefuses(options.verifyToken)
      : acceptTokens(options);
  const bearerAuth = (req: FwRequest): SecurityResult | Promise<SecurityResult> => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    return token !== undefined && verify(token, req);
  };
  return Object.assign(bearerAuth, {
    securityScheme: { name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' } },
    refusesEveryRequest: verify === REFUSE,
  });
}

/** `verify` answering null or undefined (a lookup that found no such token) refuses, as false does: a 401, not a 500. */
const nullRefuses =
  (verify: VerifyToken): VerifyToken =>
  (token, req) => {
    const result = verify(token, req);
    return isThenable<SecurityResult>(result)
      ? Promise.resolve(result).then((settled) => settled ?? false)
      : (result ?? false);
  };

function acceptTokens(options: BearerAuthOptions): (given: string) => boolean {
  // An unset variable in a list (JavaScript passes it) is as unset as a single one: refused requests and the warning.
  const tokens: unknown[] | undefined =
    'token' in options
      ? [options.token ?? []].flat().filter((token) => token !== '' && token !== undefined)
      : undefined;
  if (
    tokens === undefined ||
    !tokens.every((token) => typeof token === 'string' && BEARER.exec(`Bearer ${token}`)?.[1] === token)
  ) {
    throw new FwError(
      'FW_ERR_SECURITY_BAD_OPTIONS',
      "bearerAuth needs {verifyToken: (token, req) => result} or {token}: a string or a list a Bearer header can carry (RFC 6750: letters, digits, - . _ ~ + / then '=' padding; e.g. openssl rand -hex 32)",
    );
  }
  const expected = (tokens as string[]).map(digest);
  if (expected.length === 0) return REFUSE;
  return (given) => expected.reduce((match, one) => timingSafeEqual(digest(given), one) || match, false);
}
