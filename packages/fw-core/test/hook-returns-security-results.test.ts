/**
 * A security callback that returns something other than a SecurityResult (a typo'd key, a string, nothing) gets the
 * request fw's 500, and the log's FW_ERR_SECURITY_BAD_RESULT shows what came back and the shapes a result may have.
 * Before, the message said only "returned an invalid result", so `{allowed: true}` read like any other failure.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const SHAPES = "; return true, false, {allow: true, auth_data?}, {allow: false, status?, headers?, body?} or {redirect: location}";
/** What each group's callback returns, and how the log shows it. */
const results: [string, unknown, string][] = [
  ['typo', { allowed: true }, '{"allowed":true}'],
  ['string', 'ok', '"ok"'],
  ['nothing', undefined, 'undefined'],
  ['success-status', { allow: false, status: 200 }, '{"allow":false,"status":200}'],
];

describe("a security callback's result that is none", () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      groups: results.map(([name, result]) => ({
        prefix: `/${name}`,
        security: Object.defineProperty(() => result as never, 'name', { value: `${name}_check` }),
        routes: [{ path: '/x', handler: () => json({ ok: true }), options: { methods: ['get' as const] } }],
      })),
    });
  });
  after(() => app.close());

  for (const [name, , shown] of results) {
    it(`${name}: fw's 500, and FW_ERR_SECURITY_BAD_RESULT showing ${shown}`, async () => {
      const res = await app.fetch(`/${name}/x`);
      assert.deepEqual([res.status, await res.json()], [500, { error: 'internal server error' }]);
      const line = app.logs.find((l) => l.fields.event === 'request_failed' && l.fields.request_id === res.headers.get('x-request-id'));
      const error = line?.fields.err as FwError;
      assert.deepEqual([error.code, error.message], ['FW_ERR_SECURITY_BAD_RESULT', `security callback ${name}_check returned ${shown}${SHAPES}`]);
    });
  }
});
