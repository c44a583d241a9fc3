/**
 * docs/applications-reference.md's "State the app opens" sample does what its text says, run as it reads:
 * each app object the factory makes has its own database, opened by `start` and closed by
 * `stop`, so closing one listener leaves another's working (an app author's trial found no way
 * from the docs to hand what `start` opened to the handlers, and shared a module-level pool that
 * the first close broke for everyone), and a handler outside start..stop gets the sample's clear
 * error as fw's 500.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createListener, inject, type FwApp, type FwListener, type InCodeConfig } from 'fw-core';
import { captureLogger } from '../packages/fw-core/test/support/test-app.ts';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

const config: InCodeConfig = { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] };

let sample: DocSample<{ createNotesApp: (path?: string) => FwApp }>;
let createNotesApp: (path?: string) => FwApp;

before(async () => {
  sample = await importDocSample('docs/applications-reference.md', (code) => code.includes('export function createNotesApp'), 'notes-app.ts', 'docs-app-state-');
  ({ createNotesApp } = sample.module);
});
after(() => sample?.remove());

const listener = (app: FwApp): Promise<FwListener> => createListener({ app, config, env: { LOG_LEVEL: 'silent' } });
const post = (fw: FwListener, text: string) => inject(fw, { method: 'POST', url: '/notes', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });

describe("docs/applications-reference.md's app factory with state opened by start", () => {
  it('gives each app object its own database, and closing one leaves the other serving', async () => {
    const first = await listener(createNotesApp(':memory:'));
    const second = await listener(createNotesApp(':memory:'));
    try {
      assert.deepEqual((await post(first, 'only in the first')).json(), { id: 1, text: 'only in the first' });
      assert.deepEqual((await inject(second, '/notes')).json(), { notes: [] });
      await first.close();
      assert.equal((await post(second, 'after the first closed')).status, 201);
      assert.deepEqual((await inject(second, '/notes')).json(), { notes: [{ id: 1, text: 'after the first closed' }] });
    } finally {
      await second.close();
    }
  });

  it("answers 500 from a handler once stop has closed its database, logging the sample's error, never a TypeError", async () => {
    const app = createNotesApp(':memory:');
    const logger = captureLogger();
    const fw = await createListener({ app, config, logger });
    await app.stop?.();
    const res = await inject(fw, '/notes');
    assert.equal(res.status, 500);
    const failed = logger.lines.find((line) => line.fields.event === 'request_failed');
    assert.match(String((failed?.fields.err as Error | undefined)?.message), /^notes: the database is not open/);
    await fw.close();
  });
});
