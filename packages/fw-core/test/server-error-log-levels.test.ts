/**
 * The level of a failure's `request_failed` line follows what was answered (docs/operations.md, "Log levels"), as
 * Fastify's error log does: an app error a group's or the app's onError maps to an answer under 500 (a Conflict to 409)
 * is an info line with the error's name, message and code, no stack; an onError 5xx, fw's own 500 and a hook that fails
 * are error lines with the stack. One line per failure, written once the answer is chosen.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import type { LogLine } from './support/test-app.ts';

class Conflict extends Error {
  override name = 'Conflict';
  readonly code = 'APP_CONFLICT';
}
class Gone extends Error {}

const get = { methods: ['get' as const] };
const throws = (error: Error) => (): never => {
  throw error;
};

describe('request_failed: the level follows the answer', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      // The app's: an async mapping to 410, a 503, undefined (fw's 500), and a throw for anything else.
      answers: {
        onError: async (error) => {
          if (error instanceof Gone) return json({ error: 'gone' }, 410);
          if (error instanceof Error && error.message === 'busy') return json({ error: 'busy' }, 503);
          if (error instanceof Error && error.message === 'keep') return undefined;
          throw new Error('mapper broke');
        },
      },
      groups: [
        {
          prefix: '/api',
          security: false,
          onError: (error) => (error instanceof Conflict ? json({ error: error.message }, 409) : undefined),
          routes: [{ path: '/conflict', handler: throws(new Conflict('slug taken')), options: get }],
        },
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/gone', handler: throws(new Gone('post deleted')), options: get },
            { path: '/busy', handler: throws(new Error('busy')), options: get },
            { path: '/keep', handler: throws(new Error('keep')), options: get },
            { path: '/other', handler: throws(new Error('unmapped')), options: get },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  /** The request_failed lines of one request to `path`, and its status. */
  async function failuresOf(path: string): Promise<{ status: number; lines: LogLine[] }> {
    const res = await app.fetch(path);
    await res.arrayBuffer();
    const id = res.headers.get('x-request-id');
    return { status: res.status, lines: app.logs.filter((line) => line.fields.event === 'request_failed' && line.fields.request_id === id) };
  }

  it("logs an app error the group's onError answers 409 at info, once, with its message and code and no stack", async () => {
    const { status, lines } = await failuresOf('/api/conflict');
    assert.equal(status, 409);
    assert.equal(lines.length, 1);
    const [line] = lines;
    assert.equal(line!.level, 'info');
    assert.equal(line!.fields.status, 409);
    assert.equal(line!.fields.where, 'pipeline');
    assert.deepEqual(line!.fields.err, { name: 'Conflict', message: 'slug taken', code: 'APP_CONFLICT' });
  });

  it("logs one the app's async onError answers 410 at info", async () => {
    const { status, lines } = await failuresOf('/gone');
    assert.equal(status, 410);
    assert.deepEqual(lines.map((line) => [line.level, line.fields.status, (line.fields.err as Error).message]), [['info', 410, 'post deleted']]);
  });

  it('logs an onError 503 and fw\'s 500 (onError answered undefined) at error, with the error and its stack', async () => {
    for (const [path, code] of [['/busy', 503], ['/keep', 500]] as const) {
      const { status, lines } = await failuresOf(path);
      assert.equal(status, code);
      assert.equal(lines.length, 1, path);
      assert.equal(lines[0]!.level, 'error', path);
      assert.equal(lines[0]!.fields.status, code, path);
      assert.ok(lines[0]!.fields.err instanceof Error && typeof lines[0]!.fields.err.stack === 'string', path);
    }
  });

  it('logs a failing onError at error: the error it was given, then FW_ERR_OWN_ANSWER_FAILED', async () => {
    const { status, lines } = await failuresOf('/other');
    assert.equal(status, 500);
    assert.deepEqual(lines.map((line) => [line.level, line.fields.where, (line.fields.err as Error).message]), [
      ['error', 'pipeline', 'unmapped'],
      ['error', 'onError', 'onError failed: mapper broke'],
    ]);
  });
});
