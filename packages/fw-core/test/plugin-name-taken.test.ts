/**
 * Configuration names a plugin by its `name`, so two plugins of one name cannot both be reached: the second replaced the
 * first without a word, and an app plugin named like a built-in replaced it (an own `fw_request_plugin` turned body
 * decoding off, while fw warned to list fw_request_plugin). Start-up now refuses both (FW_ERR_APP_BAD_MODULE).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createListener, defineApp, json, type FwError, type FwPlugin } from '../src/index.ts';

const tagger = (tag: string): FwPlugin => ({ name: 'tag_plugin', pre_request: (req, _env, _options, state) => ((req.responseHeaders['x-tag'] = tag), ['ok', req, state]) });
const appWith = (plugins: readonly FwPlugin[]) =>
  defineApp({ name: 'tagged', plugins, router: { name: 'tagged_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({}) }] }] } });

describe('a plugin name two plugins have', () => {
  it('refuses two app plugins of one name, naming it', async () => {
    await assert.rejects(createListener({ app: appWith([tagger('first'), tagger('second')]), config: {}, env: {} }), (error: FwError) => {
      assert.equal(error.code, 'FW_ERR_APP_BAD_MODULE');
      assert.equal(error.message, "two plugins are named tag_plugin in defineApp({plugins}): configuration names a plugin by its name, so one would replace the other; give the app's plugin a name of its own");
      assert.deepEqual(error.details, { name: 'tag_plugin' });
      return true;
    });
  });

  it("refuses an app plugin named like a built-in, which replaced it (fw_request_plugin's body decoding with it)", async () => {
    const own: FwPlugin = { name: 'fw_request_plugin', pre_request: (req, _env, _options, state) => ['ok', req, state] };
    await assert.rejects(createListener({ app: appWith([own]), config: {}, env: {} }), (error: FwError) => {
      assert.equal(error.code, 'FW_ERR_APP_BAD_MODULE');
      assert.match(error.message, /^two plugins are named fw_request_plugin, fw's built-in one and one of defineApp\(\{plugins\}\): /);
      return true;
    });
  });

  it('takes the same plugin given twice', async () => {
    const plugin = tagger('once');
    const fw = await createListener({ app: appWith([plugin, plugin]), config: { plugins: [{ phase: 'pre_request', module: 'tag_plugin' }] }, env: {} });
    await fw.close();
  });
});
