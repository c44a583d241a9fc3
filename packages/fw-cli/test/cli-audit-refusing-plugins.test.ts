/**
 * `fw audit` and a group that checks credentials in a plugin (docs/plugins.md, "Authentication: a plugin, or the
 * group's security"): its routes are still listed without security, which read as a false alarm with no way out. A route
 * whose group runs a plugin declaring a 401 or 403 (`responses`, as docs/plugins.md asks of such a plugin) says why it is
 * listed and where the fix is; a plugin declaring other statuses (a limiter's 429) changes nothing.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { lines, runFw } from './support/run-fw.ts';
import { removeTempDirs, repoTempDir } from './support/temp-app.ts';

const APP = `import { defineApp, json, replyJson } from 'fw-core';
const keyPlugin = { name: 'api_key_plugin', responses: () => [401], pre_request: (req, _env, _options, state) => (req.headers['x-api-key'] === 'k' ? ['ok', req, state] : (replyJson(req, 401, { error: 'no key' }), ['stop', req, state])) };
const limitPlugin = { name: 'limit_plugin', responses: [429], pre_request: (req, _env, _options, state) => ['ok', req, state] };
const decoder = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } };
const items = [{ path: '/items', handler: () => json({}), options: { methods: ['get', 'post'] } }];
export default defineApp({
  name: 'shop',
  plugins: [keyPlugin, limitPlugin],
  router: {
    name: 'shop_router',
    routes: () => [
      { prefix: '/api', security: false, plugins: [{ phase: 'pre_request', module: 'limit_plugin' }, { phase: 'pre_request', module: 'api_key_plugin' }, decoder], routes: items },
      { prefix: '/open', security: false, plugins: [{ phase: 'pre_request', module: 'limit_plugin' }, decoder], routes: items },
    ],
  },
});
`;

after(removeTempDirs);

it("says why a route whose group's plugin refuses with 401 is still listed without security, and where the fix is", async () => {
  const dir = await repoTempDir();
  await writeFile(join(dir, 'app.mjs'), APP);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'shop-app', version: '0.0.1', private: true, type: 'module', fw: { app: './app.mjs' } }));
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'shop' } }));
  const note = 'has no security (api_key_plugin may refuse with 401 or 403, but only a group\'s security callback counts: docs/plugins.md, "Authentication")';
  const text = await runFw(['audit'], { cwd: dir });
  assert.equal(text.stderr, '');
  assert.equal(
    text.stdout,
    lines('=== Security Audit ===', 'WARNINGS:', `  POST /api/items ${note}`, '  POST /open/items has no security', 'INFO:', `  GET /api/items ${note}`, '  GET /open/items has no security', 'Summary: 2 warning(s), 2 info(s)'),
  );
  const json = await runFw(['audit', '--json'], { cwd: dir });
  const model = JSON.parse(json.stdout);
  assert.deepEqual(model.warnings[0], { method: 'POST', path: '/api/items', host: '_', handler: { kind: 'inline' }, refusing_plugins: ['api_key_plugin'] });
  assert.deepEqual(model.warnings[1], { method: 'POST', path: '/open/items', host: '_', handler: { kind: 'inline' } });
});
