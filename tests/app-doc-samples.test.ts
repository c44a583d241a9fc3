/**
 * docs/applications-reference.md's samples that no other test runs, run as they read: the app
 * module of "The app module", the hooks of "Your own error answers" (the /api group's 404 in the
 * API's shape, the app's 404 and 405 elsewhere, `allow` kept), and the programs of its
 * `errorSchema` test, "Typed answers" and "A fetch for clients", whose own asserts run on import.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createListener, inject, type FwApp, type FwListener, type Logger } from 'fw-core';
import { importDocSample } from './support/doc-sample.ts';

const DOC = 'docs/applications-reference.md';
const silent: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };

/** The sample app whose code `matches`, served through `use`. */
async function withSampleApp(matches: (code: string) => boolean, use: (fw: FwListener) => Promise<void>): Promise<void> {
  const sample = await importDocSample<{ default: FwApp }>(DOC, matches, 'app.ts', 'app-doc-samples-');
  const fw = await createListener({ app: sample.module.default, config: {}, env: {}, logger: silent });
  try {
    await use(fw);
  } finally {
    await fw.close();
    await sample.remove();
  }
}

describe("docs/applications-reference.md's app module", () => {
  it('answers its two controller actions and the heartbeat, and 405 for a method the posts do not take', () =>
    withSampleApp(
      (code) => code.includes("defineController('blog_posts_controller'") && code.includes('telemetry: false'),
      async (fw) => {
        assert.deepEqual((await inject(fw, '/api/posts')).json(), { posts: [] });
        assert.deepEqual((await inject(fw, '/api/posts/7')).json(), { id: 7 });
        assert.deepEqual((await inject(fw, '/heartbeat')).json(), { status: 'ok' });
        const refused = await inject(fw, { method: 'POST', url: '/api/posts' });
        assert.deepEqual([refused.status, refused.headers.allow], [405, 'GET, HEAD, OPTIONS']);
      },
    ));
});

describe("docs/applications-reference.md's own error answers", () => {
  it("words the /api group's misses in the API's shape and the rest with the app's hooks", () =>
    withSampleApp(
      (code) => code.includes("The API's misses and failures"),
      async (fw) => {
        const apiMiss = await inject(fw, '/api/nope');
        assert.equal(apiMiss.status, 404);
        assert.deepEqual(apiMiss.json(), { error: { code: 'not_found', path: '/api/nope', request_id: apiMiss.headers['x-request-id'] } });
        const miss = await inject(fw, '/nope');
        assert.deepEqual([miss.status, miss.json()], [404, { error: 'nothing here' }]);
        const notAllowed = await inject(fw, { method: 'POST', url: '/api/orders/1' });
        assert.deepEqual(
          [notAllowed.status, notAllowed.headers.allow, notAllowed.json()],
          [405, 'GET, HEAD, OPTIONS', { error: 'POST is not allowed here', allowed: ['GET', 'HEAD', 'OPTIONS'] }],
        );
        assert.deepEqual((await inject(fw, '/api/orders/1')).json(), { id: '1' });
      },
    ));
});

describe("docs/applications-reference.md's test programs", () => {
  for (const [name, marker] of [
    ['errorSchema named to inject', "inject(fw, '/api/orders/2', showOrder, apiError)"],
    ['Typed answers', "inject(fw, '/tasks/one', showTask)"],
    ['A fetch for clients', 'fetch: fw.fetch'],
  ] as const) {
    it(`${name}: runs to its end, its asserts holding`, async () => {
      const sample = await importDocSample(DOC, (code) => code.includes(marker), 'sample.test-program.ts', 'app-doc-samples-');
      await sample.remove();
    });
  }
});

describe("docs/applications-reference.md's createListener result", () => {
  it('lists every member createListener resolves to', async () => {
    const text = await readFile(join(import.meta.dirname, '..', DOC), 'utf8');
    const listed = /It resolves to\s+`\{ ([^}]+) \}`/.exec(text)?.[1]?.split(', ').map((name) => name.replace('()', ''));
    await withSampleApp(
      (code) => code.includes('telemetry: false,'),
      async (fw) => assert.deepEqual(listed?.sort(), Object.keys(fw).sort()),
    );
  });
});
