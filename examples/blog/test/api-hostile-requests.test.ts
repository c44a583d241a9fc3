// Needs a socket: it sends raw bytes (bad request lines, framing) that inject() and fetch cannot express.
/**
 * A table of hostile requests against one running service (memory store), each with the status
 * it must get. None may answer 500, crash the process or change data unexpectedly: after the
 * table, the stored posts are exactly what its valid writes produced.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startBlog, type BlogProcess, type RequestOptions } from './support/blog-process.ts';

interface Row {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly options?: RequestOptions;
  readonly status: number;
  /** The exact JSON body, when the row pins it. */
  readonly body?: unknown;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const json = (text: string | Buffer, headers: Record<string, string> = JSON_TYPE): RequestOptions => ({ body: text, headers });
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const NOT_FOUND = { error: 'post not found' };
const REQUIRED = { error: 'request body required' };
const NOT_OBJECT = { error: 'request body must be a JSON object' };
const MALFORMED = { error: 'malformed JSON body' };

/** Posts the valid writes of the table create, by title: what the store must hold at the end. */
const EMOJI = '📝 Ünïcödé 中文 \u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
const expectedCreates = [
  { title: 'constructor as a plain field', body: 'b', status: 'draft', user_id: null },
  { title: EMOJI, body: 'ok\u2028\u2029"\\</script>', status: 'published', user_id: 1 },
  { title: 'with a BOM', body: 'b', status: 'draft', user_id: null },
  { title: 'vnd.api+json', body: 'b', status: 'draft', user_id: null },
  { title: 'x'.repeat(255), body: ' y ', status: 'archived', user_id: 9007199254740991 },
  { title: 'the last of a repeated key', body: 'b', status: 'draft', user_id: null },
];

let blog: BlogProcess;
let seed: Record<string, unknown>;
let seedPath: string;
before(async () => {
  blog = await startBlog();
  seed = (await blog.request('POST', '/api/posts', { body: { title: 'seed', body: 'seed body', user_id: 2 } })).json;
  seedPath = `/api/posts/${String(seed.id)}`;
});
after(async () => {
  await blog.stop();
});

function rows(): Row[] {
  const [c1, c2, c3, c4, c5] = expectedCreates as [(typeof expectedCreates)[number], ...(typeof expectedCreates)];
  return [
    // --- malformed and hostile JSON ---
    { name: 'truncated JSON', method: 'POST', path: '/api/posts', options: json('{"title":'), status: 400, body: MALFORMED },
    { name: 'single-quoted JSON', method: 'POST', path: '/api/posts', options: json("{'title': 'x'}"), status: 400, body: MALFORMED },
    { name: 'trailing garbage', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b"}x'), status: 400, body: MALFORMED },
    { name: 'two JSON values', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b"} {}'), status: 400, body: MALFORMED },
    { name: 'NaN literal', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b","user_id":NaN}'), status: 400, body: MALFORMED },
    { name: 'invalid UTF-8 bytes', method: 'POST', path: '/api/posts', options: json(Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])), status: 400, body: MALFORMED },
    { name: 'nested 100000 deep', method: 'POST', path: '/api/posts', options: json(nested(100_000)), status: 400, body: { error: 'JSON body nested too deeply' } },
    { name: 'nested 999 deep (decodes; not an object)', method: 'POST', path: '/api/posts', options: json(nested(999)), status: 422, body: NOT_OBJECT },
    { name: 'deep object as title', method: 'POST', path: '/api/posts', options: json(`{"title":${'{"a":'.repeat(50)}1${'}'.repeat(50)},"body":"b"}`), status: 422, body: { errors: { title: ['is invalid'] } } },
    { name: '__proto__ key', method: 'POST', path: '/api/posts', options: json('{"__proto__":{"admin":true},"title":"p","body":"b"}'), status: 400, body: { error: 'forbidden key in JSON body: __proto__' } },
    { name: 'escaped __proto__ key', method: 'POST', path: '/api/posts', options: json('{"\\u005f_proto__":{"admin":true},"title":"p","body":"b"}'), status: 400, body: { error: 'forbidden key in JSON body: __proto__' } },
    { name: 'nested __proto__ key', method: 'POST', path: '/api/posts', options: json('{"title":"p","body":"b","meta":{"__proto__":{}}}'), status: 400, body: { error: 'forbidden key in JSON body: __proto__' } },
    { name: 'constructor.prototype', method: 'POST', path: '/api/posts', options: json('{"constructor":{"prototype":{"admin":true}},"title":"p","body":"b"}'), status: 400, body: { error: 'forbidden key in JSON body: constructor.prototype' } },
    { name: 'constructor as a plain field (valid write)', method: 'POST', path: '/api/posts', options: json(JSON.stringify({ ...c1, constructor: 'Car' })), status: 201 },
    { name: '__proto__ on update', method: 'PUT', path: '', options: json('{"status":"published","__proto__":{"x":1}}'), status: 400 },
    // --- wrong types and sizes ---
    { name: 'title an array', method: 'POST', path: '/api/posts', options: json('{"title":["a"],"body":"b"}'), status: 422 },
    { name: 'user_id as a string', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b","user_id":"1"}'), status: 422 },
    { name: 'user_id 1e400 (Infinity)', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b","user_id":1e400}'), status: 422 },
    { name: 'user_id 2^53', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b","user_id":9007199254740993}'), status: 422 },
    { name: 'status as an object', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b","status":{"$ne":null}}'), status: 422 },
    { name: 'title of 500000 characters', method: 'POST', path: '/api/posts', options: json(JSON.stringify({ title: 't'.repeat(500_000), body: 'b' })), status: 422, body: { errors: { title: ['should be at most 255 character(s)'] } } },
    { name: 'body over 1 MiB', method: 'POST', path: '/api/posts', options: { ...json(JSON.stringify({ title: 't', body: 'b'.repeat(1_100_000) })), fresh: true }, status: 413, body: { error: 'request body too large' } },
    { name: 'JSON null', method: 'POST', path: '/api/posts', options: json('null'), status: 422, body: NOT_OBJECT },
    // --- unicode ---
    { name: 'lone surrogate escaped in JSON', method: 'POST', path: '/api/posts', options: json('{"title":"\\ud800","body":"b"}'), status: 422, body: { errors: { title: ['is invalid'] } } },
    { name: 'NUL escaped in JSON', method: 'POST', path: '/api/posts', options: json('{"title":"a\\u0000","body":"b"}'), status: 422, body: { errors: { title: ['is invalid'] } } },
    { name: 'emoji, ZWJ, U+2028 and HTML (valid write)', method: 'POST', path: '/api/posts', options: json(JSON.stringify(c2)), status: 201 },
    { name: 'UTF-8 byte order mark (valid write)', method: 'POST', path: '/api/posts', options: json(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(c3))])), status: 201 },
    // --- content types ---
    { name: 'text/plain carrying JSON', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b"}', { 'content-type': 'text/plain' }), status: 422, body: REQUIRED },
    { name: 'content-type named constructor', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b"}', { 'content-type': 'constructor' }), status: 422, body: REQUIRED },
    { name: 'application/jsonx', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b"}', { 'content-type': 'application/jsonx' }), status: 422, body: REQUIRED },
    { name: 'form urlencoded', method: 'POST', path: '/api/posts', options: json('title=a&body=b', { 'content-type': 'application/x-www-form-urlencoded' }), status: 422, body: REQUIRED },
    { name: 'charset latin1', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b"}', { 'content-type': 'application/json; charset=latin1' }), status: 415 },
    { name: 'content-encoding gzip', method: 'POST', path: '/api/posts', options: json('{"title":"a","body":"b"}', { 'content-type': 'application/json', 'content-encoding': 'gzip' }), status: 415 },
    { name: 'application/vnd.api+json (valid write)', method: 'POST', path: '/api/posts', options: json(JSON.stringify(c4), { 'content-type': 'application/vnd.api+json' }), status: 201 },
    { name: 'limits exactly (valid write)', method: 'POST', path: '/api/posts', options: json(JSON.stringify(c5)), status: 201 },
    // A key given twice counts its last value, as JSON.parse and Fastify take it (docs/blog-api.md): the first is never checked.
    {
      name: 'repeated keys (valid write)', method: 'POST', path: '/api/posts',
      options: json('{"title":"","user_id":"x","title":"the last of a repeated key","body":"b","user_id":null}'), status: 201,
    },
    // --- ids ---
    ...['1e3', '-1', '0', '0x10', '01', '99999999999999999999', '9007199254740992', '%00', '1.5', '%201', '1%20', '+1', '%2e%2e', '1;2', '%EF%BC%91'].map(
      (id): Row => ({ name: `GET id ${id}`, method: 'GET', path: `/api/posts/${id}`, status: 404, body: NOT_FOUND }),
    ),
    { name: 'PUT id 1e3', method: 'PUT', path: '/api/posts/1e3', options: json('{"title":"x"}'), status: 404, body: NOT_FOUND },
    { name: 'DELETE id -1', method: 'DELETE', path: '/api/posts/-1', status: 404, body: NOT_FOUND },
    { name: 'DELETE id 0x10', method: 'DELETE', path: '/api/posts/0x10', status: 404, body: NOT_FOUND },
    // --- paths ---
    { name: 'traversal under /api', method: 'GET', path: '/api/posts/%2e%2e/%2e%2e/package.json', status: 404 },
    { name: 'traversal under /docs', method: 'GET', path: '/docs/%2e%2e/package.json', status: 404 },
    { name: 'encoded slash under /docs', method: 'GET', path: '/docs/..%2f..%2fpackage.json', status: 404 },
    { name: 'NUL under /docs', method: 'GET', path: '/docs/index.html%00.txt', status: 404 },
    { name: 'malformed escape', method: 'GET', path: '/api/posts/%zz', status: 400, body: { error: 'malformed percent-escape in the path' } },
    { name: 'PATCH', method: 'PATCH', path: '/api/posts/1', status: 405 },
    { name: 'POST to an id', method: 'POST', path: '/api/posts/1', options: json('{"title":"a","body":"b"}'), status: 405 },
    { name: 'DELETE the collection', method: 'DELETE', path: '/api/posts', status: 405 },
    // --- query abuse ---
    { name: 'limit[]=1', method: 'GET', path: '/api/posts?limit[]=1', status: 200 },
    { name: 'limit=1&limit=2', method: 'GET', path: '/api/posts?limit=1&limit=2', status: 400, body: { error: 'limit must be given at most once' } },
    { name: '10 KB of unknown parameters', method: 'GET', path: `/api/posts?${'a=1&'.repeat(2_500)}`, status: 200 },
    { name: '10 KB limit value', method: 'GET', path: `/api/posts?limit=${'9'.repeat(10_000)}`, status: 400 },
    { name: '10 KB cursor', method: 'GET', path: `/api/posts?cursor=${'A'.repeat(10_000)}`, status: 400 },
    { name: 'query with a malformed escape', method: 'GET', path: '/api/posts?status=%E0%A4', status: 400 },
    { name: 'request target over 16 KB', method: 'GET', path: `/api/posts?x=${'a'.repeat(20_000)}`, options: { fresh: true }, status: 431 },
    { name: 'one header over 16 KB', method: 'GET', path: '/api/posts', options: { headers: { 'x-big': 'h'.repeat(20_000) }, fresh: true }, status: 431 },
    // --- valid update on the seed, then an ignored id change ---
    { name: 'update the seed (valid write)', method: 'PUT', path: '', options: json('{"title":"Renamed ✓","status":"published"}'), status: 200 },
    { name: 'update with only ignored fields', method: 'PUT', path: '', options: json('{"id":424242,"inserted_at":"1999-01-01T00:00:00"}'), status: 200 },
  ];
}

test('every hostile request gets its expected status, never 500', async () => {
  const table = rows();
  assert.ok(table.length >= 40, `${table.length} rows`);
  const failures: string[] = [];
  for (const row of table) {
    const reply = await blog.request(row.method, row.path === '' ? seedPath : row.path, row.options).catch((error: Error) => ({ status: -1, text: error.message }));
    if (reply.status !== row.status) failures.push(`${row.name}: expected ${row.status}, got ${reply.status} ${reply.text.slice(0, 200)}`);
    else if (row.body !== undefined && reply.text !== JSON.stringify(row.body)) failures.push(`${row.name}: body ${reply.text.slice(0, 200)}`);
  }
  assert.deepEqual(failures, []);
});

test('the process is alive and logged no request failure', async () => {
  assert.equal(blog.child.exitCode, null);
  assert.equal((await blog.request('GET', '/heartbeat')).status, 200);
  const failed = blog.logLines().filter((line) => line.event === 'request_failed' || (line.event === 'request' && Number(line.status) >= 500));
  assert.deepEqual(failed, []);
});

test('the stored data is exactly what the valid writes produced', async () => {
  const posts = (await blog.request('GET', '/api/posts?limit=1000')).json.posts as Record<string, unknown>[];
  const seeded = { ...seed, title: 'Renamed ✓', status: 'published' };
  const strip = ({ id: _id, inserted_at: _at, ...fields }: Record<string, unknown>) => fields;
  assert.deepEqual(posts.at(-1), seeded);
  assert.deepEqual(posts.slice(0, -1).reverse().map(strip), expectedCreates);
  for (const post of posts) assert.deepEqual((await blog.request('GET', `/api/posts/${String(post.id)}`)).json, post);
});
