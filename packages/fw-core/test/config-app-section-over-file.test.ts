/**
 * `appConfig` without `config`: the project's fw.config.json gives fw's keys and `appConfig` the
 * app's own section, in place of the file's. A test that keeps the project's plugins but points
 * the app at its own table wrote `createListener({appDir, appConfig: {table: 'links_test'}})`,
 * and the file's section won without a word: the test ran on, and truncated, the dev table.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createListener } from '../src/server/create-listener.ts';
import { defineApp } from '../src/app/app.ts';
import { json } from '../src/http/response.ts';
import { silentLogger } from '../src/log/logger.ts';
import { removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

/** An app that records the section its routes() and start hook are given. */
function recordingApp() {
  const seen: { routes?: unknown; start?: unknown } = {};
  const app = defineApp({
    name: 'links',
    router: {
      name: 'links_router',
      routes: (_environment, { config }) => {
        seen.routes = config.app;
        return [{ prefix: '', security: false, routes: [{ path: '/a', handler: () => json({}) }] }];
      },
    },
    start: ({ config }) => {
      seen.start = config.app;
    },
  });
  return { app, seen };
}

describe('appConfig beside fw.config.json', () => {
  it('takes the place of the file\'s app section, in routes() and in start', async () => {
    const appDir = await writeApp({ fw: { bootstrap_application: 'links', log_level: 'warn' }, links: { table: 'links', cors_origin: 'https://a.example' } });
    const { app, seen } = recordingApp();
    const fw = await createListener({ app, appDir, appConfig: { table: 'links_test' }, env: {}, logger: silentLogger });
    try {
      assert.deepEqual(seen.routes, { table: 'links_test' });
      assert.deepEqual(seen.start, { table: 'links_test' });
      assert.equal(fw.application.config.fw.log_level, 'warn'); // fw's keys still come from the file
    } finally {
      await fw.close();
    }
  });

  it('leaves the file\'s section, with its environment overlay, when no appConfig is given', async () => {
    const appDir = await writeApp({ fw: { bootstrap_application: 'links' }, links: { table: 'links' }, environments: { prod: { links: { table: 'links_prod' } } } });
    const { app, seen } = recordingApp();
    const fw = await createListener({ app, appDir, env: { FW_ENV: 'prod' }, logger: silentLogger });
    try {
      assert.deepEqual(seen.routes, { table: 'links_prod' });
    } finally {
      await fw.close();
    }
  });
});
