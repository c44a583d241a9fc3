/**
 * How `fw release` runs npm on each platform, checked without Windows: npm directly elsewhere;
 * on Windows `npm.cmd` through cmd.exe (`shell: true`, which Node requires for a batch file since
 * CVE-2024-27980) as one command line, no args array (DEP0190), each argument quoted for cmd.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { npmInvocation, quoteForCmd } from '../src/release/run-npm.ts';

describe('npm invocation', () => {
  it('runs npm without a shell on Linux and macOS', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      assert.deepEqual(npmInvocation(['run', 'build'], platform), { command: 'npm', args: ['run', 'build'], shell: false });
    }
  });

  it('runs npm.cmd through the shell on Windows, as one command line', () => {
    assert.deepEqual(npmInvocation(['run', 'build'], 'win32'), { command: 'npm.cmd run build', args: [], shell: true });
    assert.deepEqual(npmInvocation(['pack', '--dry-run', '--json', '--ignore-scripts'], 'win32'), { command: 'npm.cmd pack --dry-run --json --ignore-scripts', args: [], shell: true });
  });

  it('quotes an argument with spaces or cmd metacharacters, escaping them twice for npm.cmd\'s %*', () => {
    assert.equal(quoteForCmd('--prefix=C:\\my app'), '^^^"--prefix=C:\\my^^^ app^^^"');
    assert.equal(quoteForCmd('a&calc'), '^^^"a^^^&calc^^^"');
    assert.equal(quoteForCmd('%PATH%|x'), '^^^"^^^%PATH^^^%^^^|x^^^"');
    assert.equal(quoteForCmd(''), '^^^"^^^"');
  });

  it('quotes by the C runtime\'s rules: a quote escaped, the backslashes before it and at the end doubled', () => {
    assert.equal(quoteForCmd('say "hi"'), '^^^"say^^^ \\^^^"hi\\^^^"^^^"');
    assert.equal(quoteForCmd('C:\\dir\\'), '^^^"C:\\dir\\\\^^^"');
    assert.equal(quoteForCmd('a\\"b'), '^^^"a\\\\\\^^^"b^^^"');
  });

  it('leaves plain arguments as they are', () => {
    for (const arg of ['run', 'build', '--dry-run', '--json', '--ignore-scripts', '--prefix=C:/x', 'pkg@1.2.3']) assert.equal(quoteForCmd(arg), arg);
  });
});
