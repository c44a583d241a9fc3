/**
 * docs/configuration.md's FW_LOG_REPEAT_INTERVAL_MS: decimal digits, milliseconds; a bad value stops start-up with
 * FW_ERR_CONFIG_BAD_VALUE naming the variable, and docs/cli.md says `fw audit` refuses what the server refuses at
 * start. Before, only the server's JSON logger read it: `fw audit --strict` and `fw config` passed a deployment whose
 * server then refused to start, and a value past Node's timer limit (2147483647 ms) started a server whose summary
 * timer fired after 1 ms (Node's TimeoutOverflowWarning).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startBlogExpectingFailure } from '../examples/blog/test/support/blog-process.ts';
import { runFw } from '../packages/fw-cli/test/support/run-fw.ts';

const refusal = (value: string): string =>
  `FW_ERR_CONFIG_BAD_VALUE: FW_LOG_REPEAT_INTERVAL_MS must be an integer from 0 to 2147483647 (milliseconds); found "${value}" (a string)`;

describe('FW_LOG_REPEAT_INTERVAL_MS', { concurrency: true }, () => {
  for (const value of ['1.5', '10s', '3000000000']) {
    it(`${value}: fw audit, fw config and the blog's start refuse it alike`, async () => {
      const env = { FW_LOG_REPEAT_INTERVAL_MS: value };
      const [audit, config, blog] = await Promise.all([runFw(['audit', '--strict'], { env }), runFw(['config'], { env }), startBlogExpectingFailure(env)]);
      assert.deepEqual([audit.code, audit.stdout, audit.stderr], [1, '', `fw: ${refusal(value)}\n`]);
      assert.deepEqual([config.code, config.stdout, config.stderr], [1, '', `fw: ${refusal(value)}\n`]);
      assert.equal(blog.code, 1);
      assert.equal(blog.stderr, `blog: cannot start: ${refusal(value)}\n`);
    });
  }

  it('empty is unset, and 0 writes every line: both pass', async () => {
    for (const value of ['', '0', '2147483647']) {
      const run = await runFw(['audit'], { env: { FW_LOG_REPEAT_INTERVAL_MS: value } });
      assert.equal(run.code, 0, `${value}: ${run.stderr}`);
    }
  });
});
