/**
 * Request ids: an incoming `x-request-id` is kept when it is safe to echo and log (1–128
 * characters of `[A-Za-z0-9._:@/+=-]`); anything else is replaced by a fresh UUID.
 */
import { randomUUID } from 'node:crypto';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The id to use for a request whose `x-request-id` header is `incoming`. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}
