/**
 * A handler or plugin that fails after its answer went out (it replied with reply(), then threw or rejected): the client
 * keeps that answer, and the one request_failed line, an error line with the failure, says the status the client got.
 * Before, the line said 500, an answer nobody was sent, beside a request line saying 200 (docs/pipeline.md: "The line's
 * status is the answer's").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { reply } from '../src/http/write-response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const get = { methods: ['get' as const] };
const late = new Error('failed after answering');
const plugins: FwPlugin[] = [
  {
    name: 'replies_then_throws',
    pre_request: (req) => {
      reply(req, 429, { 'content-type': 'text/plain' }, 'slow down');
      throw late;
    },
  },
];

describe('a failure after the answer was written', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins,
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/throws', handler: (req) => (reply(req, 200, {}, 'done'), Promise.reject(late)), options: get },
            { path: '/nothing', handler: (req) => (reply(req, 202, {}, 'accepted'), undefined as never), options: get },
          ],
        },
        { prefix: '/limited', security: false, plugins: [{ phase: 'pre_request', module: 'replies_then_throws' }], routes: [{ path: '/x', handler: () => json({}), options: get }] },
      ],
    });
  });
  after(() => app.close());

  /** The request_failed line of the answer to `path`, which must be `status` with `body`. */
  async function failedLine(path: string, status: number, body: string) {
    const res = await app.fetch(path);
    assert.deepEqual([res.status, await res.text()], [status, body]);
    const lines = app.logs.filter((line) => line.fields.event === 'request_failed' && line.fields.request_id === res.headers.get('x-request-id'));
    assert.equal(lines.length, 1);
    return lines[0]!;
  }

  it("a handler's rejection after reply(): the answer's 200 in an error line with the failure", async () => {
    const line = await failedLine('/throws', 200, 'done');
    assert.deepEqual([line.level, line.fields.status, line.fields.err], ['error', 200, late]);
  });

  it('a handler that replied and returned nothing: its 202 in the line of FW_ERR_HANDLER_BAD_RESPONSE', async () => {
    const line = await failedLine('/nothing', 202, 'accepted');
    assert.deepEqual([line.level, line.fields.status, (line.fields.err as { code: string }).code], ['error', 202, 'FW_ERR_HANDLER_BAD_RESPONSE']);
  });

  it("a plugin's throw after its reply: its 429, the failure as FW_ERR_PLUGIN_FAILED", async () => {
    const line = await failedLine('/limited/x', 429, 'slow down');
    assert.deepEqual([line.level, line.fields.status, (line.fields.err as { code: string }).code], ['error', 429, 'FW_ERR_PLUGIN_FAILED']);
  });
});
