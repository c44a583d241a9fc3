// Needs the real process: the blog as started, its telemetry exporting to a receiver on loopback, its log lines on stderr.
/**
 * Correlation in the blog with telemetry on: every store statement (SQLite, PostgreSQL) is a
 * CLIENT child span of the request's server span with the database semantic conventions and the
 * parameterized SQL, never a bound value; request-log and query-log lines carry the ids of the
 * server span and of the statement span. A statement that fails because PostgreSQL is gone (the
 * 503 path) is an error span with error.type. The memory store makes no database span.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../../packages/fw-core/test/support/otel-receiver.ts';
import { BLOG_DIR, startBlog } from './support/blog-process.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './support/store-postgres.ts';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { proxyPostgres, type TcpProxy } from './support/store-tcp-proxy.ts';

// Values that must never reach a span: a title and body a client sent.
const TITLE = 'Secret title 7f3a';
const BODY = 'Secret body c91e';
const COLUMNS = {
  sqlite: 'id, title, body, status, CASE WHEN user_id BETWEEN -9007199254740991 AND 9007199254740991 THEN user_id END AS user_id, inserted_key, updated_at',
  postgres: 'id, title, body, status, user_id, inserted_at, updated_at',
};

/** What one blog run left behind: the spans it exported and its log lines. */
interface Run {
  readonly spans: ReceivedSpan[];
  readonly logs: Record<string, unknown>[];
  readonly id: number;
}

let dir = '';
let receiver: OtlpReceiver;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'blog-store-spans-'));
  receiver = await startOtlpReceiver();
});
after(async () => {
  await receiver?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Starts the blog with `section` as its `blog` config section and telemetry on, POSTs and GETs a post, runs `more`, stops it (flushing spans). */
async function runBlog(
  name: string,
  section: Record<string, unknown>,
  more: (id: number, request: (method: string, path: string, body?: object) => Promise<number>, logs: () => Record<string, unknown>[]) => Promise<void> = async () => {},
): Promise<Run> {
  const config = JSON.parse(await readFile(join(BLOG_DIR, 'fw.config.json'), 'utf8'));
  config.blog = section;
  const path = join(dir, `${name}.fw.config.json`);
  await writeFile(path, JSON.stringify(config));
  const seen = receiver.spans.length;
  const blog = await startBlog({ FW_CONFIG: path, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_EXPORTER: undefined, OTEL_METRICS_EXPORTER: 'none' });
  let id = 0;
  try {
    const created = await blog.request('POST', '/api/posts', { body: { title: TITLE, body: BODY } });
    assert.equal(created.status, 201, created.text);
    id = created.json.id as number;
    assert.equal((await blog.request('GET', `/api/posts/${id}`)).status, 200);
    await more(id, async (method, target, body) => (await blog.request(method, target, body ? { body } : {})).status, () => blog.logLines());
  } finally {
    assert.equal(await blog.stop(), 0);
  }
  return { spans: receiver.spans.slice(seen), logs: blog.logLines(), id };
}

function serverSpan(run: Run, name: string, status: number): ReceivedSpan {
  const found = run.spans.filter((s) => s.name === name && s.attributes['http.response.status_code'] === status);
  assert.equal(found.length, 1, `one ${name} ${status} in ${run.spans.map((s) => s.name).join(', ')}`);
  return found[0]!;
}

function childrenOf(run: Run, parent: ReceivedSpan): ReceivedSpan[] {
  return run.spans.filter((s) => s.parentSpanId === parent.spanId);
}

function requestLine(run: Run, method: string, status: number): Record<string, unknown> {
  const lines = run.logs.filter((l) => l.event === 'request' && l.method === method && l.status === status);
  assert.equal(lines.length, 1, `one ${method} ${status} request line`);
  return lines[0]!;
}

/** Checks a CLIENT child of `parent` with exactly `attributes`, its query log line carrying its ids. */
function assertStatementSpan(run: Run, span: ReceivedSpan | undefined, parent: ReceivedSpan, name: string, attributes: Record<string, unknown>): void {
  assert.ok(span, `a ${name} span under ${parent.name}`);
  assert.equal(span.name, name);
  assert.equal(span.kind, 'SPAN_KIND_CLIENT');
  assert.equal(span.traceId, parent.traceId);
  assert.equal(span.scope, 'blog-example/store');
  assert.deepEqual(span.attributes, attributes);
  assert.deepEqual(span.status, { code: 'STATUS_CODE_UNSET', message: '' });
  const logged = run.logs.filter((l) => l.event === 'query' && l.span_id === span.spanId);
  assert.equal(logged.length, 1, `one query log line for ${name}`);
  assert.equal(logged[0]!.trace_id, parent.traceId);
  assert.equal(logged[0]!.sql, attributes['db.query.text']);
}

/** Every request line carries its server span's ids; no span attribute anywhere holds the title or body sent. */
function assertCorrelatedAndClean(run: Run): void {
  for (const [method, status, name] of [['POST', 201, 'POST blog_posts_controller:create'], ['GET', 200, 'GET blog_posts_controller:show']] as const) {
    const span = serverSpan(run, name, status);
    const line = requestLine(run, method, status);
    assert.deepEqual([line.trace_id, line.span_id], [span.traceId, span.spanId]);
  }
  for (const span of run.spans) {
    for (const [key, value] of Object.entries(span.attributes)) {
      assert.ok(!String(value).includes(TITLE) && !String(value).includes(BODY), `${span.name} ${key} holds a value sent: ${String(value)}`);
    }
  }
}

describe('SQLite store', () => {
  let run: Run;
  before(async () => {
    run = await runBlog('sqlite', { store: 'sqlite', sqlite_path: join(dir, 'blog.sqlite3'), log: true }, async (id, request) => {
      assert.equal(await request('PUT', `/api/posts/${id}`, { title: `${TITLE} again` }), 200);
    });
  });

  it('makes the INSERT and the SELECT CLIENT children of their server spans, with the db attributes and the SQL, and logs their ids', () => {
    const columns = COLUMNS.sqlite;
    const post = serverSpan(run, 'POST blog_posts_controller:create', 201);
    const [insert, ...moreInserts] = childrenOf(run, post);
    assert.deepEqual(moreInserts, []);
    assertStatementSpan(run, insert, post, 'INSERT posts', {
      'db.system.name': 'sqlite',
      'db.operation.name': 'INSERT',
      'db.collection.name': 'posts',
      'db.query.text': `INSERT INTO posts (title, body, status, user_id, inserted_at, updated_at, text_json_bytes) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${columns}`,
    });
    const get = serverSpan(run, 'GET blog_posts_controller:show', 200);
    const [select, ...moreSelects] = childrenOf(run, get);
    assert.deepEqual(moreSelects, []);
    assertStatementSpan(run, select, get, 'SELECT posts', {
      'db.system.name': 'sqlite',
      'db.operation.name': 'SELECT',
      'db.collection.name': 'posts',
      'db.query.text': `SELECT ${columns} FROM posts WHERE id = ?`,
    });
  });

  it('makes each statement of an update transaction a child of the PUT, BEGIN and COMMIT named by the operation alone', () => {
    const put = serverSpan(run, 'PUT blog_posts_controller:update', 200);
    const children = childrenOf(run, put);
    assert.deepEqual(children.map((s) => [s.name, s.attributes['db.operation.name'], s.attributes['db.query.text']]), [
      ['BEGIN', 'BEGIN', 'BEGIN IMMEDIATE'],
      ['SELECT posts', 'SELECT', `SELECT ${COLUMNS.sqlite} FROM posts WHERE id = ?`],
      ['UPDATE posts', 'UPDATE', `UPDATE posts SET title = ?, updated_at = ?, text_json_bytes = ? WHERE id = ? RETURNING ${COLUMNS.sqlite}`],
      ['COMMIT', 'COMMIT', 'COMMIT'],
    ]);
    assert.ok(children.every((s) => s.kind === 'SPAN_KIND_CLIENT' && s.traceId === put.traceId));
  });

  it('puts the server span ids on the request lines and no value sent on any span', () => {
    assertCorrelatedAndClean(run);
  });
});

describe('PostgreSQL store', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let run: Run;
  before(async () => {
    schema = await createTestSchema();
    let url: string;
    ({ proxy, url } = await proxyPostgres(schema.url));
    // After the POST and the GET the database goes away: the next GET is a 503.
    run = await runBlog('postgres', { store: 'postgres', database_url: url, log: true }, async (id, request, logs) => {
      await proxy.cut();
      // Once the pool has seen its idle connection go, the GET's statement finds the database
      // refusing (ECONNREFUSED); sent before that, it would die with the connection instead.
      await until('the store_connection_lost line', () => logs().some((line) => line.event === 'store_connection_lost'));
      assert.equal(await request('GET', `/api/posts/${id}`), 503);
    });
  });
  after(async () => {
    await proxy?.close();
    await schema?.drop();
  });

  it('makes the INSERT and the SELECT CLIENT children of their server spans, with db.namespace and the server, and logs their ids', () => {
    const columns = COLUMNS.postgres;
    const server = { 'db.system.name': 'postgresql', 'db.namespace': new URL(TEST_DATABASE_URL).pathname.slice(1), 'server.address': '127.0.0.1', 'server.port': proxy.port };
    const post = serverSpan(run, 'POST blog_posts_controller:create', 201);
    const [insert, ...moreInserts] = childrenOf(run, post);
    assert.deepEqual(moreInserts, []);
    assertStatementSpan(run, insert, post, 'INSERT blog_posts', {
      ...server,
      'db.query.text': `INSERT INTO blog_posts (title, body, status, user_id, inserted_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${columns}`,
      'db.operation.name': 'INSERT',
      'db.collection.name': 'blog_posts',
    });
    const get = serverSpan(run, 'GET blog_posts_controller:show', 200);
    const [select, ...moreSelects] = childrenOf(run, get);
    assert.deepEqual(moreSelects, []);
    assertStatementSpan(run, select, get, 'SELECT blog_posts', {
      ...server,
      'db.query.text': `SELECT ${columns} FROM blog_posts WHERE id = $1`,
      'db.operation.name': 'SELECT',
      'db.collection.name': 'blog_posts',
    });
  });

  it('marks the statement that found the database gone as an error: error.type, status ERROR, no message', () => {
    const unavailable = serverSpan(run, 'GET blog_posts_controller:show', 503);
    const [select, ...more] = childrenOf(run, unavailable);
    assert.deepEqual(more, []);
    assert.ok(select);
    assert.equal(select.name, 'SELECT blog_posts');
    assert.equal(select.kind, 'SPAN_KIND_CLIENT');
    assert.equal(select.attributes['error.type'], 'ECONNREFUSED');
    assert.equal('db.response.status_code' in select.attributes, false);
    assert.deepEqual(select.status, { code: 'STATUS_CODE_ERROR', message: '' });
    // A failed statement writes no query log line; the request line still carries the server span.
    assert.deepEqual(run.logs.filter((l) => l.event === 'query' && l.trace_id === unavailable.traceId), []);
    const line = requestLine(run, 'GET', 503);
    assert.deepEqual([line.trace_id, line.span_id], [unavailable.traceId, unavailable.spanId]);
  });

  it('makes no span for the migrations at start-up (no span is active then)', () => {
    assert.deepEqual(run.spans.filter((s) => s.kind === 'SPAN_KIND_CLIENT' && s.parentSpanId === ''), []);
    const startup = run.logs.filter((l) => l.event === 'query' && l.trace_id === undefined);
    assert.ok(startup.length >= 5, `migration queries logged: ${startup.length}`);
  });

  it('puts the server span ids on the request lines and no value sent on any span', () => {
    assertCorrelatedAndClean(run);
  });
});

describe('memory store', () => {
  it('makes no database span; request lines still carry the server span ids', async () => {
    const run = await runBlog('memory', { store: 'memory' });
    assert.deepEqual(run.spans.filter((s) => s.kind === 'SPAN_KIND_CLIENT'), []);
    assertCorrelatedAndClean(run);
  });
});
