/**
 * `redirect(location, status, headers)` carries headers as `json()` and `status()` do: a link
 * shortener's 302 says how long a cache may keep it (`cache-control`) without writing the
 * redirect by hand as `status(302, {location})`, which skips the location's encoding.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { redirect } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

describe('the headers of a redirect', () => {
  let app: InjectedApp;
  before(async () => {
    const routes = [
      { path: '/short', handler: () => redirect('/café', 301, { 'cache-control': 'private, max-age=90' }) },
      // The location is the first argument's, whatever the headers say.
      { path: '/clash', handler: () => redirect('/here', 302, { location: '/elsewhere' }) },
    ];
    app = await injectTestApp({ groups: [{ prefix: '', security: false, routes }] });
  });
  after(async () => {
    await app.close();
  });

  it('sends the headers given beside the encoded location and the status', async () => {
    const res = await app.fetch('/short', { redirect: 'manual' } as never);
    assert.equal(res.status, 301);
    assert.equal(res.headers.get('location'), '/caf%C3%A9');
    assert.equal(res.headers.get('cache-control'), 'private, max-age=90');
  });

  it('keeps the location argument over a location header', async () => {
    const res = await app.fetch('/clash', { redirect: 'manual' } as never);
    assert.equal(res.headers.get('location'), '/here');
  });
});
