/**
 * A flag given an empty value, as `--app "$APP_DIR"` gives it when the variable is unset. Before,
 * `fw audit --app ''` audited the current directory's app, silently, and `fw openapi --output ''`
 * tried to write the current directory, and `--title ''` or `--api-version ''` wrote a document whose info.title or
 * info.version was empty. Each is now FW_CLI_ERR_USAGE, exit 1, nothing run.
 */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runFw } from './support/run-fw.ts';

describe('an empty flag value is a usage error', { concurrency: true }, () => {
  const cases: [string[], string, string][] = [
    [['audit', '--strict', '--app', ''], '--app is empty; give the app directory (--app . for the current one)', 'audit'],
    [['openapi', '--output', ''], '--output is empty; give the file to write', 'openapi'],
    [['openapi', '--output', join(tmpdir(), 'fw-cli-empty-types', 'openapi.json'), '--types', ''], '--types is empty; give the file to write', 'openapi'],
    [['openapi', '--output', join(tmpdir(), 'fw-cli-empty-title', 'openapi.json'), '--title', ''], '--title is empty; give the info.title to write', 'openapi'],
    [['openapi', '--output', join(tmpdir(), 'fw-cli-empty-version', 'openapi.json'), '--api-version', ''], '--api-version is empty; give the info.version to write', 'openapi'],
  ];
  for (const [args, message, command] of cases) {
    it(`fw ${args.join(' ')}`, async () => {
      assert.deepEqual(await runFw(args), { code: 1, stdout: '', stderr: `fw: FW_CLI_ERR_USAGE: ${message}\nRun 'fw ${command} --help' for its flags.\n` });
    });
  }
});
