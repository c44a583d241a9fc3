/**
 * `fw config` prints strings bare. A value holding a newline broke its one line per key into
 * two (the second looking like a key of its own), and one holding an ANSI escape coloured or
 * cleared the terminal, under NO_COLOR too. A string with a control character is now printed as
 * JSON, escaped, on its one line.
 */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { assertSucceeded, lines, runFw } from './support/run-fw.ts';
import { removeTempDirs, writeTempApp } from './support/temp-app.ts';

after(removeTempDirs);

it('fw config prints a string with a newline or an escape as JSON, on one line', async () => {
  const section = { banner: '\u001b[31mred\u001b[0m', motd: 'line one\n  injected                  yes', plain: 'a b' };
  const app = await writeTempApp('ctl', { fw: { bootstrap_application: 'ctl' }, ctl: section }, "import { defineApp } from 'fw-core';\nexport default defineApp({ name: 'ctl', router: { name: 'ctl_router', routes: () => [] } });\n");
  const run = await runFw(['config', '--app', app], { env: { NO_COLOR: '1' } });
  assertSucceeded(run);
  assert.ok(!run.stdout.includes('\u001b'), run.stdout);
  assert.ok(
    run.stdout.endsWith(lines("=== ctl (the app's section, config.app) ===", '  banner                    "\\u001b[31mred\\u001b[0m"', '  motd                      "line one\\n  injected                  yes"', '  plain                     a b')),
    run.stdout,
  );
});
