/**
 * A readiness route: 503 as soon as the listener drains or while a dependency the app names does
 * not answer, so balancers stop sending traffic before the instance stops listening. Answers are
 * `cache-control: no-store` (a cached "ready" would hide the drain), without `retry-after`.
 */
import type { Lifecycle } from '../app/app.ts';
import type { InlineHandler } from '../app/controller.ts';
import { MAX_TIMER_MS } from '../config/validate-config.ts';
import { FwError } from '../errors.ts';
import { json, type JsonResponse } from '../http/response.ts';
import { withTimeout } from '../promises.ts';

/** Options of readinessHandler. */
export interface ReadinessOptions {
  /** The listener's lifecycle (RoutesContext or AppContext `lifecycle`). */
  readonly lifecycle: Lifecycle;
  /** Named checks (`{store: () => store.ping()}`): a throw, a rejection or no answer within timeoutMs fails the check. */
  readonly checks?: Readonly<Record<string, () => unknown>>;
  /** Longest wait for the checks, ms; default 1000, below a typical probe timeout. */
  readonly timeoutMs?: number;
}

// A new answer each time: a post_request plugin may add headers to the one it is given.
const answer = (body: Record<string, unknown>, status: number): JsonResponse =>
  json(body, status, { 'cache-control': 'no-store' });

/** A handler answering 200 `{"status":"ready"}`, or 503 `{"status":"draining"}` / `{"status":"unavailable","failed":[names]}`. */
export function readinessHandler(options: ReadinessOptions): InlineHandler {
  const { lifecycle, checks = {}, timeoutMs = 1_000 } = options ?? ({} as ReadinessOptions);
  const bad = (message: string): FwError => new FwError('FW_ERR_READINESS_BAD_OPTIONS', `readinessHandler: ${message}`);
  if (typeof lifecycle !== 'object' || lifecycle === null || typeof lifecycle.draining !== 'boolean')
    throw bad('lifecycle must be the Lifecycle of RoutesContext or AppContext');
  for (const [name, check] of Object.entries(checks))
    if (typeof check !== 'function') throw bad(`checks.${name} must be a function`);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMER_MS)
    throw bad(`timeoutMs must be an integer from 1 to ${MAX_TIMER_MS}, got ${String(timeoutMs)}`);
  const names = Object.keys(checks);
  const state = (failed: readonly string[]): JsonResponse =>
    lifecycle.draining
      ? answer({ status: 'draining' }, 503)
      : failed.length === 0
        ? answer({ status: 'ready' }, 200)
        : answer({ status: 'unavailable', failed }, 503);
  if (names.length === 0) return () => state([]);
  // Single-flight: probes arriving while the checks run share that run, so a flood of them pings the database once; dropped once settled, so the next probe sees a change at once.
  let running: Promise<string[]> | undefined;
  const run = (): Promise<string[]> =>
    (running ??= failedChecks(names, checks, timeoutMs).finally(() => (running = undefined)));
  return async () => (lifecycle.draining ? state([]) : state(await run()));
}

/** The names of the checks that threw, rejected or did not settle within `timeoutMs`, in `names` order. */
async function failedChecks(
  names: readonly string[],
  checks: ReadinessOptions['checks'] & {},
  timeoutMs: number,
): Promise<string[]> {
  const passed = new Set<string>();
  // The executor calls the check at once and turns its throw into a rejection.
  const runs = names.map((name) => new Promise((resolve) => resolve(checks[name]!())).then(() => passed.add(name)));
  await withTimeout(Promise.allSettled(runs), timeoutMs);
  return names.filter((name) => !passed.has(name));
}
