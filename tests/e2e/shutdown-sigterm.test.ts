/**
 * SIGTERM during a burst of slow requests: every accepted request completes with its full
 * response, a new connection is refused once stopping has begun, the plugins' stop runs, and the
 * process exits 0 within shutdown_grace_ms. Two services: fault_app (a route that waits, slow
 * uploads, a plugin whose stop writes a file) and the blog as `npm start` runs it (slow uploads
 * of new posts, its spans sent to an OTLP receiver only by the flush on the way out). Each run
 * is recorded first (support/shutdown-run.ts) and checked by separate tests.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { POST_KEYS } from '../../examples/blog/test/support/post-assertions.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../packages/fw-core/test/support/otel-receiver.ts';
import { startBlogAsUser, type BlogProcess } from './support/blog-as-user.ts';
import { startFaultApp, type FaultApp } from './support/fault-app.ts';
import { sigtermDuring, startGet, startUpload, type ShutdownRun } from './support/shutdown-run.ts';

const GRACE_MS = 5_000; // fault-app's fw.config.json shutdown_grace_ms
const SLOW_MS = 1_500;
const SLOW_GETS = 20;
const UPLOADS = 10;
/** When the rest of each upload body is sent, after the signal. */
const FINISH_AFTER_MS = 800;

describe('fault_app: a route that waits and slow uploads', () => {
  let fault: FaultApp;
  let run: ShutdownRun;

  before(async () => {
    fault = await startFaultApp();
    const { port } = fault.app;
    const gets = Array.from({ length: SLOW_GETS }, () => startGet(port, `/slow?ms=${SLOW_MS}`));
    const uploads = Array.from({ length: UPLOADS }, (_, i) => startUpload(port, 'POST', '/echo', JSON.stringify({ upload: i, pad: 'x'.repeat(2000) }), 1000));
    await Promise.all([...gets, ...uploads].map((request) => request.accepted));
    run = await sigtermDuring(fault.app, [...gets, ...uploads], FINISH_AFTER_MS);
  });
  after(async () => {
    await fault?.cleanup();
  });

  test('every accepted request got its full response', () => {
    assert.equal(run.answers.length, SLOW_GETS + UPLOADS);
    run.answers.forEach((answer, i) => {
      const expected = i < SLOW_GETS ? { slept_ms: SLOW_MS } : { echo: { upload: i - SLOW_GETS, pad: 'x'.repeat(2000) } };
      assert.equal(answer.status, 200);
      assert.equal(answer.contentLength, String(Buffer.byteLength(answer.text)));
      assert.deepEqual(JSON.parse(answer.text), expected);
    });
  });

  test('a new connection after SIGTERM is refused', () => {
    assert.equal(run.newConnection, 'ECONNREFUSED');
  });

  test('the process exits 0, after the slowest request and within shutdown_grace_ms', () => {
    assert.equal(run.exitCode, 0);
    assert.ok(run.exitMs >= SLOW_MS - 300, `exited ${run.exitMs} ms after SIGTERM, before the requests could finish`);
    assert.ok(run.exitMs < GRACE_MS, `exited ${run.exitMs} ms after SIGTERM; shutdown_grace_ms is ${GRACE_MS}`);
  });

  test("the plugin's stop ran once, after every request", async () => {
    // 30 in flight + nothing else reached the plugin (the refused connection never did)
    assert.deepEqual(await fault.stopLines(), [{ event: 'e2e_plugin_stopped', seen: SLOW_GETS + UPLOADS }]);
  });
});

describe('the blog (npm start): slow uploads of new posts', () => {
  let blog: BlogProcess;
  let run: ShutdownRun;
  let receiver: OtlpReceiver;
  /** Spans the receiver had when SIGTERM was sent. */
  let spansBeforeSignal: number;

  before(async () => {
    receiver = await startOtlpReceiver();
    // A batch delay longer than the test: spans can only leave through the shutdown flush.
    blog = await startBlogAsUser({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_EXPORTER: undefined, OTEL_BSP_SCHEDULE_DELAY: '600000' });
    const uploads = Array.from({ length: UPLOADS }, (_, i) => startUpload(blog.port, 'POST', '/api/posts', JSON.stringify({ title: `upload ${i}`, body: 'b'.repeat(1000) }), 500));
    await Promise.all(uploads.map((upload) => upload.accepted));
    spansBeforeSignal = receiver.spans.length;
    run = await sigtermDuring(blog, uploads, FINISH_AFTER_MS);
  });
  after(async () => {
    if (blog && blog.child.exitCode === null && blog.child.signalCode === null) await blog.kill9();
    await receiver?.close();
  });

  test('every upload was answered 201 with its post', () => {
    const titles = run.answers.map((answer) => {
      assert.equal(answer.status, 201);
      assert.equal(answer.contentLength, String(Buffer.byteLength(answer.text)));
      const post = JSON.parse(answer.text) as Record<string, unknown>;
      assert.deepEqual(Object.keys(post), POST_KEYS);
      assert.equal(post.body, 'b'.repeat(1000));
      return post.title;
    });
    assert.deepEqual(titles, Array.from({ length: UPLOADS }, (_, i) => `upload ${i}`));
  });

  test('a new connection after SIGTERM is refused', () => {
    assert.equal(run.newConnection, 'ECONNREFUSED');
  });

  test('the process exits 0 within the default shutdown_grace_ms (10000)', () => {
    assert.equal(run.exitCode, 0);
    assert.ok(run.exitMs >= FINISH_AFTER_MS, `exited ${run.exitMs} ms after SIGTERM, before the uploads finished`);
    assert.ok(run.exitMs < 10_000, `exited ${run.exitMs} ms after SIGTERM`);
    assert.ok(blog.logLines().some((line) => line.event === 'stopped'));
  });

  test("every upload's span was exported before the process exited", () => {
    assert.equal(spansBeforeSignal, 0);
    const created = receiver.spans.filter((span) => span.name === 'POST blog_posts_controller:create');
    assert.equal(created.length, UPLOADS, `spans: ${receiver.spans.map((span) => span.name).join(', ')}`);
    for (const span of created) {
      assert.equal(span.kind, 'SPAN_KIND_SERVER');
      assert.equal(span.attributes['http.response.status_code'], 201);
      assert.equal(span.attributes['http.route'], '/api/posts');
    }
  });
});
