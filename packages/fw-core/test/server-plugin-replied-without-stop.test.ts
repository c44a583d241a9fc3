/**
 * A pre_request plugin that answers the request itself (reply/replyJson) but returns
 * ['ok', ...] or ['break', ...] instead of ['stop', ...], the slip of an API-key check that
 * forgot its stop, ends the request there: its answer is the client's, and neither the security
 * callback, the handler (whose side effects would otherwise happen behind a 401) nor the
 * post_request plugins run, whether the plugin returns at once or after an await.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { replyJson } from '../src/http/write-response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const ran: string[] = [];

const refuseThen = (name: string, tag: 'ok' | 'break', wait: boolean): FwPlugin => ({
  name,
  async pre_request(req, _env, _options, state) {
    if (wait) await Promise.resolve();
    replyJson(req, 401, { error: 'missing api key' });
    return [tag, req, state];
  },
});
// The same plugins, synchronous: the loop's fast path.
const refuseThenSync = (name: string, tag: 'ok' | 'break'): FwPlugin => ({
  name,
  pre_request(req, _env, _options, state) {
    replyJson(req, 401, { error: 'missing api key' });
    return [tag, req, state];
  },
});

const plugins: FwPlugin[] = [
  refuseThenSync('ok_sync', 'ok'),
  refuseThenSync('break_sync', 'break'),
  refuseThen('ok_async', 'ok', true),
  refuseThen('break_async', 'break', true),
  { name: 'after_plugin', pre_request: (req, _env, _options, state) => (ran.push('next pre_request plugin'), ['ok', req, state]) },
  { name: 'post_plugin', post_request: (req, _env, _options, state) => (ran.push('post_request'), ['ok', req, state]) },
];

const security = (): true => {
  ran.push('security');
  return true;
};

const groups = plugins.slice(0, 4).map(({ name }) => ({
  prefix: `/${name}`,
  security,
  plugins: [
    { phase: 'pre_request' as const, module: name },
    { phase: 'pre_request' as const, module: 'after_plugin' },
    { phase: 'post_request' as const, module: 'post_plugin' },
  ],
  routes: [{ path: '/items', handler: () => (ran.push('handler'), json({ created: true }, 201)), options: { methods: ['post' as const] } }],
}));

describe('a pre_request plugin that replied but did not return stop', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({ groups, plugins });
  });
  after(() => app.close());

  for (const { prefix } of groups) {
    it(`${prefix.slice(1)}: its answer ends the request; nothing after it runs`, async () => {
      ran.length = 0;
      const res = await app.fetch(`${prefix}/items`, { method: 'POST' });
      assert.deepEqual([res.status, await res.json()], [401, { error: 'missing api key' }]);
      assert.deepEqual(ran, []);
    });
  }
});
