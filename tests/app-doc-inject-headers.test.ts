/**
 * docs/applications-reference.md, "Testing with inject", its `headers` row, run as it reads: any
 * case, `host` defaulting to localhost, a list joined as node:http joins it from a socket (`a, b`,
 * cookies with `; `), values without the blanks around them, `rawHeaders` as given; two
 * `content-type` or `authorization` values refused 400, as from a socket. The row said the handler
 * saw the first `content-type`; fw answers 400 `repeated content-type header` (pipeline.md).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createListener, defineApp, inject, json, type FwListener, type Logger } from '../packages/fw-core/src/index.ts';

const silent: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };
let fw: FwListener;
let handled = 0;
before(async () => {
  const echo = { path: '/echo', handler: (req: { headers: Record<string, unknown>; raw: { rawHeaders: string[] } }) => (handled++, json({ headers: req.headers, raw: req.raw.rawHeaders })) };
  const app = defineApp({ name: 'a', router: { name: 'r', routes: () => [{ prefix: '', security: false, routes: [echo] }] } });
  fw = await createListener({ app, config: {}, env: {}, logger: silent });
});
after(() => fw?.close());

describe("inject's request headers", () => {
  it('sends any case, joins lists as node:http does, trims values, defaults host to localhost', async () => {
    const headers = { 'X-Tag': ['a', 'b'], Cookie: ['c=1', 'd=2'], 'x-pad': '  v  ' };
    const answer = await inject(fw, { url: '/echo', headers });
    const seen = answer.json<{ headers: Record<string, string>; raw: string[] }>();
    assert.deepEqual([seen.headers['x-tag'], seen.headers.cookie, seen.headers['x-pad'], seen.headers.host], ['a, b', 'c=1; d=2', 'v', 'localhost']);
    assert.deepEqual(seen.raw.filter((_, at) => at % 2 === 0 && at < 6), ['X-Tag', 'X-Tag', 'Cookie']);
  });

  for (const name of ['content-type', 'authorization']) {
    it(`refuses two ${name} values 400, the handler not run`, async () => {
      handled = 0;
      const answer = await inject(fw, { url: '/echo', headers: { [name]: ['text/plain', 'application/json'] } });
      assert.equal(answer.status, 400);
      assert.equal(handled, 0);
    });
  }

  it('says so on the page', () => {
    const text = readFileSync(join(import.meta.dirname, '..', 'docs', 'applications-reference.md'), 'utf8');
    const row = text.split('\n').find((line) => line.startsWith('| `headers` |'));
    assert.ok(row !== undefined && !row.includes('the first `content-type`'), row);
    assert.match(row, /Two `content-type` or `authorization` values are refused 400/);
  });
});
