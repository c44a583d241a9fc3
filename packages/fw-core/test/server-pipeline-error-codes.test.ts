/**
 * Every failure fw's pipeline raises is an FwError with its code: a plugin's failure wraps the
 * plugin's reason as `cause` and keeps its own stack; a malformed plugin result (a request handed on
 * that is not the request: fw answers on its `res`), a plugin's stop without a reply and
 * post_request plugins that drop the response have codes of their own.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin, PluginEntry } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const thrown = new Error('the database is gone');
/** What FW_ERR_PLUGIN_BAD_RESULT's message says a result must be. */
const SHAPE = "return ['ok' | 'break' | 'stop', req, state] or ['error', reason]";

const plugins: FwPlugin[] = [
  {
    name: 'thrower',
    pre_request: () => {
      throw thrown;
    },
  },
  { name: 'error_tuple', pre_request: () => ['error', { reason: 'quota' }] },
  { name: 'malformed', pre_request: () => ({ not: 'a tuple' }) as never },
  { name: 'misspelt', pre_request: (req) => ['okay', req] as never },
  { name: 'forgetful_plugin', pre_request: () => undefined as never },
  // Hands on an object of its own instead of the request (its user, its state): before, fw's answer to the failure this
  // caused threw out of the request listener (no `res` to write on), killing the process.
  { name: 'stranger', pre_request: (_req, _env, _options, state) => ['ok', { user: 'ada' } as never, state] },
  { name: 'silent_stop', pre_request: (req, _env, _options, state) => ['stop', req, state] },
  { name: 'dropper', post_request: (req, _env, _options, state) => ['ok', { ...req, response: undefined }, state] },
  { name: 'passer', post_request: (req, _env, _options, state) => ['ok', req, state] },
];

function group(prefix: string, plugin: PluginEntry) {
  return { prefix, security: false as const, plugins: [plugin], routes: [{ path: '/x', handler: () => json({ ok: true }), options: { methods: ['get' as const] } }] };
}

// A handler that returns nothing (a forgotten `return`), at once and after an await; a post_request plugin listed, which must not be blamed.
const forgetful = {
  prefix: '/forgot', security: false as const, plugins: [{ phase: 'post_request' as const, module: 'passer' }],
  routes: [
    { path: '/now', handler: () => undefined as never, options: { methods: ['get' as const] } },
    { path: '/later', handler: async () => undefined as never, options: { methods: ['get' as const] } },
    // Untyped JavaScript returning the body itself, as an Express or Hono author might.
    { path: '/plain', handler: () => ({ ok: true }) as never, options: { methods: ['get' as const] } },
  ],
};

const groups = [
  forgetful,
  group('/throw', { phase: 'pre_request', module: 'thrower' }),
  group('/error', { phase: 'pre_request', module: 'error_tuple' }),
  group('/malformed', { phase: 'pre_request', module: 'malformed' }),
  group('/misspelt', { phase: 'pre_request', module: 'misspelt' }),
  group('/forgetful', { phase: 'pre_request', module: 'forgetful_plugin' }),
  group('/stranger', { phase: 'pre_request', module: 'stranger' }),
  group('/stop', { phase: 'pre_request', module: 'silent_stop' }),
  group('/drop', { phase: 'post_request', module: 'dropper' }),
];

describe("the pipeline's errors carry codes", () => {
  let app: InjectedApp;
  let traced: InjectedApp;
  before(async () => {
    app = await injectTestApp({ groups, plugins });
    traced = await injectTestApp({ groups, plugins, fw: { use_stacktrace: true } });
  });
  after(async () => {
    await app.close();
    await traced.close();
  });

  /** Requests `path`, checks the 500, and returns the error its request_failed line logged. */
  async function failure(path: string): Promise<FwError> {
    const res = await app.fetch(path);
    assert.equal(res.status, 500);
    assert.deepEqual(await res.json(), { error: 'internal server error' });
    const id = res.headers.get('x-request-id');
    const lines = app.logs.filter((line) => line.fields.event === 'request_failed' && line.fields.request_id === id);
    assert.equal(lines.length, 1);
    const error = lines[0]!.fields.err;
    assert.ok(error instanceof FwError, `${path}: ${String(error)}`);
    return error;
  }

  it("a plugin's throw is FW_ERR_PLUGIN_FAILED with its own stack and the thrown error as cause", async () => {
    const error = await failure('/throw/x');
    assert.deepEqual([error.code, error.status, error.message, error.details], ['FW_ERR_PLUGIN_FAILED', 500, 'plugin thrower failed: the database is gone', { plugin: 'thrower' }]);
    assert.equal(error.cause, thrown);
    assert.notEqual(error.stack, thrown.stack);
    assert.match(error.stack ?? '', /^FwError: plugin thrower failed: the database is gone\n/);
  });

  it("a plugin's ['error', reason] is FW_ERR_PLUGIN_FAILED with the reason as cause", async () => {
    const error = await failure('/error/x');
    assert.deepEqual([error.code, error.message, error.cause], ['FW_ERR_PLUGIN_FAILED', 'plugin error_tuple failed: {"reason":"quota"}', { reason: 'quota' }]);
  });

  it('a malformed plugin result is FW_ERR_PLUGIN_BAD_RESULT, the cause of FW_ERR_PLUGIN_FAILED', async () => {
    const error = await failure('/malformed/x');
    assert.equal(error.code, 'FW_ERR_PLUGIN_FAILED');
    const cause = error.cause;
    assert.ok(cause instanceof FwError);
    assert.deepEqual([cause.code, cause.message], ['FW_ERR_PLUGIN_BAD_RESULT', `plugin returned a malformed result: {"not":"a tuple"}; ${SHAPE}`]);
  });

  // The request in a tuple is circular (raw, res): the message shows it as <req>, not `okay,[object Object]`.
  for (const [path, shown] of [['/misspelt/x', '["okay","<req>"]'], ['/forgetful/x', 'undefined']] as const) {
    it(`a malformed result (${shown}) is shown as returned, with the shape a result must have`, async () => {
      const cause = (await failure(path)).cause;
      assert.ok(cause instanceof FwError);
      assert.deepEqual([cause.code, cause.message], ['FW_ERR_PLUGIN_BAD_RESULT', `plugin returned a malformed result: ${shown}; ${SHAPE}`]);
    });
  }

  for (const path of ['/stranger/x', '/stranger/nowhere']) {
    it(`a plugin that hands on an object that is not the request is FW_ERR_PLUGIN_BAD_RESULT (${path})`, async () => {
      const error = await failure(path);
      assert.equal(error.code, 'FW_ERR_PLUGIN_FAILED');
      assert.ok(error.cause instanceof FwError);
      assert.equal(error.cause.code, 'FW_ERR_PLUGIN_BAD_RESULT');
    });
  }

  it("a plugin's stop without a reply is FW_ERR_PLUGIN_STOP_WITHOUT_REPLY", async () => {
    const error = await failure('/stop/x');
    const message = "plugin silent_stop returned ['stop', req, state] without replying: answer with reply() or replyJson() from fw-core first, or return ['ok', req, state]";
    assert.deepEqual([error.code, error.status, error.message, error.details], ['FW_ERR_PLUGIN_STOP_WITHOUT_REPLY', 500, message, { plugin: 'silent_stop' }]);
    const line = app.logs.find((entry) => entry.fields.err === error);
    assert.equal(line?.fields.where, 'plugin silent_stop');
  });

  it('post_request plugins that drop the response are FW_ERR_PLUGIN_REMOVED_RESPONSE', async () => {
    const error = await failure('/drop/x');
    assert.deepEqual([error.code, error.status, error.message], ['FW_ERR_PLUGIN_REMOVED_RESPONSE', 500, 'post_request plugins removed the response']);
  });

  for (const path of ['/forgot/now', '/forgot/later']) {
    it(`a handler that returns nothing (${path}) is FW_ERR_HANDLER_BAD_RESPONSE naming its route, not the post_request plugins' fault`, async () => {
      const error = await failure(path);
      assert.deepEqual([error.code, error.message], ['FW_ERR_HANDLER_BAD_RESPONSE', `handler returned nothing (the route ${path}); return json(), jsonStream(), status(), html(), redirect() or sendFile()`]);
    });
  }

  it('a handler that returns a plain object is told to wrap it in json(), not that its kind is undefined', async () => {
    const error = await failure('/forgot/plain');
    assert.deepEqual([error.code, error.message], ['FW_ERR_HANDLER_BAD_RESPONSE', 'handler returned a plain object, not a response: wrap a body in json(); return json(), jsonStream(), status(), html(), redirect() or sendFile()']);
  });

  it("with use_stacktrace, a plugin failure's 500 shows the wrapper's stack, then its cause's", async () => {
    const res = await traced.fetch('/throw/x');
    assert.equal(res.status, 500);
    const { stacktrace } = (await res.json()) as { stacktrace: string[] };
    assert.equal(stacktrace[0], 'FwError: plugin thrower failed: the database is gone');
    const cause = stacktrace.indexOf('Caused by: Error: the database is gone');
    assert.ok(cause > 1, stacktrace.join('\n'));
    assert.ok(stacktrace.slice(cause).some((line) => line.includes('server-pipeline-error-codes.test.ts')));
  });
});
