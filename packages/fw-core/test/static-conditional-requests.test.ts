/**
 * Conditional GET (RFC 9110 §13): weak ETag and Last-Modified on every file, 304 without a body
 * when If-None-Match or If-Modified-Since says the client's copy is current.
 */
import assert from 'node:assert/strict';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStaticHandler } from '../src/static/static-handler.ts';
import { createFixture, FIXTURE_FILES, fixtureEtag, rawRequest, staticTarget, withoutTransportHeaders, type Fixture, type StaticTestTarget } from './static-harness.ts';

const LAST_MODIFIED = 'Tue, 02 Jan 2024 03:04:05 GMT';

describe('static files: conditional requests', () => {
  let fixture: Fixture;
  let server: StaticTestTarget;
  const etag = fixtureEtag(FIXTURE_FILES['hello.txt'] ?? '');

  before(async () => {
    fixture = await createFixture();
    server = staticTarget(createStaticHandler({ directory: fixture.root, options: { max_age: 60 } }));
  });
  after(async () => {
    await server.close();
    await fixture.cleanup();
  });

  const get = (headers: Record<string, string>, method = 'GET') => rawRequest(server, method, '/docs/hello.txt', headers);

  async function assertNotModified(headers: Record<string, string>, method = 'GET'): Promise<void> {
    const response = await get(headers, method);
    assert.equal(response.status, 304, JSON.stringify(headers));
    assert.deepEqual(withoutTransportHeaders(response.headers), {
      etag,
      'last-modified': LAST_MODIFIED,
      'cache-control': 'public, max-age=60',
      'x-content-type-options': 'nosniff',
      'x-request-id': 'test-id',
    });
    assert.equal(response.body, '');
  }

  async function assertFull(headers: Record<string, string>): Promise<void> {
    const response = await get(headers);
    assert.equal(response.status, 200, JSON.stringify(headers));
    assert.equal(response.body, FIXTURE_FILES['hello.txt']);
  }

  it('sends a weak ETag from size and mtime, and Last-Modified', async () => {
    const response = await get({});
    assert.equal(response.headers.etag, etag);
    assert.equal(response.headers['last-modified'], LAST_MODIFIED);
  });

  it('answers 304 when If-None-Match holds the ETag, weak or strong, alone or in a list, or *', async () => {
    await assertNotModified({ 'if-none-match': etag });
    await assertNotModified({ 'if-none-match': etag.slice(2) });
    await assertNotModified({ 'if-none-match': `"other", ${etag}` });
    await assertNotModified({ 'if-none-match': '*' });
  });

  // RFC 9110 §13.1.2: an empty field is an empty list, not `*`: it matches no tag, and being present it still sets If-Modified-Since aside (§13.2.2).
  // nginx 1.22.1 (etag on, if_modified_since before) answers 200 to both too.
  it('answers 200 to an empty If-None-Match, even beside an If-Modified-Since that would answer 304', async () => {
    await assertFull({ 'if-none-match': '' });
    await assertFull({ 'if-none-match': ' , ' });
    await assertFull({ 'if-none-match': '', 'if-modified-since': LAST_MODIFIED });
  });

  it('answers 304 to HEAD as to GET', () => assertNotModified({ 'if-none-match': etag }, 'HEAD'));

  it('answers 200 when If-None-Match holds other tags', async () => {
    await assertFull({ 'if-none-match': '"nope"' });
    await assertFull({ 'if-none-match': 'W/"1-2"' });
  });

  it('answers 304 when If-Modified-Since is at or after the last modification', async () => {
    await assertNotModified({ 'if-modified-since': LAST_MODIFIED });
    await assertNotModified({ 'if-modified-since': 'Wed, 03 Jan 2024 00:00:00 GMT' });
  });

  it('answers 200 when If-Modified-Since is earlier or not a date', async () => {
    await assertFull({ 'if-modified-since': 'Tue, 02 Jan 2024 03:04:04 GMT' });
    await assertFull({ 'if-modified-since': 'yesterday-ish' });
  });

  it('ignores an If-Modified-Since that is not an HTTP-date, even one Date.parse reads as later (RFC 9110 §13.1.3)', async () => {
    for (const since of ['2030', 'garbage 2030', '2024-01-03T00:00:00Z', 'Wed, 03 Jan 2024 00:00:00', 'Wed, 03 Jan 2024 00:00:00 PST']) {
      await assertFull({ 'if-modified-since': since });
    }
  });

  it('reads the obsolete rfc850 and asctime dates as GMT, whatever the server\'s time zone (RFC 9110 §5.6.7)', async () => {
    const zone = process.env['TZ'];
    process.env['TZ'] = 'America/New_York';
    try {
      await assertNotModified({ 'if-modified-since': 'Tuesday, 02-Jan-24 03:04:05 GMT' });
      await assertNotModified({ 'if-modified-since': 'Tue Jan  2 03:04:05 2024' });
      await assertFull({ 'if-modified-since': 'Tue Jan  2 03:04:04 2024' });
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('sends a future mtime as Last-Modified now (RFC 9110 §8.8.2.1), so no client is handed a date ahead to send back', async (t) => {
    const future = join(fixture.root, 'future.txt');
    await writeFile(future, 'from a clock ahead\n');
    await utimes(future, new Date('2100-01-01T00:00:00Z'), new Date('2100-01-01T00:00:00Z'));
    t.mock.timers.enable({ apis: ['Date'], now: Date.parse('2030-01-01T00:00:00Z') });
    const response = await rawRequest(server, 'GET', '/docs/future.txt');
    assert.equal(response.headers['last-modified'], 'Tue, 01 Jan 2030 00:00:00 GMT');
    // Sent back, that date is older than the mtime: the file again, where the mtime itself would keep the copy through later edits.
    assert.equal((await rawRequest(server, 'GET', '/docs/future.txt', { 'if-modified-since': 'Tue, 01 Jan 2030 00:00:00 GMT' })).status, 200);
  });

  it('ignores If-Modified-Since when If-None-Match is present (RFC 9110 §13.2.2)', async () => {
    await assertFull({ 'if-none-match': '"nope"', 'if-modified-since': LAST_MODIFIED });
    await assertNotModified({ 'if-none-match': etag, 'if-modified-since': 'Mon, 01 Jan 2000 00:00:00 GMT' });
  });

  it('applies to index files served for a directory', async () => {
    const indexEtag = fixtureEtag(FIXTURE_FILES['index.html'] ?? '');
    const response = await rawRequest(server, 'GET', '/docs/', { 'if-none-match': indexEtag });
    assert.equal(response.status, 304);
    assert.equal(response.body, '');
  });

  it('never reports a server fault', () => {
    assert.deepEqual(server.failures, []);
  });
});
