/**
 * docs/applications-reference.md's upload route ("Uploads: a body that is not JSON") does what its
 * text says, run as the sample reads: the body's bytes land in the uploads folder beside the
 * module (made if missing, so a fresh project's first upload is no 500), a name that is not one
 * plain segment is a 400, and a body past 10 MiB is fw's 413 with nothing written.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createListener, defineApp, inject, type FwListener, type HandlerRoute } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

let sample: DocSample<{ upload: HandlerRoute }>;
let fw: FwListener;

const put = (name: string, body: Buffer) => inject(fw, { method: 'PUT', url: `/files/${name}`, body, headers: { 'content-type': 'application/pdf' } });

before(async () => {
  sample = await importDocSample('docs/applications-reference.md', (code) => code.includes("throw httpError(400, 'bad file name')"), 'upload.ts', 'docs-upload-sample-');
  const app = defineApp({ name: 'files', router: { name: 'files_router', routes: () => [{ prefix: '', security: false, routes: [sample.module.upload] }] } });
  fw = await createListener({ app, config: {}, env: { LOG_LEVEL: 'silent' } });
});
after(async () => {
  await fw?.close();
  await sample?.remove();
});

describe("docs/applications-reference.md's upload route", () => {
  it('writes the body to uploads/<name> beside the module, making the folder on the first upload', async () => {
    assert.equal(existsSync(join(sample.dir, 'uploads')), false);
    const res = await put('report.pdf', Buffer.from('%PDF-1.7 test'));
    assert.equal(res.status, 204);
    assert.equal(await readFile(join(sample.dir, 'uploads', 'report.pdf'), 'utf8'), '%PDF-1.7 test');
  });

  it('refuses a name that is not one plain segment with 400', async () => {
    const res = await put('.hidden', Buffer.from('x'));
    assert.equal(res.status, 400);
    assert.deepEqual(res.json(), { error: 'bad file name' });
  });

  it('answers 413 past 10 MiB and writes nothing', async () => {
    const res = await put('big.pdf', Buffer.alloc(10 * 1024 * 1024 + 1));
    assert.equal(res.status, 413);
    assert.deepEqual(res.json(), { error: 'request body too large' });
    assert.equal(existsSync(join(sample.dir, 'uploads', 'big.pdf')), false);
  });
});
