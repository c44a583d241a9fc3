/**
 * One measured autocannon run (after a warm-up): requests/s and the server's CPU µs per request,
 * for any URL with a CPU reader (harness.ts drives its forked contenders through it); medians
 * come from harness.ts.
 */
import autocannon from 'autocannon';

/** One measured run. */
export interface LoadFigure {
  readonly rps: number;
  readonly cpuPerRequest: number;
  /** Responses the load generator read, warm-up included: what a traced server must have a span for. */
  readonly answered: number;
  /**
   * Most requests that can have been in flight when the runs stopped (one per connection per run,
   * warm-up included): the server may still answer and trace them. (autocannon's own count of
   * requests sent is too high at a fixed rate.)
   */
  readonly inFlightAtStop: number;
}

/** What `measureLoad` drives: a URL and a way to read the server's CPU time in µs. */
export interface LoadTarget {
  readonly url: string;
  cpuMicros(): Promise<number>;
}

/**
 * 1 s warm-up, then `seconds` of load on `request` (a path to GET, or an autocannon request such
 * as a POST with its body); throws on any non-2xx or error. `rate` (requests per second over all
 * connections) holds the load there instead of sending as fast as the server answers.
 */
export async function measureLoad(target: LoadTarget, request: string | autocannon.Request, seconds: number, connections: number, rate?: number): Promise<LoadFigure> {
  const requests: autocannon.Request[] = [typeof request === 'string' ? { method: 'GET', path: request } : request];
  const path = requests[0]?.path ?? '/';
  const overallRate = rate === undefined ? {} : { overallRate: rate };
  const warmup = await autocannon({ url: target.url, connections, duration: 1, requests, ...overallRate });
  const before = await target.cpuMicros();
  const result = await autocannon({ url: target.url, connections, duration: seconds, requests, ...overallRate });
  const cpu = (await target.cpuMicros()) - before;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.url}${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const served = result.requests.total;
  return { rps: served / seconds, cpuPerRequest: cpu / served, answered: warmup.requests.total + served, inFlightAtStop: 2 * connections };
}
