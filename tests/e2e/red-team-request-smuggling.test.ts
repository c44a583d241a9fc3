/**
 * Red-team cases: HTTP request smuggling and framing attacks, with raw sockets, against the blog as production runs it
 * (FW_ENV=prod, PostgreSQL, the guide's configuration file) directly and behind the guide's HAProxy and nginx
 * (docs/operations.md's files, only the addresses changed). Each attack hides a canary where a conforming reading sees
 * a body or a refusal: a POST creating a post and a GET of another post. A client never makes a balancer and fw
 * disagree on where a request ends when, after every attack,
 *
 * - every request fw ran was answered on the connection that sent it: each `request` line fw logged is one of the
 *   answers the attacker or the victim read (by `x-request-id`), or one fw refused on its own connection (`client_error`);
 * - the canary post exists only if its 201 came back to the attacker (a legitimately pipelined canary is fine);
 * - a victim's next two requests, on a connection of its own, get their own answers;
 * - every answer parses (no answer hidden in another's body), nothing hangs, nothing is a 5xx but 501/505.
 *
 * Directly, each malformed framing gets exactly the answers listed (Node's 400, 413 for chunk extensions over 16 KiB,
 * 431 for a head over max_header_size, 505 for HTTP/2.0; fw's 400 for a CONNECT, which node:http alone closed unanswered) and a closed connection. Also: /ready spelled another way is
 * still refused by both balancers (HAProxy's deny once let `/%72eady` through, which fw routes as /ready); an Upgrade
 * never opens a tunnel; HEAD answers carry no body; a malformed request pipelined behind a write is refused after the
 * write's 201 (fw once wrote the 400 first, as the write's answer); requests pipelined behind an Upgrade go unanswered and the
 * connection closes (node:http's parser reads nothing after it: the connection once sat until the keep-alive timeout).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { until } from '../../packages/fw-core/test/support/until.ts';
import { deleteKeys } from '../../examples/blog/test/support/plugins-redis.ts';
import { DEPLOY_API_TOKEN } from './support/blog-instances.ts';
import { GUIDE_BALANCERS, startBalancedBlog, type BalancedBlog } from './support/guide-balancers.ts';
import { guideConfig } from './support/guide-config.ts';
import { exchangeRaw, headerOf, parseResponse, type ParsedResponse } from './support/raw-http.ts';

const [[, HAPROXY_SKIP, startHaproxy], [, NGINX_SKIP, startNginx]] = GUIDE_BALANCERS as [(typeof GUIDE_BALANCERS)[number], (typeof GUIDE_BALANCERS)[number]];
const EXCHANGE_MS = 5_000;
const HOST = 'Host: blog.example\r\n';
/** Sent after every attack: whatever the attack left open, this request closes the connection once answered. */
const LAST = 'GET /heartbeat HTTP/1.1\r\nHost: blog.example\r\nConnection: close\r\n\r\n';

type Where = 'direct' | 'HAProxy' | 'nginx';

/** An attack: its bytes around the hidden requests, and fw's exact answers to it when sent directly. */
interface Attack {
  readonly name: string;
  readonly bytes: (hidden: string) => string;
  readonly direct: readonly number[];
}

const hex = (text: string): string => text.length.toString(16);
/** An unauthenticated POST /api/posts (a 401 if run) with `headers` (CRLF-ended lines) and `body`. */
const post = (headers: string, body: string, version = '1.1'): string => `POST /api/posts HTTP/${version}\r\n${HOST}Content-Type: application/json\r\n${headers}\r\n${body}`;
/** The body hides the requests after a chunked end, with a Content-Length covering them: CL.TE with `te` as the Transfer-Encoding line(s). */
const clte = (te: string) => (hidden: string): string => post(`Content-Length: ${`0\r\n\r\n${hidden}`.length}\r\n${te}\r\n`, `0\r\n\r\n${hidden}`);
/** A chunked POST whose body is `body` (the hidden requests placed in it by the attack). */
/** An authorized HTTP/1.0 keep-alive POST, chunked (RFC 9112 §6.1: faulty framing, to close after), the hidden requests behind it. */
const chunked10 = (hidden: string): string => {
  const body = JSON.stringify({ title: 'chunked in HTTP/1.0', body: 'b' });
  const headers = `Authorization: Bearer ${DEPLOY_API_TOKEN}\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n`;
  return post(headers, `${hex(body)}\r\n${body}\r\n0\r\n\r\n${hidden}`, '1.0');
};
/** A GET asking to switch to `protocol` (Connection: `connection`), the hidden requests pipelined behind it. */
const upgrade = (protocol: string, connection: string) => (hidden: string): string =>
  `GET /api/posts?limit=1 HTTP/1.1\r\n${HOST}Upgrade: ${protocol}\r\nConnection: ${connection}\r\n\r\n${hidden}`;
const chunked = (body: (hidden: string) => string) => (hidden: string): string => post('Transfer-Encoding: chunked\r\n', body(hidden));

const ATTACKS: readonly Attack[] = [
  { name: 'Content-Length with Transfer-Encoding: chunked (CL.TE)', bytes: clte('Transfer-Encoding: chunked'), direct: [400] },
  { name: 'Transfer-Encoding: chunked with a short Content-Length (TE.CL)', bytes: (h) => post(`Content-Length: ${hex(h).length + 2}\r\nTransfer-Encoding: chunked\r\n`, `${hex(h)}\r\n${h}\r\n0\r\n\r\n`), direct: [400] },
  { name: 'two Content-Length headers, the first 0', bytes: (h) => post(`Content-Length: 0\r\nContent-Length: ${h.length}\r\n`, h), direct: [400] },
  { name: 'two Content-Length headers, the last 0', bytes: (h) => post(`Content-Length: ${h.length}\r\nContent-Length: 0\r\n`, h), direct: [400] },
  { name: 'a Content-Length list "0, n"', bytes: (h) => post(`Content-Length: 0, ${h.length}\r\n`, h), direct: [400] },
  { name: 'Content-Length "+0"', bytes: (h) => post('Content-Length: +0\r\n', h), direct: [400] },
  { name: 'Content-Length -1', bytes: (h) => post('Content-Length: -1\r\n', h), direct: [400] },
  { name: 'Content-Length 2^64 (0 once wrapped)', bytes: (h) => post('Content-Length: 18446744073709551616\r\n', h), direct: [400] },
  { name: 'Content-Length with a space before the colon', bytes: (h) => post(`Content-Length : ${h.length}\r\n`, h), direct: [400] },
  { name: 'Transfer-Encoding: chunked, identity (CL.TE)', bytes: clte('Transfer-Encoding: chunked, identity'), direct: [400] },
  { name: 'Transfer-Encoding: xchunked (CL.TE)', bytes: clte('Transfer-Encoding: xchunked'), direct: [400] },
  { name: 'Transfer-Encoding with a space before the colon (CL.TE)', bytes: clte('Transfer-Encoding : chunked'), direct: [400] },
  { name: 'Transfer-Encoding folded onto a second line, obs-fold (CL.TE)', bytes: clte('Transfer-Encoding:\r\n chunked'), direct: [400] },
  { name: 'Transfer-Encoding as a continuation line, " Transfer-Encoding" (CL.TE)', bytes: clte(' Transfer-Encoding: chunked'), direct: [400] },
  { name: 'Transfer-Encoding after a vertical tab (CL.TE)', bytes: clte('Transfer-Encoding:\x0bchunked'), direct: [400] },
  { name: 'Transfer-Encoding twice, chunked then identity (CL.TE)', bytes: clte('Transfer-Encoding: chunked\r\nTransfer-Encoding: identity'), direct: [400] },
  { name: 'Transfer-Encoding: xchunked without Content-Length', bytes: (h) => post('Transfer-Encoding: xchunked\r\n', `${hex(h)}\r\n${h}\r\n0\r\n\r\n`), direct: [400] },
  { name: 'HTTP/1.0 keep-alive with Transfer-Encoding: chunked and Content-Length', bytes: (h) => post(`Connection: keep-alive\r\nContent-Length: ${h.length + 5}\r\nTransfer-Encoding: chunked\r\n`, `0\r\n\r\n${h}`, '1.0'), direct: [400] },
  { name: 'a chunk size overflowing 64 bits to 0', bytes: chunked((h) => `10000000000000000\r\n\r\n${h}0\r\n\r\n`), direct: [400] },
  { name: 'a chunk size of 22 digits with leading zeros (1) on a GET, then the requests pipelined', bytes: (h) => `GET /api/posts?limit=1 HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n0000000000000000000001\r\nA\r\n0\r\n\r\n${h}`, direct: [200, 201, 200, 200] },
  { name: 'a chunk size with trailing junk', bytes: chunked((h) => `5 junk\r\nAAAAA\r\n${hex(h)}\r\n${h}\r\n0\r\n\r\n`), direct: [400] },
  { name: 'a chunk size in 0x notation', bytes: chunked((h) => `0x5\r\nAAAAA\r\n0\r\n\r\n${h}`), direct: [400] },
  { name: 'a negative chunk size', bytes: chunked((h) => `-5\r\nAAAAA\r\n0\r\n\r\n${h}`), direct: [400] },
  { name: 'a chunk size after a space', bytes: chunked((h) => ` 5\r\nAAAAA\r\n0\r\n\r\n${h}`), direct: [400] },
  { name: 'chunk data longer than its size', bytes: chunked((h) => `2\r\nAAAAA\r\n0\r\n\r\n${h}`), direct: [400] },
  { name: 'chunk data ended by a bare LF', bytes: chunked((h) => `5\r\nAAAAA\n0\r\n\r\n${h}`), direct: [400] },
  { name: 'a chunk extension with an unterminated quote across lines', bytes: chunked((h) => `5;a=b\r\nAAAAA\r\n0;x="\r\n0\r\n\r\n"\r\n\r\n${h}`), direct: [400] },
  { name: 'a chunk extension ended by a bare LF', bytes: chunked((h) => `5;a\nxx\r\nAAAAA\r\n0\r\n\r\n${h}`), direct: [400] },
  { name: 'chunk extensions over 16 KiB', bytes: chunked((h) => `5;${'a'.repeat(20_000)}\r\nAAAAA\r\n0\r\n\r\n${h}`), direct: [413] },
  { name: 'a Content-Length in the trailer section', bytes: chunked((h) => `0\r\nContent-Length: ${h.length}\r\n\r\n${h}`), direct: [400] },
  { name: 'bare LF line endings in the head (CL.TE)', bytes: (h) => `POST /api/posts HTTP/1.1\nHost: blog.example\nContent-Length: ${h.length + 5}\nTransfer-Encoding: chunked\n\n0\r\n\r\n${h}`, direct: [400] },
  { name: 'a bare LF inside a header line hiding Transfer-Encoding', bytes: clte('X-Note: a\nTransfer-Encoding: chunked'), direct: [400] },
  { name: 'a bare CR inside a header line hiding Transfer-Encoding', bytes: clte('X-Note: a\rTransfer-Encoding: chunked'), direct: [400] },
  { name: 'a NUL in a header value', bytes: clte('X-Note: a\x00b\r\nTransfer-Encoding: chunked'), direct: [400] },
  { name: 'requests hidden in a body of the declared length, answered 401 unread', bytes: (h) => post(`Content-Length: ${h.length}\r\n`, h), direct: [401] },
  { name: 'requests hidden at the end of a 1 MiB body answered 401 unread', bytes: (h) => post(`Content-Length: ${(1 << 20) + h.length}\r\n`, `${' '.repeat(1 << 20)}${h}`), direct: [401] },
  { name: 'requests hidden in the body of a GET', bytes: (h) => `GET /api/posts?limit=1 HTTP/1.1\r\n${HOST}Content-Length: ${h.length}\r\n\r\n${h}`, direct: [200, 200] },
  { name: 'Expect: 100-continue refused (401), the body hiding requests sent at once', bytes: (h) => post(`Expect: 100-continue\r\nContent-Length: ${h.length}\r\n`, h), direct: [401] },
  { name: 'an unknown expectation, then the requests pipelined', bytes: (h) => `GET /api/posts?limit=1 HTTP/1.1\r\n${HOST}Expect: 999-surprise\r\n\r\n${h}`, direct: [417, 201, 200, 200] },
  { name: 'HTTP/1.0 keep-alive with Transfer-Encoding: chunked, a body fw reads, then the requests pipelined (fw closes)', bytes: chunked10, direct: [201] },
  { name: 'HTTP/1.0 keep-alive with requests hidden in its body', bytes: (h) => post(`Connection: keep-alive\r\nContent-Length: ${h.length}\r\n`, h, '1.0'), direct: [401] },
  { name: 'HTTP/1.0 keep-alive without Content-Length (no body), then the requests pipelined', bytes: (h) => post('Connection: keep-alive\r\n', h, '1.0'), direct: [401] },
  { name: 'an absolute-form target naming another host than Host', bytes: (h) => `GET http://admin.internal/api/posts?limit=1 HTTP/1.1\r\n${HOST}Content-Length: ${h.length}\r\n\r\n${h}`, direct: [200, 200] },
  { name: 'two Host headers', bytes: (h) => `GET /api/posts?limit=1 HTTP/1.1\r\n${HOST}Host: admin.internal\r\nContent-Length: ${h.length}\r\n\r\n${h}`, direct: [400, 200] },
  { name: 'HTTP/1.1 without Host', bytes: (h) => `POST /api/posts HTTP/1.1\r\nContent-Length: ${h.length}\r\n\r\n${h}`, direct: [400] },
  { name: 'a request line of 70 KB', bytes: (h) => `GET /api/posts?${'a'.repeat(70_000)} HTTP/1.1\r\n${HOST}Content-Length: ${h.length}\r\n\r\n${h}`, direct: [431] },
  { name: 'HTTP/1.2', bytes: (h) => post(`Content-Length: ${h.length}\r\n`, h, '1.2'), direct: [400] },
  { name: 'HTTP/2.0 in an HTTP/1 request line', bytes: (h) => post(`Content-Length: ${h.length}\r\n`, h, '2.0'), direct: [505] },
  { name: 'an Upgrade to websocket, then the requests pipelined (fw closes)', bytes: upgrade('websocket', 'Upgrade'), direct: [200] },
  { name: 'an Upgrade to h2c, then the requests pipelined', bytes: upgrade('h2c', 'HTTP2-Settings, upgrade\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA'),
    direct: [200] },
  { name: 'CONNECT, with requests after it (refused: fw has no tunnel)', bytes: (h) => `CONNECT 127.0.0.1:5432 HTTP/1.1\r\n${HOST}\r\n${h}`, direct: [400] },
  { name: 'a NUL in the method', bytes: (h) => `PO\x00ST /api/posts HTTP/1.1\r\n${HOST}Content-Length: ${h.length}\r\n\r\n${h}`, direct: [400] },
];

/** Every answer in `bytes`, in order (`heads`: how many of the first are answers to HEAD); throws on a malformed one. */
function answersIn(bytes: Buffer, heads = 0): ParsedResponse[] {
  const answers: ParsedResponse[] = [];
  for (let rest = bytes; rest.length > 0;) {
    const answer = parseResponse(rest, { head: answers.filter((a) => a.status >= 200).length < heads });
    answers.push(answer);
    rest = answer.rest;
  }
  return answers;
}

/** The x-request-id of every answer the test read. */
const answered = new Set<string>();

/** Sends `bytes` on a fresh connection to `port`, reads until the close (fails on a hang), notes the answers' ids. */
async function exchange(port: number, bytes: string, heads = 0): Promise<ParsedResponse[]> {
  const { bytes: got, ended } = await exchangeRaw(port, Buffer.from(bytes, 'latin1'), { timeoutMs: EXCHANGE_MS });
  assert.notEqual(ended, 'timeout', `no close within ${EXCHANGE_MS} ms after ${JSON.stringify(got.toString('latin1').slice(0, 300))}`);
  const answers = answersIn(got, heads);
  for (const answer of answers) {
    const id = headerOf(answer, 'x-request-id');
    if (id !== undefined) answered.add(id);
  }
  return answers;
}

describe('request smuggling against the blog, directly and behind the guide\'s HAProxy and nginx', { skip: HAPROXY_SKIP || NGINX_SKIP }, () => {
  let deployed: BalancedBlog;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let ports: Record<Where, number>;
  const prefix = `fw-e2e-smuggling:${randomUUID()}:`;
  let victimId = 0;
  let canaryId = 0;
  let attackNumber = 0;
  /** The log lines before the first attack (the posts written to attack with). */
  let firstLine = 0;
  /** The titles of the hidden posts whose 201 the attacker read. */
  const writesAnswered = new Set<string>();

  before(async () => {
    const file = guideConfig();
    const limiter = file.fw.plugins.find((entry: { module: string }) => entry.module === 'rate_limit_plugin');
    // Hundreds of requests from one address: the limit is not what is tested here.
    Object.assign(limiter.options, { key_prefix: prefix, max_requests: 100_000 });
    deployed = await startBalancedBlog(startHaproxy, file);
    nginx = await startNginx(deployed.blog.port);
    ports = { direct: deployed.blog.port, HAProxy: Number(new URL(deployed.url).port), nginx: Number(new URL(nginx.url).port) };
    const write = (title: string) => deployed.blog.request('POST', '/api/posts', { body: { title, body: 'b' }, headers: { authorization: `Bearer ${DEPLOY_API_TOKEN}` } });
    victimId = (await write('victim')).json.id;
    canaryId = (await write('canary')).json.id;
    await until('the two writes\' request lines', () => deployed.blog.logLines().filter((line) => line.event === 'request').length === 2);
    firstLine = deployed.blog.logLines().length;
  });
  after(async () => {
    await nginx?.stop();
    await deployed?.stop();
    await deleteKeys(prefix);
  });

  /** The requests an attack hides: an authorized POST creating a post titled `title`, and a GET of the canary post. */
  const hidden = (title: string): string => {
    const body = JSON.stringify({ title, body: 'b' });
    return `POST /api/posts HTTP/1.1\r\n${HOST}Authorization: Bearer ${DEPLOY_API_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}GET /api/posts/${canaryId} HTTP/1.1\r\n${HOST}\r\n`;
  };

  /** A victim's two requests for its own post on a connection of its own: each gets its own answer. */
  const victimReads = async (where: Where): Promise<void> => {
    const get = `GET /api/posts/${victimId} HTTP/1.1\r\n${HOST}`;
    const answers = await exchange(ports[where], `${get}\r\n${get}Connection: close\r\n\r\n`);
    assert.deepEqual(answers.map((a) => [a.status, JSON.parse(a.body.toString()).title]), [[200, 'victim'], [200, 'victim']], `${where}: the victim's answers`);
    const id = headerOf(answers[1]!, 'x-request-id');
    await until(`the victim's request line (${where})`, () => deployed.blog.logLines().some((line) => line.event === 'request' && line.request_id === id));
  };

  /** The request lines fw wrote from line `from` on whose answer nobody read, nor fw refused on its own connection. */
  const unanswered = (from: number): unknown[] => {
    const lines = deployed.blog.logLines().slice(from);
    const refused = new Set(lines.filter((line) => line.event === 'client_error').map((line) => line.request_id));
    return lines.filter((line) => line.event === 'request' && !answered.has(line.request_id as string) && !refused.has(line.request_id)).map((line) => `${line.method} ${line.path} ${line.status}`);
  };

  /** Runs `attack` at `where`; checks the canary, the victim and fw's log; returns the attacker's answers. */
  const run = async (attack: Attack, where: Where): Promise<ParsedResponse[]> => {
    const title = `smuggled ${++attackNumber}`;
    const from = deployed.blog.logLines().length;
    const answers = await exchange(ports[where], attack.bytes(hidden(title)) + LAST);
    await victimReads(where);
    const statuses = answers.map((a) => a.status);
    assert.deepEqual(statuses.filter((s) => s >= 500 && s !== 501 && s !== 505), [], `${where}: ${statuses}`);
    const created = answers.filter((a) => a.status === 201 && a.body.toString().includes(`"${title}"`)).length;
    if (created > 0) writesAnswered.add(title);
    const writes = (await deployed.schema.query('SELECT count(*)::int AS n FROM blog_posts WHERE title = $1', [title])).rows[0].n;
    assert.equal(writes, created, `${where}: ${writes} hidden posts written, ${created} answered to the attacker (answers ${statuses})`);
    assert.deepEqual(unanswered(from), [], `${where}: requests fw ran that nobody was answered`);
    return answers;
  };

  for (const attack of ATTACKS) {
    test(`${attack.name}: fw answers ${attack.direct.join(', ') || 'nothing'} and closes; nothing hidden runs unanswered, directly or behind either balancer`, async () => {
      const direct = await run(attack, 'direct');
      assert.deepEqual(direct.map((a) => a.status), attack.direct);
      await run(attack, 'HAProxy');
      await run(attack, 'nginx');
    });
  }

  test('a malformed request pipelined behind a write: the write\'s 201 first, then the 400 (fw once answered the write 400)', async () => {
    const title = `smuggled ${++attackNumber}`;
    const malformed = `GET / HTTP/1.1\r\n${HOST}Content-Length: 1\r\nContent-Length: 2\r\n\r\n`;
    const write = hidden(title).replace(/GET [^]*$/, ''); // the hidden POST alone
    const answers = await exchange(ports.direct, `${write}${malformed}`);
    assert.deepEqual(answers.map((a) => a.status), [201, 400]);
    assert.match(answers[0]!.body.toString(), new RegExp(`"title":"${title}"`));
    writesAnswered.add(title);
  });

  test('/ready spelled another way is still refused by both balancers, or routed nowhere by fw', async () => {
    for (const where of ['HAProxy', 'nginx'] as const) {
      for (const target of ['/ready', '/%72eady', '/%72%65%61%64%79', '/ready?x=1', 'http://blog.example/ready', '//ready', '/./ready', '/api/../ready', '/%2e/ready']) {
        for (const method of ['GET', 'HEAD']) {
          const [answer] = await exchange(ports[where], `${method} ${target} HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`, method === 'HEAD' ? 1 : 0);
          assert.ok([403, 404].includes(answer!.status), `${where}: ${method} ${target} answered ${answer!.status} ${answer!.body}`);
        }
      }
    }
  });

  test('an Upgrade (websocket, h2c) is answered as plain HTTP, never 101: no tunnel past the balancer to /ready', async () => {
    const upgrades = ['Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n', 'Upgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n'];
    for (const upgrade of upgrades) {
      const direct = await exchange(ports.direct, `GET /api/posts/${victimId} HTTP/1.1\r\n${HOST}${upgrade.replace('Connection: Upgrade', 'Connection: Upgrade, close')}\r\n`);
      assert.deepEqual(direct.map((a) => a.status), [200]);
      for (const where of ['HAProxy', 'nginx'] as const) {
        const answers = await exchange(ports[where], `GET /api/posts/${victimId} HTTP/1.1\r\n${HOST}${upgrade}\r\nGET /ready HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`);
        assert.deepEqual(answers.map((a) => a.status), [200, 403], `${where}: ${upgrade.split('\r\n')[0]}`);
      }
    }
  });

  test('HEAD answers carry no body a balancer would read as the next answer', async () => {
    const heads = [`/api/posts`, `/api/posts/${victimId}`, '/nowhere', '/docs/'].map((path) => `HEAD ${path} HTTP/1.1\r\n${HOST}\r\n`).join('');
    for (const where of ['direct', 'HAProxy', 'nginx'] as const) {
      const answers = await exchange(ports[where], `${heads}GET /api/posts/${victimId} HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`, 4);
      assert.deepEqual(answers.map((a) => a.status), [200, 200, 404, 200, 200], where);
      assert.equal(JSON.parse(answers[4]!.body.toString()).title, 'victim');
    }
  });

  test('after every attack, fw has run no request nobody was answered, and written no post but the ones answered', async () => {
    assert.deepEqual(unanswered(firstLine), []);
    const titles = (await deployed.schema.query("SELECT title FROM blog_posts WHERE title LIKE 'smuggled %' ORDER BY title")).rows.map((row) => row.title);
    assert.deepEqual(titles, [...writesAnswered].sort());
  });
});
