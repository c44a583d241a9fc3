/**
 * The env fw is started with reaches everything that reads settings at start: the router
 * module's `routes(environment, {env, config})` and each plugin's `init(options, context)`.
 * An app embedded or tested with its own `env` then sees what it was given, never process.env.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineApp } from '../src/app/app.ts';
import { inject } from '../src/inject/inject.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin, PluginInitContext } from '../src/plugins/plugin.ts';
import { createListener } from '../src/server/create-listener.ts';
import { silentLogger } from '../src/log/logger.ts';

const VARIABLE = 'FW_TEST_STARTED_ENV_FLAG';

describe('the env fw is started with', () => {
  it('is what routes() and plugin init receive, with the environment and the loaded config', async () => {
    assert.equal(process.env[VARIABLE], undefined, 'the test process does not set the variable');
    let routesEnv: NodeJS.ProcessEnv | undefined;
    let routesApp: unknown;
    let initContext: PluginInitContext | undefined;
    const flagPlugin: FwPlugin<string, Record<string, never>> = {
      name: 'flag_plugin',
      init: (_options, context) => {
        initContext = context;
        return context.env[VARIABLE] ?? 'unset';
      },
      pre_request: (req, _env, _options, state) => ['ok', { ...req, auth_data: state }, state],
    };
    const app = defineApp({
      name: 'started_env',
      plugins: [flagPlugin],
      router: {
        name: 'started_env_router',
        routes: (environment, { env, config }) => {
          routesEnv = env;
          routesApp = config.app;
          const path = env[VARIABLE] === 'on' ? '/flagged' : '/plain';
          return [{ prefix: '', security: false, routes: [{ path, handler: (req) => json({ environment, plugin: req.auth_data }) }] }];
        },
      },
    });
    const env = { [VARIABLE]: 'on' };
    const fw = await createListener({
      app,
      env,
      logger: silentLogger,
      config: { plugins: [{ phase: 'pre_request', module: 'flag_plugin', options: {} }] },
      appConfig: { feature: true },
    });
    try {
      assert.equal(routesEnv, env);
      assert.deepEqual(routesApp, { feature: true });
      assert.equal(initContext?.env, env);
      assert.equal(initContext?.app, 'started_env');
      assert.equal(initContext?.environment, 'dev');
      assert.equal(initContext?.logger, silentLogger);
      const res = await inject(fw, { url: '/flagged' });
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), { environment: 'dev', plugin: 'on' });
      assert.equal((await inject(fw, { url: '/plain' })).status, 404);
    } finally {
      await fw.close();
    }
  });
});
