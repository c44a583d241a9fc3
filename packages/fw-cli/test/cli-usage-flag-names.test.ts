/**
 * Usage errors name the flag as it was typed. Before, `fw openapi -o` (no value) said
 * `--o needs a value`, a flag that does not exist, and `fw -x routes` (an unknown flag before the
 * command, which took `routes` as its value) said to name a command, though one was named.
 * `--env prod` and `--config` were unknown flags with no word on FW_ENV and FW_CONFIG, which set them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runFw } from './support/run-fw.ts';

describe('usage errors name the flag as typed', { concurrency: true }, () => {
  const cases: [string[], string, string][] = [
    [['openapi', '-o'], '-o needs a value', "Run 'fw openapi --help' for its flags."],
    [['-x', 'routes'], 'Unknown flag: -x', "Run 'fw routes --help' for its flags."],
    [['--verbose', 'audit', '--strict'], 'Unknown flag: --verbose', "Run 'fw audit --help' for its flags."],
    // What fw reads from the environment, as the server does: the error says which variable.
    [['routes', '--env', 'prod'], 'Unknown flag: --env (fw takes it from the environment: FW_ENV=prod fw ...)', "Run 'fw routes --help' for its flags."],
    [['audit', '--config=ci.json'], 'Unknown flag: --config (fw takes it from the environment: FW_CONFIG=<file> fw ..., relative to the app directory)', "Run 'fw audit --help' for its flags."],
  ];
  for (const [args, message, hint] of cases) {
    it(`fw ${args.join(' ')}`, async () => {
      assert.deepEqual(await runFw(args), { code: 1, stdout: '', stderr: `fw: FW_CLI_ERR_USAGE: ${message}\n${hint}\n` });
    });
  }
});
