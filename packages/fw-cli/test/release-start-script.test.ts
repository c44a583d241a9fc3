/**
 * The Node floor a release's bin/<app> checks: fw's own (24), or the app's `engines.node` floor
 * when that is higher, read from `>=N` or `^N`; anything else keeps fw's. cli-release.test.ts
 * runs the script itself on an older and a current Node.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FW_NODE_MAJOR, neededNodeMajor, startScript } from '../src/release/start-script.ts';

describe('the Node version a release start script requires', () => {
  const cases: readonly (readonly [string, Record<string, string> | undefined, number])[] = [
    ['no engines', undefined, 24],
    ['engines without node', { npm: '>=11' }, 24],
    ['a lower floor', { node: '>=22' }, 24],
    ['the same floor', { node: '>=24' }, 24],
    ['a higher floor', { node: '>= 25.1' }, 25],
    ['a caret range', { node: '^26.0.0' }, 26],
    ['a range fw cannot read as a floor', { node: '25.x || 26.x' }, 24],
  ];
  for (const [name, engines, major] of cases) {
    it(`${name}: Node ${major}`, () => assert.equal(neededNodeMajor(engines), major));
  }

  it('writes the floor into the check and the messages', () => {
    assert.equal(FW_NODE_MAJOR, 24);
    const script = startScript('shop', 'prod', 'dist/main.js', 26);
    assert.match(script, /^if \[ "\$\{found%% \*\}" -lt 26 \]; then$/m);
    assert.match(script, /^ {2}echo "shop: needs Node\.js 26 or later, found \$\{found#\* \}; install Node\.js 26 /m);
    assert.match(script, /^exec "\$\{NODE:-node\}" dist\/main\.js "\$@"$/m);
  });
});
