/**
 * docs/applications-reference.md's "The app's own settings" does what its text says, run as it reads: its fw.config.json
 * and its app, loaded from one directory. An app author's trial found no page saying how an app reads its own section
 * of fw.config.json (nor its overlay), and guessed `config.app` from a type.
 * - the API's answers carry the section's cors_origin, the prod overlay's under FW_ENV=prod;
 * - the group that lists CORS still decodes bodies, the token group refuses without NOTES_TOKEN, /ready answers;
 * - a bad or missing cors_origin stops the start with the sample's message, naming the key.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createListener, inject, type FwApp, type FwListener } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';
import { fencedBlocks } from './support/markdown-fences.ts';

const DOC = 'docs/applications-reference.md';
const TOKEN = 'notes-token-0123456789';

let sample: DocSample<{ default: FwApp }>;
let appDir: string;

before(async () => {
  sample = await importDocSample(DOC, (code) => code.includes('function notesSettings'), 'notes-app.ts', 'docs-app-settings-');
  const text = await readFile(join(import.meta.dirname, '..', DOC), 'utf8');
  const config = fencedBlocks(DOC, text).find((block) => block.info[0] === 'json' && block.code.includes('"cors_origin"'));
  assert.ok(config, `${DOC} shows the fw.config.json of "The app's own settings"`);
  appDir = await mkdtemp(join(tmpdir(), 'fw-docs-app-settings-'));
  await writeFile(join(appDir, 'fw.config.json'), config.code);
});
after(async () => {
  await sample?.remove();
  if (appDir !== undefined) await rm(appDir, { recursive: true, force: true });
});

const listener = (env: NodeJS.ProcessEnv): Promise<FwListener> => createListener({ app: sample.module.default, appDir, env: { LOG_LEVEL: 'silent', ...env } });

describe("docs/applications-reference.md's app settings sample", () => {
  it("sends the section's origin in dev and the prod overlay's under FW_ENV=prod", async () => {
    for (const [env, origin] of [[{}, 'http://localhost:5173'], [{ FW_ENV: 'prod' }, 'https://notes.example.com']] as const) {
      const fw = await listener(env);
      try {
        const list = await inject(fw, { url: '/notes', headers: { origin } });
        assert.equal(list.status, 200);
        assert.equal(list.headers['access-control-allow-origin'], origin);
        assert.equal(list.headers['access-control-expose-headers'], 'Location');
        const preflight = await inject(fw, { method: 'OPTIONS', url: '/notes/1', headers: { origin, 'access-control-request-method': 'DELETE' } });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers['access-control-allow-origin'], origin);
      } finally {
        await fw.close();
      }
    }
  });

  it('decodes bodies in the CORS groups, guards the delete with NOTES_TOKEN and answers /ready', async () => {
    const fw = await listener({ NOTES_TOKEN: TOKEN });
    try {
      const application = await import('fw-core/inspect').then(({ loadApplication }) => loadApplication({ appDir, app: sample.module.default, env: {} }));
      assert.deepEqual(application.routes.groups.map((group) => group.plugins.decoding !== undefined), [true, true, true]);
      assert.equal((await inject(fw, { method: 'DELETE', url: '/notes/1' })).status, 401);
      assert.equal((await inject(fw, { method: 'DELETE', url: '/notes/1', headers: { authorization: `Bearer ${TOKEN}` } })).status, 204);
      const ready = await inject(fw, '/ready');
      assert.deepEqual([ready.status, ready.json(), ready.headers['access-control-allow-origin']], [200, { status: 'ready' }, undefined]);
    } finally {
      await fw.close();
    }
  });

  it('stops the start naming notes.cors_origin when it is missing or not an origin', async () => {
    for (const [appConfig, found] of [[{}, 'undefined'], [{ cors_origin: 'notes.example.com' }, '"notes.example.com"']] as const) {
      await assert.rejects(createListener({ app: sample.module.default, config: {}, appConfig, env: { LOG_LEVEL: 'silent' } }), {
        message: `notes.cors_origin in fw.config.json must be an origin such as "https://notes.example.com"; found ${found}`,
      });
    }
  });
});
