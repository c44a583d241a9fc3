/**
 * Clients that follow docs/operations.md, "Clients and retries", to the letter, for tests that break instances under
 * them. Each client loops over one post's life: POST it, GET it, PUT a new body, GET the list, and every other post
 * DELETE it. Every write carries an `Idempotency-Key` of its own, and each request is resent as the table says: a 503
 * with Retry-After and a 409 `idempotency_key_in_use` after the delay, the balancer's 502/503/504 pages, the blog's 504
 * `write_outcome_unknown` and a connection error at once, writes with the same key; a 422 `idempotency_key_reused` is
 * not resent. Every answer is recorded with the table's row (`classifyAnswer`), so a test can check each answer is one
 * the table lists and compare what the clients were told with what the database holds (`compareKeyedWrites`).
 * Bounded: stop() lets each client finish the request it is on (resent until settled, for at most `settleMs`).
 */
import { randomUUID } from 'node:crypto';
import { Agent, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestSchema } from '../../../examples/blog/test/support/store-postgres.ts';
import { parse, send as exchange, type Answer } from './steady-load.ts';

/** Pause before resending what the table says to resend at once (a crashed instance refuses in a tight loop). */
const AT_ONCE_PAUSE_MS = 50;

/** The rows of the table in docs/operations.md, "Clients and retries", plus the routes' own answers. */
export type AnswerClass =
  /** The route's success: 201 for POST, 200 for PUT and GET, 204 for DELETE. */
  | 'done'
  /** `503 {"error":"service unavailable"}` with `Retry-After`: nothing written, resend after the delay. */
  | 'blog-503-retry-after'
  /** HAProxy's 502 or 504 page: a write may or may not have reached an instance. */
  | 'balancer-502-504'
  /** HAProxy's 503 page, no `Retry-After`: nothing reached an instance. */
  | 'balancer-503'
  /** `504 {"code":"write_outcome_unknown"}`, no `Retry-After`: the write may be stored. */
  | 'blog-504-outcome-unknown'
  /** `409 {"code":"idempotency_key_in_use"}` with `Retry-After`: the first request with the key still runs. */
  | 'key-in-use'
  /** `422 {"code":"idempotency_key_reused"}`: not resent. */
  | 'key-reused'
  /** No answer: unknown, as for a 504. */
  | 'no-answer'
  /** An answer the table does not list. */
  | 'unlisted';

/** What the table says about a class: whether the write may be stored, whether to resend, and when. */
const TABLE: Record<AnswerClass, { readonly stored: 'yes' | 'no' | 'maybe'; readonly resend: 'no' | 'at-once' | 'after-retry-after' }> = {
  done: { stored: 'yes', resend: 'no' },
  'blog-503-retry-after': { stored: 'no', resend: 'after-retry-after' },
  'balancer-502-504': { stored: 'maybe', resend: 'at-once' },
  'balancer-503': { stored: 'no', resend: 'at-once' },
  'blog-504-outcome-unknown': { stored: 'maybe', resend: 'at-once' },
  'key-in-use': { stored: 'maybe', resend: 'after-retry-after' },
  'key-reused': { stored: 'no', resend: 'no' },
  'no-answer': { stored: 'maybe', resend: 'at-once' },
  unlisted: { stored: 'maybe', resend: 'no' },
};

/** One request sent and what came back. */
export interface Attempt {
  /** When it was sent (Date.now()). */
  readonly at: number;
  readonly status?: number;
  readonly error?: string;
  readonly class: AnswerClass;
  /** The answer carried `idempotent-replayed: true`. */
  readonly replayed: boolean;
  /** The start of the body, for a report. */
  readonly text?: string;
}

/** One logical request (a write with its key, or a read) and every attempt at it. */
export interface KeyedRequest {
  readonly client: number;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** The write's Idempotency-Key; none on a GET. */
  readonly key?: string;
  /** The post's title (the POST's, and the later requests' on the same post). */
  readonly title: string;
  /** The body a POST or PUT sent. */
  readonly body?: string;
  readonly attempts: Attempt[];
  /** The id a POST was answered with. */
  id?: number;
}

/** Options of startKeyedWrites. */
export interface KeyedWritesOptions {
  /** The balancer's URL. */
  readonly url: string;
  readonly clients: number;
  readonly token: string;
  /** Prefix of every title, unique to the run. */
  readonly titlePrefix: string;
  readonly pauseMs: number;
  /** How long after stop() a request already sent may still be resent to settle it. */
  readonly settleMs: number;
}

/** Running clients. */
export interface KeyedWrites {
  /** Stops the clients once their current request settles; resolves to every request. */
  stop(): Promise<readonly KeyedRequest[]>;
}

/** Starts the clients. */
export function startKeyedWrites(options: KeyedWritesOptions): KeyedWrites {
  const requests: KeyedRequest[] = [];
  const state = { stopped: false, settleBy: Infinity };
  const clients = Array.from({ length: options.clients }, (_, n) => runClient(n, options, requests, state));
  return {
    async stop() {
      state.stopped = true;
      state.settleBy = Date.now() + options.settleMs;
      await Promise.all(clients);
      return requests;
    },
  };
}

async function runClient(n: number, options: KeyedWritesOptions, requests: KeyedRequest[], state: { stopped: boolean; settleBy: number }): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = async (method: KeyedRequest['method'], path: string, title: string, body?: string): Promise<KeyedRequest> => {
    const request: KeyedRequest = { client: n, method, path, title, attempts: [], ...(method !== 'GET' && { key: randomUUID() }), ...(body !== undefined && { body }) };
    requests.push(request);
    await settle(agent, options, request, state);
    return request;
  };
  try {
    for (let i = 0; !state.stopped; i += 1) {
      const title = `${options.titlePrefix} c${n} #${i}`;
      const created = await send('POST', '/api/posts', title, `first of client ${n}`);
      const last = created.attempts.at(-1)!;
      if (last.class !== 'done') continue;
      created.id = JSON.parse(last.text!).id as number;
      const path = `/api/posts/${created.id}`;
      for (const step of ['GET', 'PUT', 'LIST', 'DELETE'] as const) {
        if (state.stopped) break;
        await sleep(options.pauseMs);
        if (step === 'GET') await send('GET', path, title);
        else if (step === 'PUT') await send('PUT', path, title, `changed by client ${n} in cycle ${i}`);
        else if (step === 'LIST') await send('GET', '/api/posts?limit=5', title);
        else if (i % 2 === 1) await send('DELETE', path, title);
      }
    }
  } finally {
    agent.destroy();
  }
}

/** Sends `request` until an answer the table says not to resend, or until `settleBy` once stopped. */
async function settle(agent: Agent, options: KeyedWritesOptions, request: KeyedRequest, state: { settleBy: number }): Promise<void> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}` };
  if (request.key !== undefined) headers['idempotency-key'] = request.key;
  const payload = request.method === 'POST' ? JSON.stringify({ title: request.title, body: request.body, status: 'published' }) : request.method === 'PUT' ? JSON.stringify({ body: request.body }) : undefined;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  for (;;) {
    const at = Date.now();
    const answer = await exchange(agent, new URL(options.url), request.method, request.path, headers, payload);
    const attempt: Attempt = 'error' in answer ? { at, error: answer.error, class: 'no-answer', replayed: false } : { at, status: answer.status, class: classifyAnswer(request.method, answer), replayed: answer.headers['idempotent-replayed'] === 'true', text: answer.text.slice(0, 1000) };
    request.attempts.push(attempt);
    const { resend } = TABLE[attempt.class];
    if (resend === 'no' || Date.now() >= state.settleBy) return;
    await sleep(resend === 'after-retry-after' && 'headers' in answer ? 1000 * Number(answer.headers['retry-after']) : AT_ONCE_PAUSE_MS);
  }
}

const SUCCESS: Record<KeyedRequest['method'], number> = { GET: 200, POST: 201, PUT: 200, DELETE: 204 };

/** The table's row of an answer (see AnswerClass); 'unlisted' for one it does not list, or one without the headers its row gives. */
export function classifyAnswer(method: KeyedRequest['method'], answer: { status: number; headers: IncomingHttpHeaders; text: string }): AnswerClass {
  const { status, headers, text } = answer;
  const json = parse(text);
  const html = /^text\/html/.test(String(headers['content-type'])) && json === undefined;
  const retryAfter = headers['retry-after'];
  if (status === SUCCESS[method]) return 'done';
  if (status === 503 && json?.error === 'service unavailable' && retryAfter === '1') return 'blog-503-retry-after';
  if ((status === 502 || status === 504) && html) return 'balancer-502-504';
  if (status === 503 && html && retryAfter === undefined && text.includes('No server is available to handle this request.')) return 'balancer-503';
  if (method === 'GET') return 'unlisted';
  if (status === 504 && json?.code === 'write_outcome_unknown' && retryAfter === undefined) return 'blog-504-outcome-unknown';
  if (status === 409 && json?.code === 'idempotency_key_in_use' && retryAfter === '1') return 'key-in-use';
  if (status === 422 && json?.code === 'idempotency_key_reused') return 'key-reused';
  return 'unlisted';
}

/** What the database holds against what the clients were told; every list is empty when the table's promises held. */
export interface KeyedWritesCheck {
  /** Writes still unsettled at the end: their last answer one the table says to resend. */
  readonly unsettled: string[];
  /** Answers the table does not list (or without the headers its row gives). */
  readonly unlisted: string[];
  /** Acknowledged POSTs not stored, or stored under another id; acknowledged PUTs whose body is not stored; acknowledged DELETEs whose post is still there. */
  readonly lost: string[];
  /** Titles stored more than once. */
  readonly duplicated: string[];
  /** Stored writes whose every answer the table calls "not stored", or with no request at all. */
  readonly storedButNotStored: string[];
  /** Answers replayed (`idempotent-replayed`) although no earlier attempt could have stored the write. */
  readonly replayWithoutWrite: string[];
}

/** Compares the run's rows in `schema` with `requests`. */
export async function compareKeyedWrites(schema: TestSchema, titlePrefix: string, requests: readonly KeyedRequest[]): Promise<KeyedWritesCheck> {
  const { rows } = await schema.query('SELECT id::int AS id, title, body FROM blog_posts WHERE starts_with(title, $1) ORDER BY id', [titlePrefix]);
  const stored = new Map<string, Array<{ id: number; body: string }>>();
  for (const row of rows as Array<{ id: number; title: string; body: string }>) stored.set(row.title, [...(stored.get(row.title) ?? []), row]);
  const writes = requests.filter((r) => r.method !== 'GET');
  const describe = (r: KeyedRequest): string => `client ${r.client} ${r.method} ${r.path} "${r.title}": ${r.attempts.map((a) => a.status ?? a.error).join(', ')}`;
  const finalClass = (r: KeyedRequest): AnswerClass => r.attempts.at(-1)!.class;
  const posts = new Map(writes.filter((r) => r.method === 'POST').map((r) => [r.title, r]));
  const lost: string[] = [];
  const storedButNotStored: string[] = [];
  const deleted = new Set(writes.filter((r) => r.method === 'DELETE' && finalClass(r) === 'done').map((r) => r.title));
  for (const post of posts.values()) {
    const row = stored.get(post.title)?.[0];
    if (finalClass(post) === 'done' && !(deleted.has(post.title) && row === undefined) && row?.id !== post.id) lost.push(`${describe(post)}: stored ${row?.id ?? 'nowhere'}`);
    if (row !== undefined && post.attempts.every((a) => TABLE[a.class].stored === 'no')) storedButNotStored.push(describe(post));
  }
  for (const title of stored.keys()) if (!posts.has(title)) storedButNotStored.push(`"${title}": stored, never sent`);
  for (const write of writes.filter((r) => r.method !== 'POST' && finalClass(r) === 'done')) {
    const row = stored.get(write.title)?.[0];
    if (write.method === 'DELETE' && row !== undefined) lost.push(`${describe(write)}: the post is still stored`);
    if (write.method === 'PUT' && !deleted.has(write.title) && row?.body !== write.body) lost.push(`${describe(write)}: stored body ${JSON.stringify(row?.body)}`);
  }
  return {
    unsettled: writes.filter((r) => TABLE[finalClass(r)].resend !== 'no').map(describe),
    unlisted: requests.flatMap((r) => r.attempts.filter((a) => a.class === 'unlisted').map((a) => `${describe(r)}: ${a.status} ${a.text?.replace(/\s+/g, ' ').slice(0, 160)}`)),
    lost,
    duplicated: [...stored].filter(([, found]) => found.length > 1).map(([title, found]) => `"${title}": ids ${found.map((f) => f.id).join(', ')}`),
    storedButNotStored,
    // A kept answer is replayed only once a request with the key committed, whose own answer the client never got.
    replayWithoutWrite: writes.filter((r) => r.attempts.some((a, at) => a.replayed && r.attempts.slice(0, at).every((before) => TABLE[before.class].stored === 'no'))).map(describe),
  };
}

/** How many answers of each class the requests got, e.g. `{ done: 812, 'balancer-502-504': 3 }`. */
export function answerCounts(requests: readonly KeyedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const attempt of requests.flatMap((r) => r.attempts)) {
    const name = `${attempt.class}${attempt.status === undefined ? '' : ` ${attempt.status}`}${attempt.replayed ? ' replayed' : ''}`;
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}
