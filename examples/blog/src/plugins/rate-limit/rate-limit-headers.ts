/**
 * Header values of rate_limit_plugin, after the IETF draft "RateLimit header fields for HTTP"
 * (draft-ietf-httpapi-ratelimit-headers-10): `RateLimit-Policy: "default";q=<limit>;w=<window s>`
 * once per policy, `RateLimit: "default";r=<remaining>;t=<seconds to reset>` per response, and
 * `Retry-After` (RFC 9110 §10.2.3) on 429, which generic clients read.
 */

/** The `RateLimit-Policy` value of a policy. */
export function policyHeader(maxRequests: number, windowMs: number): string {
  return `"default";q=${maxRequests};w=${Math.ceil(windowMs / 1000)}`;
}

/** The `RateLimit` value: requests left (never below 0) and whole seconds until the window ends. */
export function rateLimitHeader(remaining: number, resetSeconds: number): string {
  return `"default";r=${remaining > 0 ? remaining : 0};t=${resetSeconds}`;
}

/** Whole seconds from `now` until `resetAt` (both ms), rounded up. */
export function secondsUntil(resetAt: number, now: number): number {
  const ms = resetAt - now;
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}
