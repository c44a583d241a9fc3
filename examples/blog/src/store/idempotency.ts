/**
 * The store side of Idempotency-Key (IETF httpapi draft "The Idempotency-Key HTTP Header
 * Field"), one rule for every store: a key is kept per scope (method, route, credential) with
 * the request's fingerprint and the answer of its first run, until it expires. A key found alive
 * answers `replay` (same fingerprint) or `mismatch`; an expired one counts as absent and is
 * replaced. Expired keys are swept lazily, at most once per PURGE_INTERVAL_MS, by a write that
 * carries a key: nothing runs on a timer.
 */
import type { IdempotencyClaim, IdempotentOutcome, KeptAnswer } from './store.ts';

/** A kept key as a store reads it back. */
export interface KeptKey {
  readonly fingerprint: string;
  readonly expiresMs: number;
  readonly answer: KeptAnswer;
}

/** How often, at most, a store deletes every expired key (on the store's clock). */
export const PURGE_INTERVAL_MS = 60_000;

/** What `kept` means for `claim` at `nowMs`: the outcome to answer, or undefined when the write must run. */
export function keptOutcome(kept: KeptKey | undefined, claim: IdempotencyClaim, nowMs: number): IdempotentOutcome<never> | undefined {
  if (kept === undefined || kept.expiresMs <= nowMs) return undefined;
  return kept.fingerprint === claim.fingerprint ? { kind: 'replay', answer: kept.answer } : { kind: 'mismatch' };
}

/** A function answering true when a sweep of expired keys is due at `nowMs` (and then not again for a while). */
export function purgeSchedule(): (nowMs: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (nowMs) => {
    if (nowMs - last < PURGE_INTERVAL_MS && nowMs >= last) return false;
    last = nowMs;
    return true;
  };
}

/** The store clock's time in milliseconds, or the system's when the clock answers an invalid Date. */
export function clockMs(now: () => Date): number {
  const ms = now().getTime();
  return Number.isNaN(ms) ? Date.now() : ms;
}
