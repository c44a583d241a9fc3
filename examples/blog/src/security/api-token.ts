/**
 * Bearer-token protection of the write routes (the spec leaves the credential open:
 * "Authentication" item 4). A configured BLOG_API_TOKEN is enforced in every environment, and
 * prod refuses to start without one. The token is checked once at start; each request's token
 * is compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FwRequest, SecurityCallback, SecurityResult, SecuritySchemeDeclaration } from 'fw-core';
import { BlogError } from '../errors.ts';

/** Shortest BLOG_API_TOKEN accepted. */
export const MIN_API_TOKEN_LENGTH = 16;

/** RFC 6750 §2.1 b64token: what an Authorization header can carry after `Bearer `. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
/** The scheme is case-insensitive (RFC 9110 §11.1); one or more spaces before the token. */
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** fw answers it `{"error": "unauthorized"}` with `www-authenticate: Bearer`, the challenge of BEARER_SCHEME. */
const DENY = { allow: false, status: 401 } as const satisfies SecurityResult;

/**
 * True when POST, PUT and DELETE need the API token: always in prod, and in any environment
 * once BLOG_API_TOKEN is set. A token someone configured but the routes ignore would be worse
 * than none: it looks like protection. Empty counts as unset, as it does for fw's variables.
 */
export function protectsWrites(environment: string, env: NodeJS.ProcessEnv): boolean {
  return environment === 'prod' || hasApiToken(env);
}

/** True when BLOG_API_TOKEN is set and not empty. */
function hasApiToken(env: NodeJS.ProcessEnv): boolean {
  return env.BLOG_API_TOKEN !== undefined && env.BLOG_API_TOKEN !== '';
}

/** The SHA-256 of BLOG_API_TOKEN; throws a coded start-up error when it is unset or weak. */
export function readApiToken(env: NodeJS.ProcessEnv): Buffer {
  const token = env.BLOG_API_TOKEN;
  if (token === undefined || token === '') {
    throw new BlogError(
      'BLOG_ERR_API_TOKEN_MISSING',
      `BLOG_API_TOKEN is not set: with FW_ENV=prod, POST, PUT and DELETE /api/posts need "Authorization: Bearer <token>"; set BLOG_API_TOKEN to a random secret of at least ${MIN_API_TOKEN_LENGTH} characters (e.g. openssl rand -hex 32)`,
    );
  }
  if (token.length < MIN_API_TOKEN_LENGTH) {
    throw new BlogError(
      'BLOG_ERR_API_TOKEN_WEAK',
      `BLOG_API_TOKEN is ${token.length} characters long; use at least ${MIN_API_TOKEN_LENGTH} (e.g. openssl rand -hex 32)`,
    );
  }
  if (!B64TOKEN.test(token)) {
    throw new BlogError(
      'BLOG_ERR_API_TOKEN_WEAK',
      'BLOG_API_TOKEN may hold only letters, digits and - . _ ~ + / (then = padding), so that a Bearer header can carry it (RFC 6750)',
    );
  }
  return sha256(token);
}

/** The credential requireApiToken checks, as `fw openapi` documents it (RFC 6750 bearer). */
export const BEARER_SCHEME: SecuritySchemeDeclaration = {
  name: 'bearerAuth',
  scheme: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <BLOG_API_TOKEN>' },
};

/**
 * The group security callback; `expected` returns the token digest once the app has started.
 * Every refusal is DENY, so it declares 401 alone: `fw openapi` lists no 403 it cannot give.
 */
export function createRequireApiToken(expected: () => Buffer | undefined): SecurityCallback {
  return Object.assign(
    function requireApiToken(req: FwRequest): SecurityResult {
      const digest = expected();
      const header = req.headers.authorization;
      const match = header === undefined ? null : BEARER.exec(header);
      if (digest === undefined || match === null) return DENY;
      // Comparing fixed-length digests keeps both the content and the length of the token secret.
      return timingSafeEqual(sha256(match[1] as string), digest) ? true : DENY;
    },
    { securityScheme: BEARER_SCHEME, responses: [DENY.status] },
  );
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
