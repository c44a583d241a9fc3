/**
 * createStaticHandler checks its route once, synchronously, at start-up: a missing or wrong-kind
 * path and bad options are coded errors that name the route, the path and the fix.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FwError, isFwError, type FwErrorCode } from '../src/errors.ts';
import { createStaticHandler, type StaticSpec } from '../src/static/static-handler.ts';
import { createFixture, type Fixture } from './static-harness.ts';

describe('static files: start-up errors', () => {
  let fixture: Fixture;

  before(async () => {
    fixture = await createFixture();
  });
  after(() => fixture.cleanup());

  function assertThrows(spec: StaticSpec, code: FwErrorCode, message: RegExp): FwError {
    let caught: unknown;
    try {
      createStaticHandler(spec, fixture.dir);
    } catch (error) {
      caught = error;
    }
    assert.ok(isFwError(caught, code), `expected ${code}, got ${String(caught)}`);
    assert.match(caught.message, message);
    return caught;
  }

  it('throws FW_ERR_STATIC_NOT_FOUND naming the route and both paths for a missing directory', () => {
    const error = assertThrows({ directory: 'priv/assets', route: '/docs/[...]' }, 'FW_ERR_STATIC_NOT_FOUND', /^static route \/docs\/\[\.\.\.\]: directory priv\/assets \(.*priv\/assets\) does not exist or cannot be read; create it or fix the path/);
    assert.deepEqual(error.details, { route: 'static route /docs/[...]', path: 'priv/assets', absolute: join(fixture.dir, 'priv/assets') });
    assert.equal((error.cause as { code?: string }).code, 'ENOENT');
  });

  it('throws FW_ERR_STATIC_NOT_FOUND for a missing single file', () => {
    assertThrows({ file: 'priv/favicon.ico', route: '/favicon.ico' }, 'FW_ERR_STATIC_NOT_FOUND', /^static route \/favicon\.ico: file priv\/favicon\.ico .* does not exist/);
  });

  it('throws FW_ERR_STATIC_WRONG_KIND for a file given as directory and the reverse', () => {
    assertThrows({ directory: 'root/hello.txt' }, 'FW_ERR_STATIC_WRONG_KIND', /is not a directory; use file: for a single file/);
    assertThrows({ file: 'root' }, 'FW_ERR_STATIC_WRONG_KIND', /is not a regular file; use directory: with a \/\[\.\.\.\] route/);
  });

  it('throws FW_ERR_ROUTE_BAD_HANDLER for a spec with neither directory nor file', () => {
    assertThrows({ directory: '' }, 'FW_ERR_ROUTE_BAD_HANDLER', /needs a non-empty directory or file/);
    assertThrows({} as StaticSpec, 'FW_ERR_ROUTE_BAD_HANDLER', /needs a non-empty directory or file/);
  });

  const badOptions: readonly [string, unknown, RegExp][] = [
    ['an unknown key', { methods: ['get'] }, /unknown static option methods; static options are index_files, list_dir, mimetype, max_age/],
    ['options that are not an object', ['index.html'], /options must be an object/],
    ['index_files that is a string', { index_files: 'index.html' }, /index_files must be a list of file names/],
    ['an index file with a path', { index_files: ['../secret.txt'] }, /index_files entry "\.\.\/secret\.txt" must be a plain file name/],
    ['a dotfile index', { index_files: ['.index.html'] }, /must be a plain file name/],
    ['list_dir that is not a boolean', { list_dir: 'yes' }, /list_dir must be true or false/],
    ['a mimetype key with a dot', { mimetype: { '.md': 'text/markdown' } }, /mimetype key "\.md" must be an extension without the dot/],
    ['a mimetype value that is not a type', { mimetype: { md: 'markdown' } }, /mimetype\.md must be a content type/],
    ['a mimetype value with a line break', { mimetype: { md: 'text/plain\r\nx-evil: 1' } }, /mimetype\.md must be a content type/],
    ['a negative max_age', { max_age: -1 }, /max_age must be a whole number of seconds/],
    ['a fractional max_age', { max_age: 1.5 }, /max_age must be a whole number of seconds/],
  ];
  for (const [name, options, message] of badOptions) {
    it(`throws FW_ERR_ROUTE_BAD_OPTIONS for ${name}`, () => {
      assertThrows({ directory: 'root', route: '/docs/[...]', options: options as StaticSpec['options'] }, 'FW_ERR_ROUTE_BAD_OPTIONS', message);
    });
  }

  it('accepts every option at once', () => {
    const handler = createStaticHandler(
      { directory: 'root', options: { index_files: ['index.html', 'index.htm'], list_dir: true, mimetype: { md: 'text/markdown; charset=utf-8' }, max_age: 86400 } },
      fixture.dir,
    );
    assert.equal(typeof handler, 'function');
  });
});
