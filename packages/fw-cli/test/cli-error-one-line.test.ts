/**
 * An error whose message quotes the app's own text: a route path holding a newline and an ANSI
 * escape made `fw routes` print fw-core's FW_ERR_ROUTE_BAD_PATH over two lines with a raw escape
 * that coloured the terminal. Every error is one line (docs/cli.md, "Errors"): its control
 * characters are now printed escaped, as JSON writes them.
 */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { runFw } from './support/run-fw.ts';
import { removeTempDirs, writeTempApp } from './support/temp-app.ts';

after(removeTempDirs);

it('fw routes: an error quoting a path with a newline and an escape is one line, without the escape', async () => {
  const app = await writeTempApp(
    'ctl',
    { fw: { bootstrap_application: 'ctl' } },
    "import { defineApp, json } from 'fw-core';\nexport default defineApp({ name: 'ctl', router: { name: 'ctl_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/a\\u001b[31mred\\nx', handler: () => json({}) }] }] } });\n",
  );
  const run = await runFw(['routes', '--app', app]);
  assert.equal(run.code, 1);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /^fw: FW_ERR_ROUTE_BAD_PATH: [^\n\u001b]*\(_ \/a\\u001b\[31mred\\nx\)[^\n\u001b]*\n$/);
});
