/**
 * Issue 37 item 2: one loop runs a lane of stages (pre_request plugins, security, validation, the
 * handler, post_request plugins, the write) synchronously until a stage returns a promise. A
 * request whose every stage answers at once is written before fw's listener returns; one with an
 * async plugin is not (the check itself can fail).
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import type { FwPlugin, PluginEntry } from '../src/plugins/plugin.ts';
import { injectTestApp } from './support/inject-app.ts';

const syncPlugin: FwPlugin<undefined> = { name: 'p_sync', pre_request: (req) => ['ok', req, undefined], post_request: (req) => ['ok', req, undefined] };
const asyncPlugin: FwPlugin<undefined> = { name: 'p_async', pre_request: async (req) => ['ok', req, undefined] };
const entry = (phase: 'pre_request' | 'post_request', module: string): PluginEntry => ({ phase, module });
const route = { path: '/x', handler: () => json({ ok: true }), options: { methods: ['get' as const], schema: { query: { type: 'object', properties: { n: { type: 'integer' } } } } } };

describe('the lane loop', () => {
  it('writes a request whose stages all answer at once before the listener returns, and one with an async stage after', async () => {
    const app = await injectTestApp({
      plugins: [syncPlugin, asyncPlugin],
      groups: [
        { prefix: '/sync', security: () => true, plugins: [entry('pre_request', 'p_sync'), entry('post_request', 'p_sync')], routes: [route] },
        { prefix: '/async', security: () => true, plugins: [entry('pre_request', 'p_async')], routes: [route] },
      ],
    });
    try {
      const endedInCall: boolean[] = [];
      const listener = (req: IncomingMessage, res: ServerResponse): void => {
        app.fw.listener(req, res);
        endedInCall.push(res.writableEnded);
      };
      for (const url of ['/sync/x?n=1', '/sync/x?n=bad', '/nowhere', '/async/x?n=1']) {
        const res = await inject({ listener }, url);
        assert.equal(res.status, url === '/nowhere' ? 404 : url.includes('bad') ? 400 : 200, url);
      }
      assert.deepEqual(endedInCall, [true, true, true, false]);
    } finally {
      await app.close();
    }
  });
});
