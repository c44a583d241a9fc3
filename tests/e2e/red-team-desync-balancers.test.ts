/**
 * Red-team cases: request desync through the deployment docs/operations.md prints. Each case is raw bytes hiding a
 * request where RFC 9112 §6.3 sees a body or a refusal (CL.TE, TE.CL, TE.TE obfuscations, Content-Length games, chunk
 * sizes and extensions, bare LF, obs-fold, Expect, HTTP/1.0 keep-alive, Upgrade/h2c, absolute-form, Host, requests
 * behind a 400/413/431), after PortSwigger's HTTP Request Smuggler variants. Each goes to fw, node:http and Fastify 5
 * (recording-backends.ts), directly and behind the guide's HAProxy and nginx (only the addresses changed).
 *
 * - Directly: each server's answers to the case followed by a closing GET are listed exactly, fw's beside node:http's
 *   and Fastify's: where fw adds strictness (501 for a transfer coding it does not know, 400 for a bad Host) or answers
 *   where node:http writes its 400 over a request it ran, the table says so. No server hangs past the case's bound.
 * - Behind a balancer, the hidden request is an unfinished head (`GET /smuggled ...` and a header without its end):
 *   a server that took it for a request would glue the next request sent on that backend connection to it. The
 *   attacker sends two plain requests, then the attack, on one connection (HAProxy's `http-reuse safe` shares a
 *   backend connection once it carried two); an innocent client sends one request, whose answer closes its own backend
 *   connection, then two more once the attack is answered, with the balancer's other idle connections closed first: so
 *   they ride the attack's backend connection (the test fails if that never happens; it does in about 43 of the cases
 *   behind HAProxy, fewer as it refuses many attacks itself, and in every case behind nginx). The
 *   innocent must get exactly its own answers; no server ever runs `/smuggled`; every request a server ran was answered
 *   to the connection that sent it (by the `seq` each answer carries); no request a server ran carries the innocent's
 *   bytes unless it is the innocent's own, intact. (A plain TCP relay sharing one backend connection fails this.)
 * - Response splitting: CR/LF an app puts in a redirect's location, and a client's request id fw would echo.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { openConnection, type RawAnswer } from '../../packages/fw-core/test/support/keep-alive-client.ts';
import { within } from '../../packages/fw-core/test/support/until.ts';
import { GUIDE_BALANCERS } from './support/guide-balancers.ts';
import { exchangeRaw, headerOf, parseResponse, type ParsedResponse } from './support/raw-http.ts';
import { startRecordingBackends, type BackendName, type RecordingBackend, type SeenRequest } from './support/recording-backends.ts';

const SKIP = GUIDE_BALANCERS.map(([, skip]) => skip).find((skip) => skip !== false) ?? false;
const H = 'Host: blog.example\r\n';
/** What the hidden bytes are when sent directly: a whole request, so a server that reads it as one shows it. */
const HIDDEN_WHOLE = `GET /smuggled HTTP/1.1\r\n${H}\r\n`;
/** What they are behind a balancer: a head left open, which the next request on the backend connection would finish. */
const HIDDEN_PREFIX = `GET /smuggled HTTP/1.1\r\n${H}X-Swallow: `;
/** After each direct case: whatever the case left open, this closes the connection once answered. */
const LAST = `GET /last HTTP/1.1\r\n${H}Connection: close\r\n\r\n`;
const DIRECT_BOUND_MS = 2_000;
const QUIET_MS = 250;

/**
 * One attack; `fw` the statuses fw answers it with directly (LAST behind it), `node`/`fastify` theirs when they differ
 * (Fastify's default: node:http's). ` (waits)`: the connection was still open at DIRECT_BOUND_MS, the server rightly
 * waiting for bytes announced and never sent.
 */
interface Case {
  readonly name: string;
  readonly bytes: (hidden: string) => string;
  readonly fw: string;
  readonly node?: string;
  readonly fastify?: string;
}

const hex = (n: number): string => n.toString(16);
const post = (headers: string, body: string, version = '1.1'): string => `POST /a HTTP/${version}\r\n${H}${headers}\r\n${body}`;
/** CL.TE: a Content-Length covering the hidden bytes behind a chunked end, with `te` for the Transfer-Encoding line(s). */
const clte = (te: string) => (h: string): string => post(`Content-Length: ${5 + h.length}\r\n${te}\r\n`, `0\r\n\r\n${h}`);
/** TE.CL: chunked carrying the hidden bytes as a chunk, with a Content-Length ending the body before them. */
const tecl = (te: string) => (h: string): string => post(`Content-Length: 4\r\n${te}\r\n`, `${hex(h.length)}\r\n${h}\r\n0\r\n\r\n`);
/** A chunked POST whose chunks are `body`. */
const chunked = (body: (h: string) => string) => (h: string): string => post('Transfer-Encoding: chunked\r\n', body(h));
/** A GET with `headers`, the hidden bytes pipelined behind it. */
const get = (target: string, headers: string) => (h: string): string => `GET ${target} HTTP/1.1\r\n${headers}\r\n${h}`;

// prettier-ignore
const CASES: readonly Case[] = [
  // Transfer-Encoding and Content-Length together, and TE.TE obfuscations (RFC 9112 §6.3 rule 3: a server MAY treat it as an error; Node does)
  { name: 'CL.TE', bytes: clte('Transfer-Encoding: chunked'), fw: '400' },
  { name: 'TE.CL', bytes: tecl('Transfer-Encoding: chunked'), fw: '400' },
  { name: 'CL.TE, Transfer-Encoding: xchunked', bytes: clte('Transfer-Encoding: xchunked'), fw: '400' },
  { name: 'CL.TE, Transfer-Encoding: " chunked" (two spaces)', bytes: clte('Transfer-Encoding:  chunked'), fw: '400' },
  { name: 'CL.TE, Transfer-Encoding: chunked, identity', bytes: clte('Transfer-Encoding: chunked, identity'), fw: '400' },
  { name: 'CL.TE, Transfer-Encoding: identity, chunked', bytes: clte('Transfer-Encoding: identity, chunked'), fw: '400' },
  { name: 'CL.TE, Transfer-Encoding: CHUNKED', bytes: clte('Transfer-Encoding: CHUNKED'), fw: '400' },
  { name: 'CL.TE, a space before the colon', bytes: clte('Transfer-Encoding : chunked'), fw: '400' },
  { name: 'CL.TE, a tab before the colon', bytes: clte('Transfer-Encoding\t: chunked'), fw: '400' },
  { name: 'CL.TE, a vertical tab before the value', bytes: clte('Transfer-Encoding:\x0bchunked'), fw: '400' },
  { name: 'CL.TE, obs-fold', bytes: clte('Transfer-Encoding:\r\n chunked'), fw: '400' },
  { name: 'CL.TE, a leading space on the line', bytes: clte(' Transfer-Encoding: chunked'), fw: '400' },
  { name: 'CL.TE, a second Transfer-Encoding line: identity', bytes: clte('Transfer-Encoding: chunked\r\nTransfer-Encoding: identity'), fw: '400' },
  { name: 'CL.TE, an empty Transfer-Encoding line first', bytes: clte('Transfer-Encoding:\r\nTransfer-Encoding: chunked'), fw: '400' },
  { name: 'CL.TE, X: X[\\n]Transfer-Encoding (a bare LF in a header line)', bytes: clte('X: X\nTransfer-Encoding: chunked'), fw: '400' },
  { name: 'TE.CL, Transfer-Encoding: chunked twice', bytes: tecl('Transfer-Encoding: chunked, chunked'), fw: '400' },
  // Transfer-Encoding alone: codings fw does not know (RFC 9112 §6.1: 501) where Node reads the chunks
  { name: 'Transfer-Encoding: gzip, chunked (no Content-Length)', bytes: (h) => post('Transfer-Encoding: gzip, chunked\r\n', `0\r\n\r\n${h}`), fw: '501', node: '200, 200, 200' },
  { name: 'Transfer-Encoding: xchunked (no Content-Length)', bytes: (h) => post('Transfer-Encoding: xchunked\r\n', `0\r\n\r\n${h}`), fw: '400' },
  // Content-Length games
  { name: 'two Content-Length headers, different values', bytes: (h) => post(`Content-Length: 0\r\nContent-Length: ${h.length}\r\n`, h), fw: '400' },
  { name: 'two Content-Length headers, the same value', bytes: (h) => post(`Content-Length: ${h.length}\r\nContent-Length: ${h.length}\r\n`, h), fw: '400' },
  { name: 'Content-Length "n, n"', bytes: (h) => post(`Content-Length: ${h.length}, ${h.length}\r\n`, h), fw: '400' },
  { name: 'Content-Length with a leading +', bytes: (h) => post(`Content-Length: +${h.length}\r\n`, h), fw: '400' },
  { name: 'Content-Length in hexadecimal', bytes: (h) => post(`Content-Length: 0x${hex(h.length)}\r\n`, h), fw: '400' },
  { name: 'Content-Length with leading zeros (the body read, then pipelined)', bytes: (h) => post(`Content-Length: 000${h.length}\r\n`, h), fw: '200, 200' },
  { name: 'Content-Length over 2^64', bytes: (h) => post('Content-Length: 18446744073709551617\r\n', h), fw: '400' },
  { name: 'Content-Length with a space before the colon', bytes: (h) => post(`Content-Length : ${h.length}\r\n`, h), fw: '400' },
  // chunk sizes and extensions
  { name: 'a chunk size in 0x notation', bytes: chunked((h) => `0x1\r\nA\r\n0\r\n\r\n${h}`), fw: '400' },
  { name: 'a chunk size overflowing 64 bits', bytes: chunked((h) => `1${'0'.repeat(16)}\r\n\r\n${h}0\r\n\r\n`), fw: '400' },
  { name: 'a chunk size with a space before its extension', bytes: chunked((h) => `1 ;x\r\nA\r\n0\r\n\r\n${h}`), fw: '400' },
  { name: 'a chunk extension hiding a CRLF in a quoted string', bytes: chunked((h) => `1;x="\r\n0\r\n\r\n"\r\nA\r\n0\r\n\r\n${h}`), fw: '400' },
  { name: 'a chunk size line ended by a bare LF', bytes: chunked((h) => `1\nA\r\n0\r\n\r\n${h}`), fw: '400' },
  { name: 'chunk data ended by a bare LF', bytes: chunked((h) => `1\r\nA\n0\r\n\r\n${h}`), fw: '400' },
  { name: 'the last chunk ended by a bare LF', bytes: chunked((h) => `0\r\n\n${h}`), fw: '400' },
  { name: 'a Content-Length in the trailer', bytes: chunked((h) => `0\r\nContent-Length: ${h.length}\r\n\r\n${h}`), fw: '400' },
  { name: 'a chunk size of 2^60 (the body never comes)', bytes: chunked((h) => `1000000000000000\r\n${h}`), fw: '(waits)' },
  // bare LF and stray bytes in the head
  { name: 'bare LF line ends throughout the head', bytes: (h) => `POST /a HTTP/1.1\nHost: blog.example\nContent-Length: ${h.length}\n\n${h}`, fw: '400' },
  { name: 'a header line ended by CR CR LF', bytes: get('/a', `${H}X: a\r\r\n`), fw: '400' },
  { name: 'a header name with a space inside', bytes: get('/a', `${H}Content Length: 5\r\n`), fw: '400' },
  { name: 'a NUL in a header value', bytes: get('/a', `${H}X: a\x00b\r\n`), fw: '400' },
  // hop-by-hop games: the framing header named in Connection, for a proxy that drops what Connection lists
  { name: 'Connection: Content-Length, with a body hiding the request', bytes: (h) => post(`Connection: Content-Length\r\nContent-Length: ${h.length}\r\n`, h), fw: '200, 200' },
  { name: 'Connection: Transfer-Encoding, chunked hiding the request', bytes: (h) => post('Connection: Transfer-Encoding\r\nTransfer-Encoding: chunked\r\n', `${hex(h.length)}\r\n${h}\r\n0\r\n\r\n`), fw: '200, 200' },
  // Expect, HTTP/1.0, upgrades
  { name: 'Expect: 100-continue with the body sent at once, the hidden request inside it', bytes: (h) => post(`Expect: 100-continue\r\nContent-Length: ${h.length}\r\n`, h), fw: '100, 200, 200' },
  { name: 'Expect: 100-continue announcing more than is sent: the closing GET read as its body', bytes: (h) => post(`Expect: 100-continue\r\nContent-Length: ${LAST.length - 5}\r\n`, ''), fw: '100, 200, 400', node: '100, 400', fastify: '100, 400' },
  // node:http's res.end(body) to HTTP/1.0 sends no Content-Length, so it closes after
  { name: 'HTTP/1.0 keep-alive with a Content-Length body hiding the request', bytes: (h) => post(`Connection: keep-alive\r\nContent-Length: ${h.length}\r\n`, h, '1.0'), fw: '200, 200', node: '200', fastify: '200, 200' },
  { name: 'HTTP/1.0 with Transfer-Encoding: chunked (framing faulty: closed after)', bytes: (h) => post('Transfer-Encoding: chunked\r\n', `0\r\n\r\n${h}`, '1.0'), fw: '200', node: '400', fastify: '400' },
  { name: 'an Upgrade: h2c with a body hiding the request', bytes: (h) => post(`Upgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\nContent-Length: ${h.length}\r\n`, h), fw: '200', node: '200 (waits)' },
  { name: 'the HTTP/2 connection preface', bytes: (h) => `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n${h}`, fw: '400' },
  // targets and Host
  { name: 'an absolute-form target naming another host', bytes: get('http://admin.internal/a', H), fw: '200, 200, 200' },
  { name: 'two Host headers (refused, the framing is clear: the pipelined requests run)', bytes: get('/a', `${H}Host: admin.internal\r\n`), fw: '400, 200, 200', node: '200, 200, 200' },
  { name: 'a Host with a space in it', bytes: get('/a', 'Host: blog.example admin.internal\r\n'), fw: '400, 200, 200', node: '200, 200, 200' },
  // refusals with the hidden request pipelined behind them
  { name: 'a request line of 70 KB (431)', bytes: get(`/a?${'a'.repeat(70_000)}`, H), fw: '431' },
  { name: 'a header block of 20 KB (431)', bytes: get('/a', `${H}X: ${'a'.repeat(20_000)}\r\n`), fw: '431' },
  { name: 'a body over the limit, the hidden request behind it (413)', bytes: (h) => post('Content-Length: 2000000\r\n', h), fw: '413', node: '(waits)', fastify: '413' },
  { name: 'a lower-case method', bytes: (h) => `get /a HTTP/1.1\r\n${H}\r\n${h}`, fw: '400' },
];

describe('request desync through the guide\'s balancers: fw beside node:http and Fastify', { skip: SKIP }, () => {
  let backends: RecordingBackend[];
  const balancers = new Map<string, { url: string; stop(): Promise<void> }>();

  before(async () => {
    backends = await startRecordingBackends();
    await Promise.all(
      GUIDE_BALANCERS.flatMap(([name, , start]) => backends.map(async (backend) => balancers.set(`${name} ${backend.name}`, await start(backend.port)))),
    );
  });
  after(async () => {
    await Promise.all([...balancers.values()].map((balancer) => balancer.stop()));
    await Promise.all(backends.map((backend) => backend.stop()));
  });

  test('directly: each server\'s answers to every case, fw beside node:http and Fastify; none hangs', async () => {
    const table = await Promise.all(backends.map(async (backend) => {
      const rows: string[] = [];
      for (const c of CASES) rows.push(`${c.name}: ${await directStatuses(backend, c)}`);
      return rows;
    }));
    const expected = (name: BackendName, c: Case): string => (name === 'fw' ? c.fw : name === 'node:http' ? (c.node ?? c.fw) : (c.fastify ?? c.node ?? c.fw));
    backends.forEach((backend, at) => {
      assert.deepEqual(table[at], CASES.map((c) => `${c.name}: ${expected(backend.name, c)}`), backend.name);
    });
  });

  test('response splitting: CR/LF an app redirects to, or a client\'s request id, never makes a second answer or header, directly or behind either balancer', async () => {
    const fw = backends.find((backend) => backend.name === 'fw')!;
    const split = '/next\r\nSet-Cookie: stolen=1\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\nX-Split: 1';
    const ports = [fw.port, ...GUIDE_BALANCERS.map(([name]) => Number(new URL(balancers.get(`${name} fw`)!.url).port))];
    for (const port of ports) {
      const redirected = await closingExchange(port, `GET /go?to=${encodeURIComponent(split)} HTTP/1.1\r\n${H}Connection: close\r\n\r\n`);
      assert.deepEqual(redirected.map((a) => [a.status, headerOf(a, 'location'), headerOf(a, 'set-cookie'), headerOf(a, 'x-split')]), [
        [302, '/next%0D%0ASet-Cookie:%20stolen=1%0D%0AContent-Length:%200%0D%0A%0D%0AHTTP/1.1%20200%20OK%0D%0AX-Split:%201', undefined, undefined],
      ], `port ${port}`);
      // Node refuses CR/LF in a header value; what it lets through (a space, obs-text, a tab) fw does not echo either.
      for (const id of ['a b', 'a\tb', 'caf\xe9', 'x'.repeat(129)]) {
        const [answer, ...more] = await closingExchange(port, `GET /id HTTP/1.1\r\n${H}X-Request-Id: ${id}\r\nConnection: close\r\n\r\n`);
        assert.deepEqual([answer!.status, more.length], [200, 0], `port ${port}: ${JSON.stringify(id)}`);
        assert.notEqual(headerOf(answer!, 'x-request-id'), id, `port ${port}: fw echoed ${JSON.stringify(id)}`);
      }
    }
  });

  for (const [balancer] of GUIDE_BALANCERS) {
    test(`behind ${balancer}: no case makes fw, node:http or Fastify run a hidden request, or answer the innocent another's answer`, async () => {
      const shared = await Promise.all(backends.map(async (backend) => {
        let count = 0;
        for (const c of CASES) count += Number(await throughBalancer(Number(new URL(balancers.get(`${balancer} ${backend.name}`)!.url).port), backend, c, `${balancer} ${backend.name}: ${c.name}`));
        return count;
      }));
      // The oracle means something only if the innocent's requests did ride connections the attacks had used.
      for (const count of shared) assert.ok(count > 0, `${balancer}: the innocent never shared a backend connection with an attack (${shared})`);
    });
  }
});

/** The answers to `bytes` on a connection the server closes after them. */
async function closingExchange(port: number, bytes: string): Promise<ParsedResponse[]> {
  const { bytes: got, ended } = await exchangeRaw(port, Buffer.from(bytes, 'latin1'), { timeoutMs: DIRECT_BOUND_MS });
  assert.equal(ended, 'closed');
  const answers: ParsedResponse[] = [];
  for (let rest = got; rest.length > 0; rest = answers.at(-1)!.rest) answers.push(parseResponse(rest, { head: false }));
  return answers;
}

/** The statuses `backend` answers case `c` with LAST behind it, directly, and ` (waits)` when it had not closed by the bound. */
async function directStatuses(backend: RecordingBackend, c: Case): Promise<string> {
  const { bytes, ended } = await exchangeRaw(backend.port, Buffer.from(c.bytes(HIDDEN_WHOLE) + LAST, 'latin1'), { timeoutMs: DIRECT_BOUND_MS });
  const statuses: number[] = [];
  for (let rest = bytes; rest.length > 0;) {
    const answer = parseResponse(rest, { head: false });
    statuses.push(answer.status);
    rest = answer.rest;
  }
  return [statuses.join(', '), ...(ended === 'timeout' ? ['(waits)'] : [])].join(' ').trim();
}

let innocentNumber = 0;

/**
 * Sends case `c` to the balancer at `port` in front of `backend`, with an innocent client around it; checks the oracle.
 * Resolves to whether one of the innocent's requests after the attack rode a backend connection that carried the attack.
 */
async function throughBalancer(port: number, backend: RecordingBackend, c: Case, what: string): Promise<boolean> {
  // The balancer's idle backend connections from earlier cases closed: the only one left to share is the attack's.
  backend.closeIdle();
  await sleep(50);
  const innocent = await openConnection(port);
  try {
    const ask = async (path: string): Promise<RawAnswer> => {
      innocent.send(`GET ${path} HTTP/1.1\r\n${H}X-Who: innocent\r\n\r\n`);
      return within(`${what}: the innocent's answer to ${path}`, innocent.answer(), 5_000);
    };
    const from = backend.seen.length;
    // http-reuse safe: a connection's first request gets a backend connection of its own, the next ones may share, but
    // HAProxy prefers the client's own: the first answer closes it (`?close`), so the next ones take a shared one.
    const paths = [0, 1, 2].map((k) => `/innocent-${++innocentNumber}-${k}${k === 0 ? '?close' : ''}`);
    const warm = await ask(paths[0]!);
    // Two requests before the attack on the same connection: HAProxy's safe reuse shares a backend connection with other
    // clients once it has carried more than one request.
    const attackBytes = `GET /attacker-1 HTTP/1.1\r\n${H}\r\nGET /attacker-2 HTTP/1.1\r\n${H}\r\n${c.bytes(HIDDEN_PREFIX)}`;
    const attack = await exchangeRaw(port, Buffer.from(attackBytes, 'latin1'), { timeoutMs: 1_500, quietMs: QUIET_MS });
    const answers = [warm, await ask(paths[1]!), await ask(paths[2]!)];
    const seen = backend.seen.slice(from).filter((request) => request.url !== '/ready');
    checkInnocent(answers, paths, seen, what);
    checkRun(seen, attack.bytes.toString('latin1'), answers, what);
    const innocentSeqs = answers.map((answer) => (JSON.parse(answer.body) as { seq: string }).seq);
    const attackConnections = new Set(seen.filter((r) => !innocentSeqs.includes(r.seq)).map((r) => r.connection));
    return seen.some((r) => innocentSeqs.slice(1).includes(r.seq) && attackConnections.has(r.connection));
  } finally {
    innocent.socket.destroy();
  }
}

/** The innocent got its own three answers, and the server saw its requests whole. */
function checkInnocent(answers: RawAnswer[], paths: string[], seen: SeenRequest[], what: string): void {
  answers.forEach((answer, at) => {
    assert.equal(answer.status, 200, `${what}: the innocent's ${paths[at]} answered ${answer.status} ${answer.body}`);
    const { seq } = JSON.parse(answer.body) as { seq: string };
    const request = seen.find((r) => r.seq === seq);
    assert.ok(request !== undefined, `${what}: the innocent's ${paths[at]} got ${seq}, not a request of this case`);
    assert.deepEqual([request.method, request.url, request.body], ['GET', paths[at], ''], `${what}: the innocent got another request's answer`);
  });
}

/** Nothing ran `/smuggled`; no request but the innocent's carries its bytes; every request run was answered to its sender. */
function checkRun(seen: SeenRequest[], attacker: string, innocent: RawAnswer[], what: string): void {
  const innocentSeqs = new Set(innocent.map((answer) => (JSON.parse(answer.body) as { seq: string }).seq));
  for (const request of seen) {
    const text = `${request.method} ${request.url} [${request.headers.join(' | ')}] ${JSON.stringify(request.body)}`;
    assert.ok(!request.url.includes('smuggled'), `${what}: the server ran the hidden request: ${text}`);
    if (innocentSeqs.has(request.seq)) continue;
    assert.ok(!text.includes('innocent'), `${what}: the innocent's bytes reached the server inside another request: ${text}`);
    assert.ok(attacker.includes(`"seq":"${request.seq}"`), `${what}: ${text} ran, its answer reached nobody who sent it; the attacker read ${JSON.stringify(attacker.slice(0, 400))}`);
  }
}
