/**
 * docs/applications-reference.md's bearer-token app ("A bearer token") does what its text says, run as the sample reads:
 * the reads stay public, the writes of the same path need `API_TOKEN` from the env the routes get,
 * and while API_TOKEN is unset every write is refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createListener, inject, type FwApp, type FwListener } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

const TOKEN = 'a-long-random-secret-0123456789';

let sample: DocSample<{ default: FwApp }>;

const listenerFor = (env: NodeJS.ProcessEnv): Promise<FwListener> => createListener({ app: sample.module.default, config: {}, env: { LOG_LEVEL: 'silent', ...env } });

before(async () => {
  sample = await importDocSample('docs/applications-reference.md', (code) => code.includes('bearerAuth({ token: env.API_TOKEN })'), 'app.ts', 'docs-bearer-sample-');
});
after(() => sample?.remove());

describe("docs/applications-reference.md's bearer-token app", () => {
  it('answers reads without a token and writes only with API_TOKEN as a bearer token', async () => {
    const fw = await listenerFor({ API_TOKEN: TOKEN });
    try {
      assert.equal((await inject(fw, { url: '/tasks' })).status, 200);
      const refused = await inject(fw, { method: 'POST', url: '/tasks' });
      assert.equal(refused.status, 401);
      assert.equal(refused.headers['www-authenticate'], 'Bearer');
      assert.equal((await inject(fw, { method: 'POST', url: '/tasks', headers: { authorization: `Bearer ${TOKEN}x` } })).status, 401);
      assert.equal((await inject(fw, { method: 'POST', url: '/tasks', headers: { authorization: `bearer ${TOKEN}` } })).status, 200);
    } finally {
      await fw.close();
    }
  });

  it('refuses every write while API_TOKEN is unset or empty, and still answers reads', async () => {
    for (const env of [{}, { API_TOKEN: '' }]) {
      const fw = await listenerFor(env);
      try {
        assert.equal((await inject(fw, { url: '/tasks' })).status, 200);
        for (const authorization of ['Bearer ', 'Bearer x', `Bearer ${TOKEN}`]) assert.equal((await inject(fw, { method: 'POST', url: '/tasks', headers: { authorization } })).status, 401);
      } finally {
        await fw.close();
      }
    }
  });
});
