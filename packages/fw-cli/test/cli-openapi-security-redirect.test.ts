/**
 * `fw openapi` and a security callback that sends the client elsewhere (`{redirect}`, declared in
 * its `responses` as 302): the operation lists the 302 with its Location header and no body, as
 * the server answers it, not an ErrorMessage body no such answer has. The server's answer is
 * checked against the operation.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { createListener, inject } from 'fw-core';
import { openapiOutputs } from './support/run-fw.ts';
import { osTempDir, removeTempDirs, repoTempDir } from './support/temp-app.ts';

const APP = `import { defineApp, json } from 'fw-core';
const toLogin = Object.assign(function toLogin(req) { return req.headers.cookie === 'session=1' || { redirect: '/login' }; }, {
  securityScheme: { name: 'session', scheme: { type: 'apiKey', in: 'cookie', name: 'session' } },
  responses: [302],
});
const routes = [{ path: '/home', handler: () => json({ home: true }), options: { methods: ['get'] } }];
export default defineApp({ name: 'site', router: { name: 'site_router', routes: () => [{ prefix: '', security: toLogin, routes }] } });
`;

after(removeTempDirs);

it("documents a security callback's 302 with a required Location and no body, as the server answers it", async () => {
  const dir = await repoTempDir();
  await writeFile(join(dir, 'app.mjs'), APP);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'site-app', version: '0.0.1', private: true, type: 'module', fw: { app: './app.mjs' } }));
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'site' } }));
  const { document } = await openapiOutputs(dir, await osTempDir());
  const location = { description: "Where the group's security callback sends the client", required: true, schema: { type: 'string' } };
  assert.deepEqual(document.paths['/home'].get.responses[302], { description: 'Found', headers: { Location: location } });
  const listener = await createListener({ app: (await import(join(dir, 'app.mjs'))).default, appDir: dir, config: { bootstrap_application: 'site' }, env: { LOG_LEVEL: 'error' } });
  try {
    const answer = await inject(listener, '/home');
    assert.deepEqual([answer.status, answer.headers.location, answer.body], [302, '/login', '']);
  } finally {
    await listener.close();
  }
});
