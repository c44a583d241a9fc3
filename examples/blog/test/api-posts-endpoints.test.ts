/**
 * Every row of the spec's endpoint table against the service (memory store), with exact
 * statuses and bodies, plus the other routes of the router: heartbeat, login page, /docs.
 * Requests go through inject() (support/blog-injected.ts): the routes are the point here, not
 * the transport, which api-hostile-requests and api-npm-start test on the real process.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import { assertJson, assertPost } from './support/post-assertions.ts';

let blog: InjectedBlog;
before(async () => {
  blog = await startInjectedBlog();
});
after(async () => {
  await blog.stop();
});

describe('GET /api/posts', () => {
  test('answers {"posts":[]} when there are none', async () => {
    assertJson(await blog.request('GET', '/api/posts'), 200, { posts: [] });
  });

  test('lists posts newest first', async () => {
    const first = (await blog.request('POST', '/api/posts', { body: { title: 'older', body: 'b' } })).json;
    const second = (await blog.request('POST', '/api/posts', { body: { title: 'newer', body: 'b', status: 'published', user_id: 3 } })).json;
    const reply = await blog.request('GET', '/api/posts');
    assertJson(reply, 200, { posts: [second, first] });
    assert.equal(reply.headers.link, undefined);
    for (const id of [first.id, second.id]) assert.equal((await blog.request('DELETE', `/api/posts/${id}`)).status, 204);
  });
});

describe('POST /api/posts', () => {
  test('201 with the post: status defaults to draft, user_id to null; location names it', async () => {
    const reply = await blog.request('POST', '/api/posts', { body: { title: 'Hello', body: 'World' } });
    assert.equal(reply.status, 201);
    assert.equal(reply.headers['content-type'], 'application/json; charset=utf-8');
    assertPost(reply.json, { title: 'Hello', body: 'World', status: 'draft', user_id: null });
    assert.equal(reply.headers.location, `/api/posts/${reply.json.id}`);
  });

  test('201 keeps status and user_id when given', async () => {
    const reply = await blog.request('POST', '/api/posts', { body: { title: 'T', body: 'B', status: 'archived', user_id: 42 } });
    assert.equal(reply.status, 201);
    assertPost(reply.json, { title: 'T', body: 'B', status: 'archived', user_id: 42 });
  });

  test('ids are fresh for every create', async () => {
    const a = await blog.request('POST', '/api/posts', { body: { title: 'a', body: 'a' } });
    const b = await blog.request('POST', '/api/posts', { body: { title: 'b', body: 'b' } });
    assert.ok(b.json.id > a.json.id);
  });

  test('422 {errors} on validation failure', async () => {
    assertJson(await blog.request('POST', '/api/posts', { body: { body: 'no title' } }), 422, { errors: { title: ["can't be blank"] } });
  });

  test('422 {"error":"request body required"} without a decoded JSON body', async () => {
    assertJson(await blog.request('POST', '/api/posts'), 422, { error: 'request body required' });
  });
});

describe('GET /api/posts/:id', () => {
  test('200 with the post as created', async () => {
    const created = await blog.request('POST', '/api/posts', { body: { title: 'Read me', body: 'text', user_id: 7 } });
    assertJson(await blog.request('GET', `/api/posts/${created.json.id}`), 200, created.json);
  });

  test('404 {"error":"post not found"} for a missing post', async () => {
    assertJson(await blog.request('GET', '/api/posts/987654'), 404, { error: 'post not found' });
  });

  test('HEAD answers like GET without a body', async () => {
    const created = await blog.request('POST', '/api/posts', { body: { title: 'h', body: 'h' } });
    const reply = await blog.request('HEAD', `/api/posts/${created.json.id}`);
    assert.equal(reply.status, 200);
    assert.equal(reply.text, '');
    assert.equal(Number(reply.headers['content-length']), Buffer.byteLength(JSON.stringify(created.json)));
  });
});

describe('PUT /api/posts/:id', () => {
  test('200 with the post: only the supplied fields change, inserted_at stays', async () => {
    const created = (await blog.request('POST', '/api/posts', { body: { title: 'Before', body: 'Body', user_id: 5 } })).json;
    const reply = await blog.request('PUT', `/api/posts/${created.id}`, { body: { title: 'After', status: 'published' } });
    assertJson(reply, 200, { ...created, title: 'After', status: 'published' });
    assertJson(await blog.request('GET', `/api/posts/${created.id}`), 200, reply.json);
  });

  test('user_id can be cleared with null', async () => {
    const created = (await blog.request('POST', '/api/posts', { body: { title: 'u', body: 'u', user_id: 5 } })).json;
    assertJson(await blog.request('PUT', `/api/posts/${created.id}`, { body: { user_id: null } }), 200, { ...created, user_id: null });
  });

  test('404 for a missing post', async () => {
    assertJson(await blog.request('PUT', '/api/posts/987654', { body: { title: 'x' } }), 404, { error: 'post not found' });
  });

  test('404 for a missing post comes before body checks', async () => {
    assertJson(await blog.request('PUT', '/api/posts/987654', { body: { title: '' } }), 404, { error: 'post not found' });
    assertJson(await blog.request('PUT', '/api/posts/987654'), 404, { error: 'post not found' });
  });

  test('422 {errors} on validation failure, and nothing changes', async () => {
    const created = (await blog.request('POST', '/api/posts', { body: { title: 'v', body: 'v' } })).json;
    assertJson(await blog.request('PUT', `/api/posts/${created.id}`, { body: { title: '  ', status: 'gone' } }), 422, { errors: { title: ["can't be blank"], status: ['is invalid'] } });
    assertJson(await blog.request('GET', `/api/posts/${created.id}`), 200, created);
  });

  test('422 {"error":"request body required"} without a body', async () => {
    const created = (await blog.request('POST', '/api/posts', { body: { title: 'w', body: 'w' } })).json;
    assertJson(await blog.request('PUT', `/api/posts/${created.id}`), 422, { error: 'request body required' });
  });
});

describe('DELETE /api/posts/:id', () => {
  test('204 with an empty body; the post is gone', async () => {
    const created = (await blog.request('POST', '/api/posts', { body: { title: 'bye', body: 'bye' } })).json;
    const reply = await blog.request('DELETE', `/api/posts/${created.id}`);
    assert.equal(reply.status, 204);
    assert.equal(reply.text, '');
    assertJson(await blog.request('GET', `/api/posts/${created.id}`), 404, { error: 'post not found' });
  });

  test('404 for a missing post, and for one deleted twice', async () => {
    const created = (await blog.request('POST', '/api/posts', { body: { title: 'twice', body: 'x' } })).json;
    assert.equal((await blog.request('DELETE', `/api/posts/${created.id}`)).status, 204);
    assertJson(await blog.request('DELETE', `/api/posts/${created.id}`), 404, { error: 'post not found' });
  });
});

describe('methods the table does not list', () => {
  test('405 with allow on /api/posts and /api/posts/:id', async () => {
    const list = await blog.request('PATCH', '/api/posts');
    assert.equal(list.status, 405);
    assert.equal(list.headers.allow, 'GET, HEAD, POST, OPTIONS');
    const one = await blog.request('PATCH', '/api/posts/1');
    assert.equal(one.status, 405);
    assert.equal(one.headers.allow, 'GET, HEAD, PUT, DELETE, OPTIONS');
  });
});

describe('the other routes', () => {
  test('GET /heartbeat answers {"status":"ok"}', async () => {
    assertJson(await blog.request('GET', '/heartbeat'), 200, { status: 'ok' });
  });

  test('GET /login answers an accessible HTML sign-in form', async () => {
    const reply = await blog.request('GET', '/login');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-type'], 'text/html; charset=utf-8');
    const page = reply.text;
    assert.match(page, /^<!doctype html>\n<html lang="en">/);
    assert.match(page, /<title>[^<]+<\/title>/);
    assert.match(page, /<meta name="viewport"/);
    assert.match(page, /<main>[\s\S]*<h1>Sign in<\/h1>/);
    assert.match(page, /<form method="post" action="login">/);
    // every input has a label pointing at it, and a submit button exists
    const inputs = [...page.matchAll(/<input id="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(inputs, ['username', 'password']);
    for (const id of inputs) assert.match(page, new RegExp(`<label for="${id}">`));
    assert.match(page, /autocomplete="current-password"/);
    assert.match(page, /<button type="submit">/);
  });

  test('GET /login refuses to be framed by any page: CSP frame-ancestors and X-Frame-Options', async () => {
    const reply = await blog.request('GET', '/login');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-security-policy'], "frame-ancestors 'none'");
    assert.equal(reply.headers['x-frame-options'], 'DENY');
  });

  test('GET /docs/ serves priv/assets/index.html, which links to swagger.html', async () => {
    for (const path of ['/docs/', '/docs/index.html']) {
      const reply = await blog.request('GET', path);
      assert.equal(reply.status, 200, path);
      assert.equal(reply.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(reply.text, /<a href="swagger.html">/);
    }
  });

  test('GET /docs/missing.html is 404', async () => {
    assert.equal((await blog.request('GET', '/docs/missing.html')).status, 404);
  });
});
