/**
 * Slow clients are cut off by the configured timeouts while other clients are served normally
 * at the same time. The blog runs as `npm start` runs it, with short timeouts from a temporary
 * configuration (FW_CONFIG). fw sets node:http's connectionsCheckingInterval to
 * min(1000, headers_timeout_ms), so a cut lands between the timeout and the timeout plus one
 * check interval; the bounds below allow that plus 500 ms of scheduling on a busy 2-core box.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBlogAsUser, writeBlogConfig, type BlogProcess, type TempConfig } from './support/blog-as-user.ts';
import { dribble, exchangeRaw, headerOf, parseResponse, type RawExchange } from './support/raw-http.ts';

const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const KEEP_ALIVE_TIMEOUT_MS = 1_000;
const CHECK_INTERVAL_MS = Math.min(1_000, HEADERS_TIMEOUT_MS);
const SLACK_MS = 500;

let config: TempConfig;
let blog: BlogProcess;

before(async () => {
  config = await writeBlogConfig({
    headers_timeout_ms: HEADERS_TIMEOUT_MS,
    request_timeout_ms: REQUEST_TIMEOUT_MS,
    keep_alive_timeout_ms: KEEP_ALIVE_TIMEOUT_MS,
  });
  blog = await startBlogAsUser({ FW_CONFIG: config.path });
});
after(async () => {
  if (blog) await blog.kill9();
  await config?.remove();
});

/** Connects, runs `feed` (which writes slowly and never completes the request), waits for the server to cut it. */
async function slowClient(feed: (socket: Socket) => Promise<void>, boundMs: number): Promise<RawExchange> {
  const cut = await exchangeRaw(blog.port, feed, { timeoutMs: boundMs });
  assert.notEqual(cut.ended, 'timeout', `the server had not cut the connection after ${boundMs} ms`);
  return cut;
}

/** Normal clients, one request every few ms until `until` resolves; their statuses and worst latency. */
async function normalTraffic(until: Promise<unknown>): Promise<{ statuses: Map<string, number>; worstMs: number; count: number }> {
  let done = false;
  void until.finally(() => (done = true));
  const statuses = new Map<string, number>();
  let worstMs = 0;
  let count = 0;
  const client = async (n: number): Promise<void> => {
    for (let i = 0; !done; i += 1) {
      const started = Date.now();
      const reply = i % 3 === 0 ? await blog.request('POST', '/api/posts', { body: { title: `normal ${n}.${i}`, body: 'b' } }) : await blog.request('GET', i % 3 === 1 ? '/api/posts?limit=5' : '/heartbeat');
      worstMs = Math.max(worstMs, Date.now() - started);
      count += 1;
      const key = `${i % 3 === 0 ? 'POST' : 'GET'} ${reply.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      await sleep(10);
    }
  };
  await Promise.all([client(1), client(2), client(3), client(4)]);
  return { statuses, worstMs, count };
}

/** A cut is a 408 response (then the close) or a bare close. */
function assertCutWith408OrClose(cut: RawExchange): void {
  if (cut.bytes.length === 0) return;
  const response = parseResponse(cut.bytes, { head: false });
  assert.equal(response.status, 408, cut.bytes.toString('latin1'));
}

test('slow heads, unfinished and dribbled bodies are cut by the timeouts; others are served meanwhile', async () => {
  const head = Buffer.from(`GET /heartbeat HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ${'a'.repeat(400)}\r\n`);
  const postHead = 'POST /api/posts HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n';
  const headBound = HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + SLACK_MS;
  const requestBound = REQUEST_TIMEOUT_MS + CHECK_INTERVAL_MS + SLACK_MS;
  const slow = Promise.all([
    // the head, one byte every 20 ms: it would take 9 s to finish
    slowClient((socket) => dribble(socket, head, 20), headBound + 2_000),
    // the head is complete, 10 of 200 body bytes, then nothing
    slowClient(async (socket) => void socket.write(`${postHead}{"title":"`), requestBound + 2_000),
    // the body, one byte every 50 ms: it would take 10 s
    slowClient((socket) => {
      socket.write(postHead);
      return dribble(socket, Buffer.from(JSON.stringify({ title: 't', body: 'x'.repeat(200) }).slice(0, 200)), 50);
    }, requestBound + 2_000),
  ]);
  const [traffic, [slowHead, stalledBody, dribbledBody]] = await Promise.all([normalTraffic(slow), slow]);

  assertCutWith408OrClose(slowHead);
  assert.ok(slowHead.elapsedMs >= HEADERS_TIMEOUT_MS - 50, `slow head cut after ${slowHead.elapsedMs} ms, before headers_timeout_ms ${HEADERS_TIMEOUT_MS}`);
  assert.ok(slowHead.elapsedMs <= headBound, `slow head cut after ${slowHead.elapsedMs} ms; bound ${headBound}`);
  for (const [name, cut] of [['stalled body', stalledBody], ['dribbled body', dribbledBody]] as const) {
    assertCutWith408OrClose(cut);
    assert.ok(cut.elapsedMs >= REQUEST_TIMEOUT_MS - 50, `${name} cut after ${cut.elapsedMs} ms, before request_timeout_ms ${REQUEST_TIMEOUT_MS}`);
    assert.ok(cut.elapsedMs <= requestBound, `${name} cut after ${cut.elapsedMs} ms; bound ${requestBound}`);
  }

  const posts = traffic.statuses.get('POST 201') ?? 0;
  const gets = traffic.statuses.get('GET 200') ?? 0;
  assert.equal(posts + gets, traffic.count, `normal clients got ${JSON.stringify([...traffic.statuses])}`);
  assert.ok(traffic.count >= 40, `only ${traffic.count} normal requests were served in ${REQUEST_TIMEOUT_MS} ms`);
  assert.ok(traffic.worstMs < 500, `a normal request took ${traffic.worstMs} ms`);
});

test('an idle keep-alive connection is closed after keep_alive_timeout_ms (plus node:http\'s buffer)', async () => {
  const cut = await slowClient(async (socket) => void socket.write('GET /heartbeat HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'), KEEP_ALIVE_TIMEOUT_MS + 4_000);
  const response = parseResponse(cut.bytes, { head: false });
  assert.equal(response.status, 200);
  assert.deepEqual(JSON.parse(response.body.toString()), { status: 'ok' });
  assert.equal(response.rest.length, 0);
  // Clients are told the configured value; the server waits keepAliveTimeoutBuffer (1000 ms on
  // Node 24) longer, so a client never reuses a connection the server is closing.
  assert.equal(headerOf(response, 'keep-alive'), `timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  const buffer = createServer().keepAliveTimeoutBuffer;
  assert.ok(cut.elapsedMs >= KEEP_ALIVE_TIMEOUT_MS - 50, `closed after ${cut.elapsedMs} ms`);
  assert.ok(cut.elapsedMs <= KEEP_ALIVE_TIMEOUT_MS + buffer + SLACK_MS, `closed after ${cut.elapsedMs} ms; bound ${KEEP_ALIVE_TIMEOUT_MS + buffer + SLACK_MS}`);
});

test('the service is still up and logged no request failure', async () => {
  const reply = await blog.request('GET', '/heartbeat');
  assert.deepEqual([reply.status, reply.json], [200, { status: 'ok' }]);
  assert.deepEqual(blog.logLines().filter((line) => line.event === 'request_failed'), []);
});
