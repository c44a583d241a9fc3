/**
 * docs/applications.md's bearer-token callback ("A bearer token") does what its text says, run as the sample reads:
 * the right token in any case of the scheme passes, a wrong, missing or malformed one is fw's 401 with
 * `www-authenticate: Bearer`, every request is refused while no token is configured, and the scheme is declared.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createListener, defineApp, inject, json, type FwListener, type SecurityCallback } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

const TOKEN = 'a-long-random-secret-0123456789';

let sample: DocSample<{ bearerToken: (token: string | undefined) => SecurityCallback }>;

/** An app whose one group is guarded by the sample's callback for `token`. */
function listenerFor(token: string | undefined): Promise<FwListener> {
  const app = defineApp({
    name: 'api',
    router: { name: 'api_router', routes: () => [{ prefix: '/api', security: sample.module.bearerToken(token), routes: [{ path: '/tasks', handler: () => json({ tasks: [] }), options: { methods: ['get'] } }] }] },
  });
  return createListener({ app, config: {}, env: { LOG_LEVEL: 'silent' } });
}

before(async () => {
  sample = await importDocSample('docs/applications.md', (code) => code.includes('export function bearerToken'), 'bearer-token.ts', 'docs-bearer-sample-');
});
after(() => sample?.remove());

describe("docs/applications.md's bearer-token callback", () => {
  let fw: FwListener;
  before(async () => (fw = await listenerFor(TOKEN)));
  after(() => fw?.close());

  it('lets the right token through, whatever the case of the scheme', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await inject(fw, { url: '/api/tasks', headers: { authorization: `${scheme} ${TOKEN}` } });
      assert.equal(res.status, 200, scheme);
    }
  });

  it('answers a wrong, missing, prefixed or malformed token 401 with www-authenticate: Bearer', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN} extra`, 'Bearer ']) {
      const res = await inject(fw, { url: '/api/tasks', headers: authorization === undefined ? {} : { authorization } });
      assert.equal(res.status, 401, String(authorization));
      assert.deepEqual(res.json(), { error: 'unauthorized' });
      assert.equal(res.headers['www-authenticate'], 'Bearer');
    }
  });

  it('refuses every request while no token is configured, an empty one included', async () => {
    for (const token of [undefined, '']) {
      const closed = await listenerFor(token);
      try {
        for (const authorization of ['Bearer ', 'Bearer x', `Bearer ${TOKEN}`]) assert.equal((await inject(closed, { url: '/api/tasks', headers: { authorization } })).status, 401);
      } finally {
        await closed.close();
      }
    }
  });

  it('declares the bearer scheme fw openapi documents', () => {
    assert.deepEqual(sample.module.bearerToken(TOKEN).securityScheme, { name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' } });
  });
});
