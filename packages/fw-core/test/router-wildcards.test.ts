import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter } from '../src/router/index.ts';
import { splitPathAndQuery } from '../src/stream/exchange.ts';

/** The path the pipeline hands find(): the request target cut before its query and fragment (stream/exchange.ts). */
const pathOf = (target: string): string => splitPathAndQuery(target).path;

const router = createRouter([
  { path: '/docs/[...]', methods: ['get'], data: 'docs' },
  { path: '/repos/:owner/contents/[...]', methods: ['get'], data: 'contents' },
]);

function pathinfo(url: string): string[] | undefined | 'not_found' {
  const result = router.find('GET', undefined, pathOf(url));
  if (result.kind !== 'found') return 'not_found';
  return result.pathinfo;
}

describe('[...] captures the rest of the path as pathinfo', () => {
  it('captures no segment, one empty segment, or each segment', () => {
    assert.deepEqual(pathinfo('/docs'), []);
    assert.deepEqual(pathinfo('/docs/'), ['']);
    assert.deepEqual(pathinfo('/docs/a'), ['a']);
    assert.deepEqual(pathinfo('/docs/a/b'), ['a', 'b']);
    assert.deepEqual(pathinfo('/docs/a/b/'), ['a', 'b', '']);
    assert.deepEqual(pathinfo('/docs//a'), ['', 'a']);
  });

  it('is split when read, the same list at every read', () => {
    const result = router.find('GET', undefined, '/docs/a%20b/c');
    assert.equal(result.kind, 'found');
    if (result.kind !== 'found') return;
    const first = result.pathinfo;
    assert.deepEqual(first, ['a b', 'c']);
    assert.equal(result.pathinfo, first);
  });

  it('matches whole segments only', () => {
    assert.equal(pathinfo('/docsx'), 'not_found');
    assert.equal(pathinfo('/doc'), 'not_found');
  });

  it('decodes each segment once and keeps %2F inside its segment', () => {
    assert.deepEqual(pathinfo('/docs/a%2Fb/c%20d/%2525'), ['a/b', 'c d', '%25']);
    assert.deepEqual(pathinfo('/d%6Fcs/x'), ['x']);
  });

  it('answers not_found for a malformed escape anywhere in the rest', () => {
    assert.equal(pathinfo('/docs/a/%zz'), 'not_found');
    assert.equal(pathinfo('/docs/%E0%A4/b'), 'not_found');
  });

  it('stops at the query string and the fragment', () => {
    assert.deepEqual(pathinfo('/docs/a/b?c=/d'), ['a', 'b']);
    assert.deepEqual(pathinfo('/docs/a#b/c'), ['a']);
    assert.deepEqual(pathinfo('/docs?x'), []);
  });

  it('comes with the bindings before it', () => {
    const result = router.find('GET', undefined, '/repos/nodejs/contents/lib/url.js');
    assert.ok(result.kind === 'found');
    assert.deepEqual(
      { data: result.route.data, bindings: result.bindings, pathinfo: result.pathinfo },
      { data: 'contents', bindings: { owner: 'nodejs' }, pathinfo: ['lib', 'url.js'] },
    );
  });

  it('is undefined for routes without [...]', () => {
    const plain = createRouter([{ path: '/a', data: 'a' }]);
    const result = plain.find('GET', undefined, '/a');
    assert.ok(result.kind === 'found');
    assert.equal(result.pathinfo, undefined);
  });

  it('works at the root', () => {
    const root = createRouter([{ path: '/[...]', data: 'all' }]);
    const found = (url: string) => {
      const result = root.find('GET', undefined, url);
      return result.kind === 'found' ? result.pathinfo : result.kind;
    };
    assert.deepEqual(found('/'), ['']);
    assert.deepEqual(found('/a/b'), ['a', 'b']);
    assert.deepEqual(found('//'), ['', '']);
  });
});
