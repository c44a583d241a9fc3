/**
 * docs/applications-reference.md's conditional update ("Conditional updates: ETag and If-Match")
 * does what its text says, run as the sample reads: the GET carries the note's ETag and is
 * answered whole whatever If-None-Match says (fw makes no 304 for a handler's answer), a PUT
 * needs If-Match (428 without it), a stale tag is a 412, and a matching tag, a list holding it,
 * or `*` writes the next version with its new ETag; `fw openapi` documents the If-Match header,
 * the 412, the 428 and the ETag of the 200.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createListener, inject, type FwApp, type FwListener } from 'fw-core';
import { assertSucceeded, runFw } from '../packages/fw-cli/test/support/run-fw.ts';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

let sample: DocSample<{ default: FwApp }>;
let fw: FwListener;

const put = (ifMatch: string | undefined, text: string) =>
  inject(fw, { method: 'PUT', url: '/notes/1', body: { text }, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });

before(async () => {
  sample = await importDocSample('docs/applications-reference.md', (code) => code.includes("httpError(412, 'the note changed"), 'app.ts', 'docs-conditional-sample-');
  // The guide's body decoder, as the text beside the sample says.
  const plugins = [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] as const;
  fw = await createListener({ app: sample.module.default, config: { plugins }, env: { LOG_LEVEL: 'silent' } });
});
after(async () => {
  await fw?.close();
  await sample?.remove();
});

describe("docs/applications-reference.md's conditional update", () => {
  it('answers the note with its ETag, whole even when If-None-Match names it', async () => {
    const res = await inject(fw, { url: '/notes/1', headers: { 'if-none-match': '"1-1"' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.etag, '"1-1"');
    assert.deepEqual(res.json(), { id: 1, text: 'first', version: 1 });
  });

  it('refuses a PUT without If-Match with 428 and one with a stale tag with 412', async () => {
    const missing = await put(undefined, 'x');
    assert.equal(missing.status, 428);
    assert.deepEqual(missing.json(), { error: 'send If-Match with the ETag you read' });
    const stale = await put('"1-0"', 'x');
    assert.equal(stale.status, 412);
    assert.deepEqual(stale.json(), { error: 'the note changed since you read it' });
    assert.deepEqual((await inject(fw, '/notes/1')).json(), { id: 1, text: 'first', version: 1 });
  });

  it('writes the next version for a matching tag, a list holding it, or *', async () => {
    const first = await put('"1-1"', 'second');
    assert.equal(first.status, 200);
    assert.equal(first.headers.etag, '"1-2"');
    assert.deepEqual(first.json(), { id: 1, text: 'second', version: 2 });
    assert.equal((await put('"1-1"', 'lost update')).status, 412);
    const listed = await put('"9-9", "1-2"', 'third');
    assert.equal(listed.headers.etag, '"1-3"');
    const any = await put('*', 'fourth');
    assert.equal(any.status, 200);
    assert.deepEqual(any.json(), { id: 1, text: 'fourth', version: 4 });
  });

  it("puts the PUT's If-Match, its 412 and 428 and its 200's ETag in fw openapi's document", async () => {
    await writeFile(join(sample.dir, 'package.json'), JSON.stringify({ type: 'module', fw: { app: './app.ts' } }));
    await writeFile(join(sample.dir, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'notes' } }));
    assertSucceeded(await runFw(['openapi', '--app', sample.dir, '--output', join(sample.dir, 'openapi.json')]));
    const put = JSON.parse(await readFile(join(sample.dir, 'openapi.json'), 'utf8')).paths['/notes/{id}'].put;
    assert.deepEqual(Object.keys(put.responses).filter((code) => code === '412' || code === '428'), ['412', '428']);
    assert.deepEqual(put.parameters[1], { name: 'if-match', in: 'header', required: false, schema: { type: 'string' } });
    const etag = { description: 'The new version of the note, for the next If-Match', required: true, schema: { type: 'string' } };
    assert.deepEqual(put.responses['200'].headers, { ETag: etag });
  });
});
