/**
 * Case generators of the blog fuzz (fuzz-blog-routes.test.ts). Each case is raw request bytes
 * plus what it may do: `expect` names the exact status where the docs fix it (docs/blog-api.md,
 * docs/builtin-plugins.md) and `write` says how a valid write changes the stored posts. Cases
 * that are not valid writes are built so that they cannot be one (a body that is not a JSON
 * object, a defect the service must refuse), so "stored data changed only by valid writes" can
 * be checked exactly against a model.
 */
import type { Random } from './seeded-random.ts';

/** A stored post as the API returns it. */
export type Post = { id: number; title: string; body: string; status: string; user_id: number | null; inserted_at: string | null };

/** What the fuzzer believes is stored. */
export type Model = Map<number, Post>;

/** One generated request. */
export interface FuzzCase {
  readonly kind: string;
  readonly method: string;
  readonly bytes: Buffer;
  /** Half-close after writing (a declared body that never fully comes). */
  readonly endAfterWrite?: boolean;
  /** Exact statuses allowed; undefined: any status below 500. `0` allows a close with no response. */
  readonly expect?: readonly number[];
  /** For a valid write: the post (or deletion) the answer must show, applied to the model. */
  readonly write?: { readonly op: 'create' | 'update'; readonly fields: Partial<Post> } | { readonly op: 'delete'; readonly id: number };
}

const STATUSES = ['draft', 'published', 'archived'] as const;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** traceparent values the W3C rules say to ignore (reference.md), and a valid one. */
const TRACEPARENTS = [
  '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
  '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
  'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01',
  '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
  '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1',
  '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7',
  '0-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  'zz-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  '',
  '-',
  '00--',
  `00-${'a'.repeat(4000)}-00f067aa0ba902b7-01`,
];

const WORDS = ['hello', 'Grüße', '日本語', 'emoji 😀', 'ltr ‏rtl', 'tab\there', 'quote "q"', 'back\\slash', 'a', 'Zażółć'];

function text(random: Random, maxWords: number): string {
  const parts = Array.from({ length: random.int(1, maxWords) }, () => random.pick(WORDS));
  return `${random.pick(['T', 'x', 'Q'])}${parts.join(' ')}`;
}

/** Headers that must not change what a request does. */
function harmlessHeaders(random: Random): string[] {
  const out: string[] = [];
  if (random.chance(0.4)) out.push(`traceparent: ${random.pick(TRACEPARENTS)}`);
  if (random.chance(0.2)) out.push(`tracestate: ${random.pick(['a=1', 'x'.repeat(600), '=,=,', 'k=v,k2=v2'])}`);
  if (random.chance(0.2)) out.push(`x-request-id: ${random.pick(['abc', 'x'.repeat(300), 'héllo', '../../etc', ''])}`);
  if (random.chance(0.2)) out.push(`accept: ${random.pick(['*/*', 'text/html', 'application/json;q=0', 'garbage;;;'])}`);
  if (random.chance(0.2)) out.push(`x-fuzz-${random.int(0, 99)}: ${random.bytes(random.int(0, 40)).toString('base64')}`);
  if (random.chance(0.1)) out.push(`user-agent: ${random.pick(['', 'curl/8', 'x'.repeat(2000)])}`);
  return out;
}

/** The bytes of one request (the head in UTF-8, so unicode reaches the parser raw): request line, host, the headers, content-length when a body is given. */
function requestBytes(method: string, target: string, headers: readonly string[], body?: Buffer, options: { host?: boolean; length?: boolean } = {}): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`];
  if (options.host !== false) lines.push('host: 127.0.0.1');
  lines.push(...headers, 'connection: close');
  if (body !== undefined && options.length !== false) lines.push(`content-length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body ?? Buffer.alloc(0)]);
}

function jsonBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

function existingId(random: Random, model: Model): number | undefined {
  if (model.size === 0) return undefined;
  return random.pick([...model.keys()]);
}

function validCreate(random: Random): FuzzCase {
  const fields: Partial<Post> = { title: text(random, 6), body: text(random, 40) };
  const payload: Record<string, unknown> = { ...fields };
  if (random.chance(0.6)) payload.status = fields.status = random.pick(STATUSES);
  if (random.chance(0.5)) payload.user_id = fields.user_id = random.pick([1, 42, MAX_SAFE, null]);
  if (random.chance(0.3)) payload[random.pick(['id', 'inserted_at', 'updated_at', 'extra'])] = random.pick([999999, 'x', null, [1]]);
  const type = random.pick(['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/vnd.blog+json']);
  return {
    kind: 'valid create',
    method: 'POST',
    bytes: requestBytes('POST', '/api/posts', [`content-type: ${type}`, ...harmlessHeaders(random)], jsonBody(payload)),
    expect: [201],
    write: { op: 'create', fields: { status: 'draft', user_id: null, ...fields } },
  };
}

function validUpdate(random: Random, id: number): FuzzCase {
  const fields: Partial<Post> = {};
  if (random.chance(0.5)) fields.title = text(random, 6);
  if (random.chance(0.4)) fields.body = text(random, 20);
  if (random.chance(0.4)) fields.status = random.pick(STATUSES);
  if (random.chance(0.3)) fields.user_id = random.pick([7, null]);
  return {
    kind: 'valid update',
    method: 'PUT',
    bytes: requestBytes('PUT', `/api/posts/${id}`, ['content-type: application/json', ...harmlessHeaders(random)], jsonBody(fields)),
    expect: [200],
    write: { op: 'update', fields: { ...fields, id } },
  };
}

function validDelete(random: Random, id: number): FuzzCase {
  // Bindings are percent-decoded once, so an encoded digit names the same post.
  const path = random.chance(0.2) ? `/api/posts/${[...String(id)].map((d) => `%3${d}`).join('')}` : `/api/posts/${id}`;
  return { kind: 'valid delete', method: 'DELETE', bytes: requestBytes('DELETE', path, harmlessHeaders(random)), expect: [204], write: { op: 'delete', id } };
}

/** Ids that name no post (the id rule of docs/blog-api.md), given the ones that exist. */
function missingId(random: Random, model: Model, deleted: readonly number[]): string {
  const max = Math.max(0, ...model.keys(), ...deleted);
  const choices = ['0', '01', '-1', '1e3', '1.0', 'abc', '9007199254740992', '99999999999999999999', '%2e%2e', '%00', String(max + 1000), '%201', '1%20', '0x10', '+1'];
  if (deleted.length > 0) choices.push(String(random.pick(deleted)));
  return random.pick(choices);
}

function missingTarget(random: Random, model: Model, deleted: readonly number[]): FuzzCase {
  const method = random.pick(['GET', 'PUT', 'DELETE']);
  const body = method === 'PUT' ? jsonBody({ title: 'never stored', body: 'b' }) : undefined;
  return {
    kind: `${method} missing id`,
    method,
    bytes: requestBytes(method, `/api/posts/${missingId(random, model, deleted)}`, body ? ['content-type: application/json'] : [], body),
    expect: [404],
  };
}

function deepNesting(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A write with one defect the service must refuse, and the status the docs give it. */
function invalidWrite(random: Random, model: Model): FuzzCase {
  const id = existingId(random, model);
  const method = id !== undefined && random.chance(0.5) ? 'PUT' : 'POST';
  const path = method === 'PUT' ? `/api/posts/${id}` : '/api/posts';
  const good = JSON.stringify({ title: 'would be valid', body: 'b' });
  const defects: [string, () => { headers: string[]; body: Buffer; expect: number[]; endAfterWrite?: boolean; length?: boolean }][] = [
    ['truncated json', () => ({ headers: ['content-type: application/json'], body: Buffer.from(good.slice(0, random.int(1, good.length - 1))), expect: [400] })],
    ['random bytes as json', () => ({ headers: ['content-type: application/json'], body: Buffer.concat([Buffer.from([random.int(0x80, 0xff)]), random.bytes(random.int(0, 300))]), expect: [400] })],
    ['deep nesting', () => ({ headers: ['content-type: application/json'], body: Buffer.from(`{"title":"t","body":"b","x":${deepNesting(random.int(1001, 20000))}}`), expect: [400] })],
    ['__proto__ key', () => ({ headers: ['content-type: application/json'], body: Buffer.from('{"title":"t","body":"b","__proto__":{"polluted":true}}'), expect: [400] })],
    ['constructor.prototype', () => ({ headers: ['content-type: application/json'], body: Buffer.from('{"title":"t","body":"b","constructor":{"prototype":{"polluted":true}}}'), expect: [400] })],
    ['not an object', () => ({ headers: ['content-type: application/json'], body: Buffer.from(random.pick(['[1,2]', '"text"', '42', 'null', 'true', deepNesting(50), '1e400', '-0'])), expect: [422] })],
    ['huge numbers', () => ({ headers: ['content-type: application/json'], body: Buffer.from(`{"title":"t","body":"b","user_id":${random.pick(['1e400', '123456789012345678901234567890', '9007199254740992', '-1', '0', '1.5'])}}`), expect: [422] })],
    ['bad field', () => ({ headers: ['content-type: application/json'], body: jsonBody(random.pick([{ title: '', body: 'b' }, { title: '   ', body: 'b' }, { title: 't', body: 'b', status: 'gone' }, { title: 'x'.repeat(256), body: 'b' }, { title: 't', body: 'b', user_id: '7' }, { title: null, body: 'b' }, { title: 't', body: 'b\u0000' }, { title: 't\ud800', body: 'b' }, ...(method === 'POST' ? [{ body: 'b' }, { title: 't' }, {}] : [])])), expect: [422] })],
    ['not json content-type', () => ({ headers: [`content-type: ${random.pick(['text/plain', 'constructor', 'text/plain; content-type="application/json"', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])}`], body: Buffer.from(good), expect: [422] })],
    ['no content-type', () => ({ headers: [], body: Buffer.from(good), expect: [422] })],
    ['empty json body', () => ({ headers: ['content-type: application/json'], body: Buffer.from(random.pick(['', '   ', '\r\n'])), expect: [422] })],
    ['bad charset', () => ({ headers: [`content-type: application/json; charset=${random.pick(['latin1', 'utf-16', 'x'])}`], body: Buffer.from(good), expect: [415] })],
    ['content-encoding', () => ({ headers: ['content-type: application/json', `content-encoding: ${random.pick(['gzip', 'br', 'x'])}`], body: Buffer.from(good), expect: [415] })],
    ['over 1 MiB', () => ({ headers: ['content-type: application/json'], body: Buffer.from(`{"title":"t","body":"${'b'.repeat(1_048_600)}"}`), expect: [413] })],
    ['duplicate content-length', () => ({ headers: ['content-type: application/json', `content-length: ${good.length}`, `content-length: ${good.length + 1}`], body: Buffer.from(good), expect: [400], length: false })],
    ['content-length and chunked', () => ({ headers: ['content-type: application/json', 'transfer-encoding: chunked', `content-length: ${good.length}`], body: Buffer.from(`${good.length.toString(16)}\r\n${good}\r\n0\r\n\r\n`), expect: [400], length: false })],
    ['bad content-length', () => ({ headers: ['content-type: application/json', `content-length: ${random.pick(['-1', 'abc', '1.5', '0x10', ''])}`], body: Buffer.from(good), expect: [400], length: false })],
    ['short body then end', () => ({ headers: ['content-type: application/json', `content-length: ${good.length + random.int(1, 500)}`], body: Buffer.from(good), expect: [400, 0], endAfterWrite: true, length: false })],
  ];
  const [name, make] = random.pick(defects);
  const made = make();
  return {
    kind: `invalid write: ${name}`,
    method,
    bytes: requestBytes(method, path, [...made.headers, ...harmlessHeaders(random)], made.body, { length: made.length !== false }),
    expect: made.expect,
    ...(made.endAfterWrite && { endAfterWrite: true }),
  };
}

function fuzzedPath(random: Random, model: Model): string {
  const id = existingId(random, model) ?? 1;
  let path = random.pick(['/api/posts', `/api/posts/${id}`, '/login', '/heartbeat', '/docs/', '/docs/swagger.html', '/docs/openapi.json', '/', '/api', '/api/posts/']);
  const mutations = [
    () => `${path}/..`,
    () => `${path}/../../etc/passwd`,
    () => `/docs/${random.pick(['..%2f..%2fpackage.json', '%2e%2e/%2e%2e/fw.config.json', '.%2e/x', '..\\..\\x', 'swagger.html%00.js', '%252e%252e/x'])}`,
    () => path.replace(/\//g, random.pick(['//', '/./', '/%2F'])),
    () => `${path}/${'a'.repeat(random.int(100, 6000))}`,
    () => `${path}/${encodeURIComponent(random.pick(WORDS))}`,
    () => `${path}/${random.pick(['%', '%z', '%zz', '%e6%97', '%ff', '%C0%AF', '%uD800'])}`,
    () => `${path}?${random.pick(['limit=1000', 'limit=0', 'limit=-1', 'limit=1e3', 'limit=abc', 'cursor=!!!', 'cursor=MTc5NTMzODA2OTA5Niwy', 'status=draft', 'status=x', 'limit=1&limit=2', `x=${'y'.repeat(3000)}`, '%%%', '&&&=='])}`,
    () => path.toUpperCase(),
    () => `http://127.0.0.1${path}`,
    () => random.pick(['*', 'x', '/%00', '/api/posts#frag', '/\u00e9', '/api/posts/\u0661']),
  ];
  for (let i = random.int(0, 2); i > 0; i -= 1) path = random.pick(mutations)();
  return path;
}

/** Methods node:http's parser does not know: it answers 400 before reading the headers. */
const UNKNOWN_METHODS = new Set(['FOO', 'get']);

/**
 * Headers that might trouble a parser: bad values, duplicates, a head too large, a malformed
 * line, no host. `refusals` are the statuses the defects present call for (node:http answers
 * whichever it meets first).
 */
function hostileHeaders(random: Random): { headers: string[]; host: boolean; refusals: number[]; defects: string[] } {
  const headers = harmlessHeaders(random);
  const refusals: number[] = [];
  const defects: string[] = [];
  if (random.chance(0.15)) headers.push(`content-type: ${random.pick(['', ';', 'application/json; charset=', 'constructor', '__proto__', 'a/b/c', 'application/json, text/plain'])}`);
  if (random.chance(0.1)) headers.push('traceparent: ' + random.pick(TRACEPARENTS), 'traceparent: ' + random.pick(TRACEPARENTS));
  if (random.chance(0.05)) {
    headers.push(`x-huge: ${'h'.repeat(17_000)}`);
    refusals.push(431);
    defects.push('head too large');
  }
  if (random.chance(0.05)) {
    headers.push(random.pick(['bad header', ': novalue', 'x-bad\u0001: 1']));
    refusals.push(400);
    defects.push('malformed header line');
  }
  const host = !random.chance(0.05);
  if (!host) {
    refusals.push(400);
    defects.push('no host');
  }
  return { headers, host, refusals, defects };
}

/** A request to any route that is not a valid write: reads, odd methods, bodies that are no post. */
function wildRequest(random: Random, model: Model): FuzzCase {
  const method = random.pick(['GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'TRACE', 'FOO', 'get', 'M-SEARCH', 'PROPFIND']);
  const path = fuzzedPath(random, model);
  const { headers, host, refusals, defects } = hostileHeaders(random);
  if (!/^(?:\/|\*$|http:\/\/)[\x21-\x7e]*$/i.test(path)) {
    refusals.push(400);
    defects.push('bad request target');
  }
  if (UNKNOWN_METHODS.has(method)) {
    refusals.push(400);
    defects.push('unknown method');
  }
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD' && random.chance(0.7)) {
    // Never a JSON object: first byte '[' or one that starts no JSON value.
    body = random.chance(0.5) ? Buffer.concat([Buffer.from(random.pick(['[', '<', '\u00ff', 'x'])), random.bytes(random.int(0, 2000))]) : Buffer.from(`[${'{"title":"t","body":"b"},'.repeat(random.int(0, 20))}1]`);
    if (random.chance(0.5)) headers.push('content-type: application/json');
  }
  return {
    kind: defects.length > 0 ? `wild: ${defects.join(', ')}` : `wild ${method}`,
    method,
    bytes: requestBytes(method, path, headers, body, { host }),
    ...(refusals.length > 0 && { expect: refusals }),
  };
}

/** The next case, drawn against the current model. */
export function nextCase(random: Random, model: Model, deleted: readonly number[]): FuzzCase {
  const roll = random.next();
  const id = existingId(random, model);
  if (roll < 0.12 || id === undefined) return validCreate(random);
  if (roll < 0.18) return validUpdate(random, id);
  if (roll < 0.21) return validDelete(random, id);
  if (roll < 0.27) return missingTarget(random, model, deleted);
  if (roll < 0.52) return invalidWrite(random, model);
  return wildRequest(random, model);
}
