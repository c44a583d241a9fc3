/**
 * A switch given a value: yargs reads anything but `true` as false, so `fw audit --strict=1` (or
 * `=yes`, `=TRUE`) audited without --strict and exited 0 on warnings, and CI passed. A switch now
 * takes no value, `=true` or `=false`; any other is FW_CLI_ERR_USAGE, exit 1.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runFw } from './support/run-fw.ts';

describe('a switch given a value other than true or false is a usage error', { concurrency: true }, () => {
  for (const [command, flag] of [['audit', '--strict=1'], ['audit', '--strict=yes'], ['routes', '--json=TRUE'], ['config', '--show-secrets=on']] as const) {
    it(`fw ${command} ${flag}`, async () => {
      const name = flag.split('=')[0]!;
      assert.deepEqual(await runFw([command, flag]), {
        code: 1,
        stdout: '',
        stderr: `fw: FW_CLI_ERR_USAGE: ${flag}: ${name} is a switch; give it alone (${name}), or =true or =false\nRun 'fw ${command} --help' for its flags.\n`,
      });
    });
  }

  it('=true and =false keep their meaning: fw audit --strict=true exits 2 on the blog\'s warnings, --strict=false 0', async () => {
    assert.equal((await runFw(['audit', '--strict=true'])).code, 2);
    assert.equal((await runFw(['audit', '--strict=false'])).code, 0);
  });
});
