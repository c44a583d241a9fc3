/**
 * `redirect(location)` sends a URI-reference (RFC 9110 §10.2.2): what one cannot hold (non-ASCII
 * text, spaces, CR/LF, a stray `%`) is percent-encoded as UTF-8, escapes already there are kept,
 * as Express's `res.location` does; `/café` no longer goes out as a Latin-1 byte nor `/日本` as a 500.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { redirect } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const cases: [string, string][] = [
  ['/café', '/caf%C3%A9'],
  ['/日本?q=東京#top', '/%E6%97%A5%E6%9C%AC?q=%E6%9D%B1%E4%BA%AC#top'],
  ['/a b', '/a%20b'],
  ['/caf%C3%A9?x=%20&y=1', '/caf%C3%A9?x=%20&y=1'],
  ['/100%', '/100%25'],
  ['/x\r\nset-cookie: a=b', '/x%0D%0Aset-cookie:%20a=b'],
  ['https://example.com/ü', 'https://example.com/%C3%BC'],
];

describe('the location of a redirect', () => {
  let app: InjectedApp;
  before(async () => {
    const routes = cases.map(([location], index) => ({ path: `/r${index}`, handler: () => redirect(location) }));
    app = await injectTestApp({ groups: [{ prefix: '', security: false, routes }] });
  });
  after(async () => {
    await app.close();
  });

  for (const [index, [location, sent]] of cases.entries()) {
    it(`sends ${JSON.stringify(location)} as ${sent}`, async () => {
      const res = await app.fetch(`/r${index}`, { redirect: 'manual' } as never);
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), sent);
      assert.equal(res.headers.get('set-cookie'), null);
    });
  }
});
