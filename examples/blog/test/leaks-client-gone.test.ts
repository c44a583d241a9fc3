/**
 * No resource is held for a client that is gone, checked as an operator would on a running blog (PostgreSQL and SQLite
 * stores, telemetry on, real sockets): after clients leave at every stage of an exchange, the blog's process returns to
 * what it held before, within the server's timeouts. Stages: before the whole head; mid-body of an upload; while the
 * handler awaits the database (a lock another session holds, requests pipelined behind it, an Idempotency-Key,
 * `Expect: 100-continue`); mid-answer of a large list (2 MB, more than the socket buffers hold), a static file and
 * /metrics read slowly; keep-alive connections left idle; and a mix of them all, repeated. What is read, from outside the process: its TCP connections and other file descriptors (/proc), the pool
 * on /metrics, its sessions in pg_stat_activity, and, through a test-only preload (support/resource-probe.ts), the
 * resources keeping its event loop busy and its heap after a full collection.
 * Other tests check each cancel's details (api-postgres-read-cancel, api-postgres-write-cancel) and the timeouts'
 * timing (tests/e2e/slow-clients-timeouts): this one checks that nothing of any stage stays.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { BLOG_DIR, poolSeries, startBlog, type BlogProcess } from './support/blog-process.ts';
import { processDescriptors } from './support/process-sockets.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

const PROBE = join(import.meta.dirname, 'support', 'resource-probe.ts');
/** Short server timeouts, so that what only a timeout ends (a head never finished, an idle keep-alive) ends within a test. */
const TIMEOUTS = { headers_timeout_ms: 1_000, request_timeout_ms: 2_000, keep_alive_timeout_ms: 1_000, send_timeout_ms: 1_000 };
/** The longest a stage's leftovers may take to go: the request timeout, a check interval, the 2 s lingering close, slack. */
const SETTLE_MS = 8_000;
/** Heap growth after a full collection allowed over the mix (V8's own caches and the metrics' series vary by a few MB). */
const HEAP_BOUND_BYTES = 8 * 1024 * 1024;
/** Far beyond SETTLE_MS: a statement ended only by the statement timeout, a write by the SQLite lock wait's, would fail the test. */
const STORE_TIMEOUT_MS = '60000';
const PG_PORT = Number(new URL(process.env.DATABASE_URL || 'postgres://127.0.0.1:5432').port || 5432);

/** What the blog holds, as compared with its baseline. */
interface Held {
  /** Connections of clients still open on the blog's listeners (its API and /metrics). */
  readonly clientConnections: number;
  /** Its file descriptors that are not TCP sockets (files being sent, pipes, eventfds). */
  readonly otherDescriptors: number;
  /** Event-loop resources by kind, minus the pooled PostgreSQL connections' sockets and idle timers. */
  readonly resources: Record<string, number>;
  /** The PostgreSQL pool's used connections and waiting requests on /metrics. */
  readonly pool: string;
  /** Its PostgreSQL sessions that are not idle (a statement running, a transaction open). */
  readonly busySessions: readonly string[];
}

/** How a store is started, and how another session holds its write lock until the returned function frees it. */
interface StoreUnderTest {
  readonly env: Record<string, string>;
  lock(): Promise<() => Promise<void>>;
  /** How many posts are titled `title`. */
  count(title: string): Promise<number>;
  close(): void;
}

for (const store of ['postgres', 'sqlite'] as const) {
  describe(`resources held for clients that have gone (BLOG_STORE=${store}, real sockets)`, () => {
    let schema: TestSchema;
    let under: StoreUnderTest;
    let blog: BlogProcess;
    let configDir: string;
    let metricsPort = 0;
    let baseline: Held;
    let baselineHeap = 0;
    const ids: number[] = [];

    before(async () => {
      schema = await createTestSchema();
      configDir = await mkdtemp(join(tmpdir(), 'blog-leaks-'));
      under = store === 'postgres' ? postgresUnderTest(schema) : await sqliteUnderTest(join(configDir, 'blog.sqlite3'));
      const config = JSON.parse(await readFile(join(BLOG_DIR, 'fw.config.json'), 'utf8'));
      Object.assign(config.fw.server_configuration, TIMEOUTS);
      await writeFile(join(configDir, 'fw.config.json'), JSON.stringify(config));
      blog = await startBlog(
        { FW_CONFIG: join(configDir, 'fw.config.json'), ...under.env },
        { execArgv: ['--expose-gc', '--import', PROBE], keepLine: (line) => !line.includes('"event":"request"') },
      );
      metricsPort = Number(new URL(blog.metricsUrl!).port);
      for (let i = 0; i < 25; i += 1)
        ids.push((await blog.request('POST', '/api/posts', { body: { title: `post ${i}`, body: 'b'.repeat(20_000) } })).json.id);
      // Every route once, so that what loads lazily (statements prepared, files' first reads) is in the baseline.
      for (const path of ['/api/posts', `/api/posts/${ids[0]}`, '/docs/', '/docs/index.html', '/login', '/heartbeat', '/ready'])
        assert.equal((await blog.request('GET', path, { fresh: true })).status, 200, path);
      await fetch(blog.metricsUrl!).then((res) => res.text());
      baseline = await until('the blog to be quiet after warm-up', async () => {
        const held = await heldNow();
        // No socket but the pool's: the warm-up's connections, closed by the server after keep_alive_timeout_ms, linger.
        const quiet = held.clientConnections === 0 && held.busySessions.length === 0 && held.resources.TCPSocketWrap === undefined;
        return quiet && held.resources.SimpleShutdownWrap === undefined ? held : undefined;
      });
      baselineHeap = (await probe()).heap_used;
    });
    after(async () => {
      await blog?.stop();
      under?.close();
      await schema?.drop();
      if (configDir) await rm(configDir, { recursive: true, force: true });
    });

    /** The resource line the probe writes on SIGUSR2 (after a full collection). */
    async function probe(): Promise<{ resources: Record<string, number>; heap_used: number }> {
      const seen = blog.logLines().filter((line) => line.event === 'test_resources').length;
      blog.child.kill('SIGUSR2');
      return (await until('the resource probe', () => blog.logLines().filter((line) => line.event === 'test_resources')[seen])) as never;
    }

    async function heldNow(): Promise<Held> {
      const { resources } = await probe();
      const { sockets, others } = await processDescriptors(blog.child.pid!);
      const established = sockets.filter((socket) => socket.state !== 'LISTEN');
      const postgres = established.filter((socket) => socket.remotePort === PG_PORT);
      const ports = postgres.map((socket) => socket.localPort);
      const busy = await schema.query(
        "SELECT state || ': ' || left(query, 60) AS what FROM pg_stat_activity WHERE client_port = ANY($1) AND state <> 'idle'",
        [ports],
      );
      // A pooled connection is one TCP socket, and one timer while it idles (pg's idleTimeoutMillis).
      const rest: Record<string, number> = { ...resources, TCPSocketWrap: (resources.TCPSocketWrap ?? 0) - postgres.length };
      rest.Timeout = Math.max(0, (resources.Timeout ?? 0) - postgres.length);
      for (const kind of Object.keys(rest)) if (rest[kind] === 0) delete rest[kind];
      return {
        clientConnections: established.filter((socket) => socket.localPort === blog.port || socket.localPort === metricsPort).length,
        otherDescriptors: others,
        resources: rest,
        pool: store === 'postgres' ? (await poolSeries(blog)).replace(/^idle \d+, /, '') : '',
        busySessions: busy.rows.map((row) => row.what as string),
      };
    }

    /** Waits until the blog holds what it held at the baseline; fails with the difference after SETTLE_MS. */
    async function assertBackToBaseline(stage: string): Promise<void> {
      let last: Held | undefined;
      const deadline = Date.now() + SETTLE_MS;
      while (Date.now() < deadline) {
        last = await heldNow();
        if (isDeepStrictEqual(last, baseline)) return;
        await sleep(200);
      }
      assert.deepEqual(last, baseline, `after ${stage}, the blog still holds more than before within ${SETTLE_MS} ms`);
    }

    /** A socket to `port` that has sent `text` and reads nothing (paused). */
    function client(text: string, port = blog.port): Socket {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(text);
      socket.pause();
      return socket;
    }
    const head = (method: string, path: string, fields = ''): string => `${method} ${path} HTTP/1.1\r\nhost: blog\r\n${fields}`;
    const json = (method: string, path: string, body: string, fields = ''): string =>
      `${head(method, path, `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${fields}`)}\r\n${body}`;
    const ROUTES = () => ['/api/posts', `/api/posts/${ids[1]}`, '/docs/', '/login', '/heartbeat', '/ready'];

    it('holds nothing once clients leave before their head is whole, or leave it unfinished', async () => {
      const left = [...ROUTES().map((path) => client(head('GET', path))), client(head('GET', '/metrics'), metricsPort)];
      const stayed = [...ROUTES().map((path) => client(head('GET', path))), client('GET /met', metricsPort)];
      await sleep(100);
      for (const socket of left) socket.destroy();
      await assertBackToBaseline('heads cut short, and heads never finished');
      for (const socket of stayed) socket.destroy();
    });

    it('holds nothing once clients leave mid-body of an upload, or stop sending it', async () => {
      const partial = (method: string, path: string) =>
        head(method, path, 'content-type: application/json\r\ncontent-length: 50000\r\n\r\n{"title":"t","body":"');
      const left = [client(partial('POST', '/api/posts')), client(partial('PUT', `/api/posts/${ids[2]}`))];
      const stalled = [client(partial('POST', '/api/posts')), client(partial('PUT', `/api/posts/${ids[3]}`))];
      await sleep(100);
      for (const socket of left) socket.destroy();
      await assertBackToBaseline('uploads cut mid-body, and uploads stalled mid-body');
      for (const socket of stalled) socket.destroy();
    });

    it('holds no session, connection or transaction once clients leave while their handlers wait for a lock another session holds', async () => {
      const post = JSON.stringify({ title: 'never', body: 'stored' });
      const unlock = await under.lock();
      try {
        const get = (path: string) => `${head('GET', path)}\r\n`;
        const sockets = [
          // Pipelined: one runs, the others wait behind it on the connection.
          client(get('/api/posts') + json('PUT', `/api/posts/${ids[4]}`, post) + `${head('DELETE', `/api/posts/${ids[5]}`)}\r\n` + get(`/api/posts/${ids[6]}`)),
          client(`${head('HEAD', '/api/posts')}\r\n`),
          client(json('PUT', `/api/posts/${ids[7]}`, post, `idempotency-key: leaks-${Date.now()}\r\n`)),
          client(json('POST', '/api/posts', post)),
          client(`${head('DELETE', `/api/posts/${ids[8]}`)}\r\n`),
          client(`${head('POST', '/api/posts', `content-type: application/json\r\nexpect: 100-continue\r\ncontent-length: ${post.length}\r\n`)}\r\n`),
        ];
        // PostgreSQL: the GET's, HEAD's, keyed PUT's, POST's and DELETE's statements wait on the lock. SQLite (WAL) reads
        // on: the keyed PUT, the POST and the DELETE wait for the write lock, trying again on a timer.
        await until('the requests to wait on the lock', async () => {
          const held = await heldNow();
          return store === 'postgres' ? held.busySessions.length >= 5 : (held.resources.Timeout ?? 0) >= 3;
        });
        for (const socket of sockets) socket.destroy();
        // While the lock is still held: nothing of theirs may wait on it.
        await assertBackToBaseline('clients left while their requests waited on a lock');
      } finally {
        await unlock();
      }
      assert.equal(await under.count('never'), 0, 'no write of a client that left was stored');
    });

    it('holds nothing once slow readers of a large list, a static file and /metrics leave mid-answer, or stop reading', async () => {
      const slow = () => [
        client(`${head('GET', '/api/posts?limit=100')}\r\n`),
        client(`${head('GET', '/docs/index.html')}\r\n`),
        client(`${head('GET', '/metrics')}\r\n`, metricsPort),
      ];
      const left = slow();
      const stalled = slow();
      await sleep(300);
      for (const socket of left) socket.destroy();
      await assertBackToBaseline('slow readers left mid-answer, and readers that stopped (send_timeout_ms)');
      for (const socket of stalled) socket.destroy();
    });

    it('closes keep-alive connections left idle, on every route', async () => {
      const idle = [...ROUTES().map((path) => client(`${head('GET', path)}\r\n`)), client(`${head('GET', '/metrics')}\r\n`, metricsPort)];
      for (const socket of idle) socket.resume();
      await assertBackToBaseline('keep-alive connections left idle');
      for (const socket of idle) socket.destroy();
    });

    it('returns to its baseline after 300 clients leaving at random stages, its heap within a bound', async () => {
      const post = JSON.stringify({ title: 'mix', body: 'm'.repeat(2_000) });
      const stages = [
        () => client(head('GET', '/api/posts')),
        () => client(json('POST', '/api/posts', post).slice(0, 200)),
        () => client(`${head('GET', '/api/posts?limit=100')}\r\n`),
        (i: number) => client(json('PUT', `/api/posts/${ids[10 + (i % 10)]}`, post)),
        (i: number) => client(`${head('GET', `/api/posts/${ids[i % 20]}`)}\r\n`),
        () => client(`${head('GET', '/docs/index.html')}\r\n`),
        () => client(`${head('GET', '/metrics')}\r\n`, metricsPort),
        () => client(json('POST', '/api/posts', post)),
      ];
      for (let i = 0; i < 300; i += 10)
        await Promise.all(
          Array.from({ length: 10 }, async (_, j) => {
            const socket = stages[(i + j) % stages.length]!(i + j);
            await sleep(Math.random() * 20);
            socket.destroy();
          }),
        );
      await assertBackToBaseline('300 clients leaving at random stages');
      const heap = (await probe()).heap_used;
      assert.ok(heap - baselineHeap < HEAP_BOUND_BYTES, `heap after a full collection grew ${heap - baselineHeap} bytes (bound ${HEAP_BOUND_BYTES})`);
    });
  });
}

function postgresUnderTest(schema: TestSchema): StoreUnderTest {
  return {
    env: { BLOG_STORE: 'postgres', DATABASE_URL: schema.url, BLOG_POSTGRES_QUERY_TIMEOUT_MS: STORE_TIMEOUT_MS, BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: STORE_TIMEOUT_MS },
    async lock() {
      // Another session: pg_stat_activity is read once per transaction, so never inside the locking one.
      const locker = new pg.Client({ connectionString: schema.url });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
      return async () => {
        await locker.query('ROLLBACK');
        await locker.end();
      };
    },
    count: async (title) => (await schema.query('SELECT count(*)::int AS n FROM blog_posts WHERE title = $1', [title])).rows[0].n,
    close: () => {},
  };
}

/** SQLite locks across processes with POSIX file locks, so the blog runs in a process of its own and the lock is held here. */
async function sqliteUnderTest(path: string): Promise<StoreUnderTest> {
  await openSqliteStore({ path }).close();
  const other = new DatabaseSync(path);
  return {
    env: { BLOG_STORE: 'sqlite', BLOG_SQLITE_PATH: path, BLOG_SQLITE_BUSY_TIMEOUT_MS: STORE_TIMEOUT_MS },
    async lock() {
      other.exec('BEGIN IMMEDIATE');
      return async () => other.exec('ROLLBACK');
    },
    count: async (title) => (other.prepare('SELECT count(*) AS n FROM posts WHERE title = ?').get(title) as { n: number }).n,
    close: () => other.close(),
  };
}
