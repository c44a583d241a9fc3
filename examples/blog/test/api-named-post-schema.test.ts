/**
 * The post schema as the app's named schema (issue 38, item 2): app.ts names priv/schemas/post.json
 * `post` (defineApp({schemas})), and the post routes answer `{$ref: 'post'}`, the list
 * `{posts: [{$ref: 'post'}]}`, so fw projects every answer through the one named schema and
 * `fw openapi` writes it once (its document: fw-cli's cli-openapi.test.ts).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadApplication, type LoadedApplication } from 'fw-core/inspect';
import app from '../src/app.ts';
import { BLOG_DIR, blogEnv } from './support/blog-process.ts';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';

const post = { $ref: 'post' };

describe('the named post schema', () => {
  let loaded: LoadedApplication;
  let blog: InjectedBlog;
  before(async () => {
    loaded = await loadApplication({ appDir: BLOG_DIR, app, env: blogEnv() });
    blog = await startInjectedBlog();
  });
  after(() => blog.stop());

  it('is priv/schemas/post.json', async () => {
    assert.deepEqual(app.schemas, { post: JSON.parse(await readFile(join(BLOG_DIR, 'priv', 'schemas', 'post.json'), 'utf8')) });
  });

  it('is what every post answer and the list items refer to', () => {
    const answers = loaded.router.routes().flatMap(({ methods, data }) =>
      data.kind === 'handler' && data.info.template.startsWith('/api/posts') ? [[`${String(methods)} ${data.info.template}`, data.schema?.response?.[methods.includes('post') ? 201 : 200]]] : [],
    );
    assert.deepEqual(Object.fromEntries(answers), {
      'get /api/posts': { type: 'object', required: ['posts'], properties: { posts: { type: 'array', items: post } } },
      'get /api/posts/:id': post,
      'post /api/posts': post,
      'put /api/posts/:id': post,
      'delete /api/posts/:id': undefined,
    });
  });

  it('projects the answers: exactly the schema\'s fields leave', async () => {
    const created = await blog.request('POST', '/api/posts', { body: { title: 'Named', body: 'Through post' } });
    assert.equal(created.status, 201);
    const fields = ['id', 'title', 'body', 'status', 'user_id', 'inserted_at'];
    assert.deepEqual(Object.keys(created.json as object).sort(), [...fields].sort());
    const list = await blog.request('GET', '/api/posts');
    assert.deepEqual(Object.keys((list.json as { posts: object[] }).posts[0]!).sort(), [...fields].sort());
  });
});
