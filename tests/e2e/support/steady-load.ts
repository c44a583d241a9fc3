/**
 * Steady GET and POST traffic through a load balancer for as long as a test needs it: a fixed
 * number of clients, each on its own keep-alive connection (as a browser or an API client
 * behind the balancer), each sending one request at a time with a short pause, in a cycle of
 * POST /api/posts (a title no other request uses, so the database can be counted), GET of the
 * post just created, GET /api/posts?limit=5. Every request is recorded with what came back:
 * the answer the route promises, or what went wrong (another status, a connection error, no
 * answer in time). Bounded: stop() ends it, and a request gets at most REQUEST_TIMEOUT_MS.
 *
 * With `retryWrites`, the clients follow docs/operations.md, "Clients and retries": every POST
 * carries an `Idempotency-Key`, and a POST whose outcome is unknown (a 502 or 504, or no answer)
 * is sent once more with the same key; the first attempt's failure is kept on the outcome.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** A request with no answer after this long is recorded as failed. */
const REQUEST_TIMEOUT_MS = 15_000;

/** One request and what came back. */
export interface Outcome {
  readonly client: number;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** When it was sent (Date.now()). */
  readonly at: number;
  /** The status, when an answer came. */
  readonly status?: number;
  /** The connection error or timeout, when none came. */
  readonly error?: string;
  /** The POST's title. */
  readonly title?: string;
  /** The id a 201 answered. */
  readonly id?: number;
  /** Why the answer is not the one the route promises; undefined when it is. */
  readonly failure?: string;
  /** With `retryWrites`: why the first attempt of a POST that was sent again failed. */
  readonly firstFailure?: string;
}

/** Options of startSteadyLoad. */
export interface LoadOptions {
  /** The balancer's URL. */
  readonly url: string;
  readonly clients: number;
  /** Bearer token of the writes. */
  readonly token: string;
  /** Prefix of every title, unique to the run. */
  readonly titlePrefix: string;
  /** Pause between one client's requests. */
  readonly pauseMs: number;
  /** Send POSTs with an Idempotency-Key and resend one whose outcome is unknown once, with that key. */
  readonly retryWrites?: boolean;
}

/** Running traffic. */
export interface SteadyLoad {
  /** Every request so far. */
  outcomes(): readonly Outcome[];
  /** Stops the clients after their current request and resolves to every outcome. */
  stop(): Promise<readonly Outcome[]>;
}

/** Starts the clients. */
export function startSteadyLoad(options: LoadOptions): SteadyLoad {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const clients = Array.from({ length: options.clients }, (_, n) => runClient(n, options, outcomes, () => stopped));
  return {
    outcomes: () => outcomes,
    async stop() {
      stopped = true;
      await Promise.all(clients);
      return outcomes;
    },
  };
}

async function runClient(n: number, options: LoadOptions, outcomes: Outcome[], stopped: () => boolean): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(options.url);
  let lastId: number | undefined;
  try {
    for (let i = 0; !stopped(); i += 1) {
      const step = i % 3;
      const outcome =
        step === 0 ? await createOnce(agent, target, n, `${options.titlePrefix} c${n} #${i}`, options)
        : step === 1 && lastId !== undefined ? await read(agent, target, n, `/api/posts/${lastId}`)
        : await read(agent, target, n, '/api/posts?limit=5');
      outcomes.push(outcome);
      if (outcome.id !== undefined) lastId = outcome.id;
      await sleep(options.pauseMs);
    }
  } finally {
    agent.destroy();
  }
}

/** A POST, resent once with its Idempotency-Key when `retryWrites` and its outcome is unknown. */
async function createOnce(agent: Agent, target: URL, client: number, title: string, options: LoadOptions): Promise<Outcome> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  if (!options.retryWrites) return create(agent, target, client, title, headers);
  headers['idempotency-key'] = randomUUID();
  const first = await create(agent, target, client, title, headers);
  if (first.failure === undefined || !outcomeUnknown(first)) return first;
  return { ...(await create(agent, target, client, title, headers)), at: first.at, firstFailure: first.failure };
}

/** A write the client cannot know the fate of: a gateway's 502 or 504, or no answer at all. */
function outcomeUnknown(outcome: Outcome): boolean {
  return outcome.error !== undefined || outcome.status === 502 || outcome.status === 504;
}

async function create(agent: Agent, target: URL, client: number, title: string, headers: Record<string, string>): Promise<Outcome> {
  const path = '/api/posts';
  const body = JSON.stringify({ title, body: `written by client ${client}`, status: 'published', user_id: client + 1 });
  const base = { client, method: 'POST' as const, path, title, at: Date.now() };
  const answer = await send(agent, target, 'POST', path, headers, body);
  if ('error' in answer) return { ...base, error: answer.error, failure: answer.error };
  const json = parse(answer.text);
  const ok = answer.status === 201 && typeof json?.id === 'number' && json.title === title;
  return { ...base, status: answer.status, ...(ok ? { id: json.id as number } : { failure: `${answer.status} ${answer.text.slice(0, 200)}` }) };
}

async function read(agent: Agent, target: URL, client: number, path: string): Promise<Outcome> {
  const base = { client, method: 'GET' as const, path, at: Date.now() };
  const answer = await send(agent, target, 'GET', path, {}, undefined);
  if ('error' in answer) return { ...base, error: answer.error, failure: answer.error };
  const ok = answer.status === 200 && parse(answer.text) !== undefined;
  return { ...base, status: answer.status, ...(!ok && { failure: `${answer.status} ${answer.text.slice(0, 200)}` }) };
}

/** An answer, or the connection error or timeout that came instead. */
export type Answer = { readonly status: number; readonly headers: IncomingHttpHeaders; readonly text: string } | { readonly error: string };

/** Sends one request on `agent` (false: a connection of its own) and resolves to its answer; never rejects. */
export function send(agent: Agent | false, target: URL, method: string, path: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: target.hostname, port: target.port, method, path, headers, agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => resolve({ error: `response: ${error.message}` }));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: `${error.code ?? 'error'}: ${error.message}` }));
    req.end(body);
  });
}

/** The parsed JSON body; undefined when it does not parse. */
export function parse(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Runs `during` under the load of `options`, with `steadyMs` of traffic before and after it; resolves to every outcome,
 * when the load started (Date.now()) and what `during` gave. The load stops whatever `during` does.
 */
export async function underSteadyLoad<T>(options: LoadOptions, steadyMs: number, during: (startedAt: number) => Promise<T>): Promise<{ outcomes: readonly Outcome[]; startedAt: number; result: T }> {
  const load = startSteadyLoad(options);
  const startedAt = Date.now();
  try {
    await sleep(steadyMs);
    const result = await during(startedAt);
    await sleep(steadyMs);
    return { outcomes: await load.stop(), startedAt, result };
  } finally {
    await load.stop();
  }
}

/** Counts for a report: requests by method, failures. */
export function loadFigures(outcomes: readonly Outcome[]): { requests: number; gets: number; posts: number; acknowledged: number; failures: number; resent: number } {
  return {
    resent: outcomes.filter((o) => o.firstFailure !== undefined).length,
    requests: outcomes.length,
    gets: outcomes.filter((o) => o.method === 'GET').length,
    posts: outcomes.filter((o) => o.method === 'POST').length,
    acknowledged: outcomes.filter((o) => o.id !== undefined).length,
    failures: outcomes.filter((o) => o.failure !== undefined).length,
  };
}

/** The failed requests as lines `+<ms> client <n> <method> <path>: <why>` (the first `max`), relative to `start`. */
export function describeFailures(outcomes: readonly Outcome[], start: number, max = 20): string {
  const failed = outcomes.filter((o) => o.failure !== undefined);
  const lines = failed.slice(0, max).map((o) => `+${o.at - start} ms client ${o.client} ${o.method} ${o.path}: ${o.failure!.replace(/\s+/g, ' ').slice(0, 160)}`);
  return `${failed.length} of ${outcomes.length} requests failed${failed.length > max ? ` (the first ${max})` : ''}:\n${lines.join('\n')}`;
}
