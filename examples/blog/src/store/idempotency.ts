/**
 * The store side of Idempotency-Key (IETF httpapi draft "The Idempotency-Key HTTP Header
 * Field"), one rule for every store: a key is kept per scope (method, route, credential) with
 * the request's fingerprint and the answer of its first run, until it expires. A key found alive
 * answers `replay` (same fingerprint) or `mismatch`; an expired one counts as absent and is
 * replaced. Expired keys are swept lazily, at most once per PURGE_INTERVAL_MS (and PURGE_BATCH of
 * them at a time in the SQL stores), by a write that carries a key: nothing runs on a timer.
 */
import type { IdempotencyClaim, IdempotentOutcome, KeptAnswer } from './store.ts';

/** A kept key as a store reads it back. */
export interface KeptKey {
  readonly fingerprint: string;
  readonly expiresMs: number;
  readonly answer: KeptAnswer;
}

/** How long a key lives unless `blog.idempotency_key_ttl_ms` says otherwise: 24 hours. */
export const DEFAULT_KEY_TTL_MS = 86_400_000;

/** How often, at most, a store deletes every expired key (on the store's clock). */
export const PURGE_INTERVAL_MS = 60_000;

/** What `kept` means for `claim` at `nowMs`: the outcome to answer, or undefined when the write must run. */
export function keptOutcome(
  kept: KeptKey | undefined,
  claim: IdempotencyClaim,
  nowMs: number,
): IdempotentOutcome<never> | undefined {
  if (kept === undefined || kept.expiresMs <= nowMs) return undefined;
  return kept.fingerprint === claim.fingerprint ? { kind: 'replay', answer: kept.answer } : { kind: 'mismatch' };
}

/**
 * Most expired keys one sweep of an SQL store deletes. A sweep runs inside the transaction of the keyed write that is
 * due to run it, so it must stay short whatever has piled up: one DELETE of every expired key (a day of keys expiring
 * at once) outlasted the statement timeout, failed that write (503) and rolled back, every minute, for good.
 */
export const PURGE_BATCH = 1000;

/** When a store sweeps expired keys: `due` at `nowMs`; `swept(deleted)` says how many the sweep deleted. */
export interface PurgeSchedule {
  due(nowMs: number): boolean;
  swept(deleted: number): void;
}

/**
 * A sweep is due at most once per PURGE_INTERVAL_MS, and at the next keyed write again when a sweep deleted a full
 * PURGE_BATCH: a backlog then goes a batch per keyed write.
 */
export function purgeSchedule(): PurgeSchedule {
  let last = Number.NEGATIVE_INFINITY;
  return {
    due(nowMs) {
      if (nowMs - last < PURGE_INTERVAL_MS && nowMs >= last) return false;
      last = nowMs;
      return true;
    },
    swept(deleted) {
      if (deleted >= PURGE_BATCH) last = Number.NEGATIVE_INFINITY;
    },
  };
}

/**
 * The keys of a store kept in memory, with the same rule: a function that answers a claim's kept
 * outcome, or runs `write` and keeps `answer(result)`. Synchronous, so nothing interleaves
 * between the lookup and the keeping, and `in_progress` never happens.
 */
export function memoryKeys(
  ttlMs: number,
): <T>(
  claim: IdempotencyClaim,
  nowMs: number,
  write: () => T,
  answer: (result: T) => KeptAnswer,
) => IdempotentOutcome<T> {
  const keys = new Map<string, KeptKey>();
  const purge = purgeSchedule();
  return (claim, nowMs, write, answer) => {
    if (purge.due(nowMs)) for (const [id, key] of keys) if (key.expiresMs <= nowMs) keys.delete(id);
    const id = `${claim.scope}\n${claim.key}`;
    const found = keptOutcome(keys.get(id), claim, nowMs);
    if (found !== undefined) return found;
    const result = write();
    keys.set(id, { fingerprint: claim.fingerprint, expiresMs: nowMs + ttlMs, answer: answer(result) });
    return { kind: 'ran', result };
  };
}

/** The store clock's time in milliseconds, or the system's when the clock answers an invalid Date. */
export function clockMs(now: () => Date): number {
  const ms = now().getTime();
  return Number.isNaN(ms) ? Date.now() : ms;
}
