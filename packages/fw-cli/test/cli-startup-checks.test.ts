/**
 * The commands that load the app run the server's start-up checks that have no side effects
 * (docs/cli.md, "What fw checks"): an app the server would refuse is refused by fw routes,
 * middleware, audit, openapi and release with the server's coded error, exit 1. The app's own
 * plugins' init, which may connect to a store, is not run.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { assertSucceeded, runFw } from './support/run-fw.ts';
import { removeTempDirs, repoTempDir } from './support/temp-app.ts';

after(removeTempDirs);

interface CheckedApp {
  /** Route entries of the one group, as JavaScript source. */
  readonly routes?: string;
  /** The `fw` section beyond bootstrap_application. */
  readonly fw?: Record<string, unknown>;
}

// Under the repository's .tmp/, so the app module's `import 'fw-core'` resolves.
async function writeApp(spec: CheckedApp): Promise<string> {
  const dir = await repoTempDir();
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'checked-app', version: '1.0.0', type: 'module', fw: { app: './app.mjs' } }));
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'checked', ...spec.fw }, environments: { prod: {} } }));
  await writeFile(
    join(dir, 'app.mjs'),
    `import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineApp, json } from 'fw-core';

// Its init leaves a mark: fw must not run it.
const storePlugin = {
  name: 'store_plugin',
  init: () => writeFileSync(join(import.meta.dirname, 'store-plugin-started'), ''),
  pre_request: (req, _env, _options, state) => ['ok', req, state],
};

export default defineApp({
  name: 'checked',
  plugins: [storePlugin],
  router: { name: 'checked_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/hello', handler: () => json({}) }, ${spec.routes ?? ''}] }] },
});
`,
  );
  return dir;
}

describe('fw refuses what the server refuses at start', { concurrency: true }, () => {
  for (const args of [['routes'], ['middleware'], ['audit'], ['audit', '--strict', '--json'], ['openapi'], ['release']]) {
    it(`a missing static directory (fw ${args.join(' ')})`, async () => {
      const dir = await writeApp({ routes: `{ path: '/static/[...]', directory: 'nope' }` });
      assert.deepEqual(await runFw(args, { cwd: dir }), {
        code: 1,
        stdout: '',
        stderr: `fw: FW_ERR_STATIC_NOT_FOUND: static route /static/[...]: directory nope (${join(dir, 'nope')}) does not exist or cannot be read; create it or fix the path (relative paths resolve against ${dir})\n`,
      });
    });
  }

  const cases: [string, CheckedApp, (dir: string) => string][] = [
    ['a static file that is a directory', { routes: `{ path: '/f', file: '.' }` }, (dir) => `FW_ERR_STATIC_WRONG_KIND: static route /f: . (${dir}) is not a regular file; use directory: with a /[...] route for a directory`],
    ['an unknown static option', { routes: `{ path: '/f', file: 'app.mjs', options: { etags: true } }` }, () => 'FW_ERR_ROUTE_BAD_OPTIONS: static route /f: unknown static option etags; static options are index_files, list_dir, mimetype, max_age'],
    ['a json_lib that does not resolve', { fw: { json_lib: 'fw-no-such-json-lib' } }, (dir) => `FW_ERR_CONFIG_BAD_VALUE: fw.json_lib "fw-no-such-json-lib" cannot be loaded from ${dir} (Cannot find module 'fw-no-such-json-lib'): install it in the app or fix the name, or give "JSON", the built-in one`],
    ['a json_lib builtin without stringify', { fw: { json_lib: 'node:path' } }, () => 'FW_ERR_CONFIG_BAD_VALUE: fw.json_lib "node:path" has no stringify: it must export stringify and parse, as JSON has them, by name or as its default export'],
    ['an unknown stream handler', { fw: { server_configuration: { stream_handlers: ['nope_h', 'fw_stream_h'] } } }, () => 'FW_ERR_STREAM_HANDLER_UNKNOWN: server_configuration.stream_handlers names nope_h, which neither fw nor the app provides; known: fw_stream_h; to fix, give the app\'s stream handler whose name is nope_h to defineApp({streamHandlers: [...]}), or correct the name'],
    [
      'a bad option of fw_request_plugin',
      { fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_bodies: true } }] } },
      () => 'FW_ERR_PLUGIN_INIT_FAILED: plugin fw_request_plugin failed to start: fw_request_plugin does not know option decode_json_bodies; its options are: decode_json_body, read_urlencoded_body, max_body_size',
    ],
  ];
  for (const [what, spec, error] of cases) {
    it(what, async () => {
      const dir = await writeApp(spec);
      const run = await runFw(['audit'], { cwd: dir });
      assert.equal(run.code, 1);
      assert.equal(run.stdout, '');
      assert.equal(run.stderr, `fw: ${error(dir)}\n`);
    });
  }

  it('does not run the app plugins\' init; an app that passes every check loads', async () => {
    const dir = await writeApp({ routes: `{ path: '/f', file: 'app.mjs' }`, fw: { plugins: [{ phase: 'pre_request', module: 'store_plugin' }] } });
    assertSucceeded(await runFw(['audit'], { cwd: dir }));
    assert.equal(existsSync(join(dir, 'store-plugin-started')), false);
  });
});
