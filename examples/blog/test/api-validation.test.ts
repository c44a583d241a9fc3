/**
 * Validation of create and update payloads against priv/schemas/post.json: every message rule,
 * several fields at once and their order, ignored fields, non-object and missing bodies. The
 * transport is not the point here, so requests go through inject() (support/blog-injected.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import { assertJson, assertPost } from './support/post-assertions.ts';

let blog: InjectedBlog;
let existing: Record<string, unknown>;
before(async () => {
  blog = await startInjectedBlog();
  existing = (await blog.request('POST', '/api/posts', { body: { title: 'Existing', body: 'Body', status: 'published', user_id: 9 } })).json;
});
after(async () => {
  await blog.stop();
});

const BLANK = "can't be blank";
const INVALID = 'is invalid';
const create = (body: unknown) => blog.request('POST', '/api/posts', { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const update = (body: unknown) => blog.request('PUT', `/api/posts/${String(existing.id)}`, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const valid = { title: 'A title', body: 'A body' };

describe('create: one rule at a time', () => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['missing title', { body: 'b' }, { title: [BLANK] }],
    ['missing body', { title: 't' }, { body: [BLANK] }],
    ['empty object', {}, { title: [BLANK], body: [BLANK] }],
    ['empty strings', { title: '', body: '' }, { title: [BLANK], body: [BLANK] }],
    ['whitespace only', { title: '   ', body: '\n\t\r ' }, { title: [BLANK], body: [BLANK] }],
    ['null required fields', { title: null, body: null }, { title: [BLANK], body: [BLANK] }],
    ['title a number', { ...valid, title: 5 }, { title: [INVALID] }],
    ['body a boolean', { ...valid, body: true }, { body: [INVALID] }],
    ['title an array', { ...valid, title: ['a'] }, { title: [INVALID] }],
    ['title an object', { ...valid, title: { a: 1 } }, { title: [INVALID] }],
    ['status outside the enum', { ...valid, status: 'deleted' }, { status: [INVALID] }],
    ['status in another case', { ...valid, status: 'Draft' }, { status: [INVALID] }],
    ['status null', { ...valid, status: null }, { status: [INVALID] }],
    ['status a number', { ...valid, status: 1 }, { status: [INVALID] }],
    ['user_id a string', { ...valid, user_id: '7' }, { user_id: [INVALID] }],
    ['user_id a fraction', { ...valid, user_id: 1.5 }, { user_id: [INVALID] }],
    ['user_id zero', { ...valid, user_id: 0 }, { user_id: [INVALID] }],
    ['user_id negative', { ...valid, user_id: -3 }, { user_id: [INVALID] }],
    ['user_id above 2^53 - 1', { ...valid, user_id: 9007199254740992 }, { user_id: [INVALID] }],
    ['title over 255 characters', { ...valid, title: 'a'.repeat(256) }, { title: ['should be at most 255 character(s)'] }],
    ['body over 100000 characters', { ...valid, body: 'b'.repeat(100_001) }, { body: ['should be at most 100000 character(s)'] }],
    ['title over 255 code points (emoji count one each)', { ...valid, title: '📝'.repeat(256) }, { title: ['should be at most 255 character(s)'] }],
    ['title with a lone surrogate', { ...valid, title: 'a\ud800b' }, { title: [INVALID] }],
    ['body with a NUL character', { ...valid, body: 'a\u0000b' }, { body: [INVALID] }],
  ];
  for (const [name, payload, errors] of cases) {
    test(`${name} → 422`, async () => {
      assertJson(await create(payload), 422, { errors });
    });
  }

  test('limits are inclusive: 255 and 100000 characters, 255 emoji, user_id 2^53 - 1', async () => {
    const payload = { title: '📝'.repeat(255), body: 'b'.repeat(100_000), user_id: 9007199254740991 };
    const reply = await create(payload);
    assert.equal(reply.status, 201, reply.text);
    assertPost(reply.json, { ...payload, status: 'draft' });
  });

  test('JSON escapes decode before the rules apply ("\\u0020" is blank)', async () => {
    assertJson(await create('{"title": "\\u0020\\t", "body": "ok"}'), 422, { errors: { title: [BLANK] } });
  });
});

describe('create: several fields at once', () => {
  test('every field is reported, in schema order whatever the payload order', async () => {
    const payload = { user_id: 'x', status: 'nope', body: 1, title: '' };
    const reply = await create(payload);
    assertJson(reply, 422, { errors: { title: [BLANK], body: [INVALID], status: [INVALID], user_id: [INVALID] } });
    assert.deepEqual(Object.keys(reply.json.errors), ['title', 'body', 'status', 'user_id']);
  });

  test('several messages for one field are appended in order: blank, then length', async () => {
    assertJson(await create({ title: ' '.repeat(300), body: 'b' }), 422, { errors: { title: [BLANK, 'should be at most 255 character(s)'] } });
  });

  test('a missing field and an invalid one together', async () => {
    assertJson(await create({ title: 'x'.repeat(256), status: 'x' }), 422, { errors: { title: ['should be at most 255 character(s)'], body: [BLANK], status: [INVALID] } });
  });
});

describe('ignored fields', () => {
  test('id, inserted_at, updated_at and unknown fields are never stored nor validated', async () => {
    const reply = await create({ ...valid, id: 999_999, inserted_at: '2000-01-01T00:00:00', updated_at: 'yesterday', foo: 'bar', extra: { deep: [1] } });
    assert.equal(reply.status, 201, reply.text);
    assertPost(reply.json, { ...valid, status: 'draft', user_id: null });
    assert.notEqual(reply.json.id, 999_999);
    const read = await blog.request('GET', `/api/posts/${reply.json.id}`);
    assertJson(read, 200, reply.json);
    assert.equal((await blog.request('GET', '/api/posts/999999')).status, 404);
  });

  test('ignored fields with values of the wrong type are still ignored (never 422)', async () => {
    const reply = await create({ ...valid, id: 'abc', inserted_at: 5, updated_at: null, constructor: 'Car' });
    assert.equal(reply.status, 201, reply.text);
    assertPost(reply.json, { ...valid, status: 'draft', user_id: null });
  });

  test('on update too: id and inserted_at cannot be changed', async () => {
    const reply = await update({ id: 1234, inserted_at: '1999-01-01T00:00:00', updated_at: '1999-01-01T00:00:00', foo: 1 });
    assertJson(reply, 200, existing);
  });
});

describe('update', () => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['blank title', { title: '' }, { title: [BLANK] }],
    ['whitespace body', { body: '  ' }, { body: [BLANK] }],
    ['null title (a required field)', { title: null }, { title: [BLANK] }],
    ['status outside the enum', { status: 'x' }, { status: [INVALID] }],
    ['user_id a string', { user_id: '1' }, { user_id: [INVALID] }],
    ['title too long', { title: 't'.repeat(256) }, { title: ['should be at most 255 character(s)'] }],
    ['several fields', { status: 3, title: 5, body: '' }, { title: [INVALID], body: [BLANK], status: [INVALID] }],
  ];
  for (const [name, payload, errors] of cases) {
    test(`${name} → 422, post unchanged`, async () => {
      assertJson(await update(payload), 422, { errors });
      assertJson(await blog.request('GET', `/api/posts/${String(existing.id)}`), 200, existing);
    });
  }

  test('an empty object changes nothing and answers the post', async () => {
    assertJson(await update({}), 200, existing);
  });

  test('only the supplied fields change', async () => {
    const created = (await create({ title: 'One', body: 'Two', user_id: 4 })).json;
    const reply = await blog.request('PUT', `/api/posts/${created.id}`, { body: { body: 'Three' } });
    assertJson(reply, 200, { ...created, body: 'Three' });
  });
});

describe('bodies that are not JSON objects', () => {
  for (const text of ['[]', '[{"title":"t","body":"b"}]', '"a string"', '42', 'null', 'true']) {
    test(`POST ${text} → 422`, async () => {
      assertJson(await create(text), 422, { error: 'request body must be a JSON object' });
    });
    test(`PUT ${text} → 422`, async () => {
      assertJson(await blog.request('PUT', `/api/posts/${String(existing.id)}`, { body: text, headers: { 'content-type': 'application/json' } }), 422, { error: 'request body must be a JSON object' });
    });
  }
});

describe('missing bodies', () => {
  const cases: [string, Record<string, string>, string | undefined][] = [
    ['no body, no content type', {}, undefined],
    ['empty JSON body', { 'content-type': 'application/json' }, ''],
    ['whitespace-only JSON body', { 'content-type': 'application/json' }, ' \n\t '],
    ['JSON sent as text/plain', { 'content-type': 'text/plain' }, JSON.stringify(valid)],
    ['JSON sent without a content type', {}, JSON.stringify(valid)],
    ['a urlencoded form', { 'content-type': 'application/x-www-form-urlencoded' }, 'title=t&body=b'],
    ['a content-type parameter naming JSON', { 'content-type': 'text/plain; content-type="application/json"' }, JSON.stringify(valid)],
  ];
  for (const [name, headers, body] of cases) {
    test(`POST with ${name} → 422 request body required`, async () => {
      assertJson(await blog.request('POST', '/api/posts', { headers, ...(body !== undefined && { body }) }), 422, { error: 'request body required' });
    });
    test(`PUT with ${name} → 422 request body required`, async () => {
      assertJson(await blog.request('PUT', `/api/posts/${String(existing.id)}`, { headers, ...(body !== undefined && { body }) }), 422, { error: 'request body required' });
    });
  }

  test('malformed JSON is 400 from fw_request_plugin', async () => {
    assertJson(await create('{"title": "t",'), 400, { error: 'malformed JSON body' });
  });
});
