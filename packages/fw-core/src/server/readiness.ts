/**
 * A readiness route, apart from liveness: 503 as soon as the listener drains (a stop has begun)
 * or while a dependency the app names does not answer, so a balancer or Kubernetes stops
 * sending traffic before the instance stops listening. Every answer is `cache-control:
 * no-store` (a cached "ready" would hide the drain) and has no `retry-after`: a probe retries on
 * its own period, and a client has nothing to retry.
 */
import type { InlineHandler } from '../app/controller.ts';
import { FwError } from '../errors.ts';
import { json, type HeaderMap, type JsonResponse } from '../http/response.ts';
import { isThenable } from '../promises.ts';
import type { Lifecycle } from '../app/lifecycle.ts';
import { MAX_TIMER_MS } from '../config/validate-config.ts';

/** Options of readinessHandler. */
export interface ReadinessOptions {
  /** The listener's lifecycle (RoutesContext or AppContext `lifecycle`). */
  readonly lifecycle: Lifecycle;
  /** Named checks (`{store: () => store.ping()}`): a throw, a rejection or no answer within timeoutMs fails the check. */
  readonly checks?: Readonly<Record<string, () => unknown>>;
  /** Longest wait for the checks, ms; default 1000, below a typical probe timeout. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 1_000;

// A new answer each time: a post_request plugin may add headers to the one it is given.
const noStore = (): HeaderMap => ({ 'cache-control': 'no-store' });
const draining = (): JsonResponse => json({ status: 'draining' }, 503, noStore());
const ready = (): JsonResponse => json({ status: 'ready' }, 200, noStore());

/** A handler answering 200 `{"status":"ready"}`, or 503 `{"status":"draining"}` / `{"status":"unavailable","failed":[names]}`. */
export function readinessHandler(options: ReadinessOptions): InlineHandler {
  const { lifecycle, checks, timeoutMs } = checkedOptions(options);
  const names = Object.keys(checks);
  if (names.length === 0) return () => (lifecycle.draining ? draining() : ready());
  return async () => {
    if (lifecycle.draining) return draining();
    const failed = await failedChecks(names, checks, timeoutMs);
    if (lifecycle.draining) return draining();
    return failed.length === 0 ? ready() : json({ status: 'unavailable', failed }, 503, noStore());
  };
}

type Checks = Readonly<Record<string, () => unknown>>;

/** The names of the checks that threw, rejected or did not settle within `timeoutMs`, in `names` order. */
async function failedChecks(names: readonly string[], checks: Checks, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    const passed = await Promise.all(names.map((name) => passes(checks[name]!, late)));
    return names.filter((_, index) => !passed[index]);
  } finally {
    clearTimeout(timer);
  }
}

function passes(check: () => unknown, late: Promise<boolean>): boolean | Promise<boolean> {
  let result: unknown;
  try {
    result = check();
  } catch {
    return false;
  }
  if (!isThenable(result)) return true;
  return Promise.race([Promise.resolve(result).then(() => true, () => false), late]);
}

function checkedOptions(options: ReadinessOptions): Required<ReadinessOptions> {
  const { lifecycle, checks = {}, timeoutMs = DEFAULT_TIMEOUT_MS } = options ?? ({} as ReadinessOptions);
  if (typeof lifecycle !== 'object' || lifecycle === null || typeof lifecycle.draining !== 'boolean') {
    throw badOptions('lifecycle must be the Lifecycle of RoutesContext or AppContext');
  }
  for (const [name, check] of Object.entries(checks)) {
    if (typeof check !== 'function') throw badOptions(`checks.${name} must be a function`);
  }
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMER_MS) {
    throw badOptions(`timeoutMs must be an integer from 1 to ${MAX_TIMER_MS}, got ${String(timeoutMs)}`);
  }
  return { lifecycle, checks, timeoutMs };
}

function badOptions(message: string): FwError {
  return new FwError('FW_ERR_READINESS_BAD_OPTIONS', `readinessHandler: ${message}`);
}

