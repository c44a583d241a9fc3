/**
 * A route ending in /[...] (a static folder at the root) takes every path under it, so an onNotFound whose group it covers
 * never runs: the folder answers the misses (its 404). On the same host, and from another host, which falls back to the
 * any-host routes for a path it has no route for. Nothing said so (Hono's serveStatic passes a missing file on to
 * notFound); `fw audit` now reports it (not_found_shadowed) and `--strict` fails on it.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createListener, inject } from 'fw-core';
import { FIXTURES, runFw } from './support/run-fw.ts';

const APP = join(FIXTURES, 'not-found-shadowed-app');
const REFERENCE = '(docs/applications-reference.md, "Your own error answers")';
const HOST =
  "the onNotFound of group '' on host admin.localhost never runs: route /[...] (any host, which admin.localhost falls back to for a path it has no route for) " +
  `covers every path under '' and answers its misses (a static folder: its file, or its own 404); to fix, move /[...] under a prefix of its own or onto a host of its own ${REFERENCE}`;
const onApi = (subject: string): string =>
  `${subject}: route /[...] covers every path under '/api' and answers its misses (a static folder: its file, or its own 404); to fix, move /[...] under a prefix of its own ${REFERENCE}`;

/** The audit's warnings (--strict --json) with FW_SHADOW set to `shadow`, and its exit code. */
async function audit(shadow: string): Promise<{ code: number | null; warnings: unknown[] }> {
  const run = await runFw(['audit', '--strict', '--json', '--app', APP], { env: { FW_SHADOW: shadow } });
  return { code: run.code, warnings: JSON.parse(run.stdout).warnings };
}

/** What GET `url` on `host` answers in the FW_SHADOW `shadow` case. */
async function miss(shadow: string, url: string, host = 'localhost'): Promise<string> {
  const fw = await createListener({ appDir: APP, env: { FW_SHADOW: shadow, LOG_LEVEL: 'fatal' } });
  try {
    return (await inject(fw, { url, headers: { host } })).body;
  } finally {
    await fw.close();
  }
}

describe('fw audit: an onNotFound a catch-all route takes the misses of', { concurrency: true }, () => {
  it('warns of a host group whose misses fall back to an any-host /[...], in words, and --strict exits 2', async () => {
    const [plain, json, answered] = await Promise.all([runFw(['audit', '--app', APP]), audit('host'), miss('host', '/nope', 'admin.localhost')]);
    assert.equal(plain.code, 0);
    assert.ok(plain.stdout.includes(`WARNINGS:\n  not_found_shadowed: ${HOST}\nINFO:`), plain.stdout);
    assert.deepEqual(json, { code: 2, warnings: [{ issue: 'not_found_shadowed', host: 'admin.localhost', prefix: '', hook: 'group', catch_all: '/[...]', message: HOST }] });
    assert.equal(answered, '{"error":"not found"}', "what the audit says: the folder's 404, not the group's");
  });

  it("warns of a group's own onNotFound on the same host, and of the app's", async () => {
    const [api, app, answered] = await Promise.all([audit('api'), audit('app'), miss('api', '/api/nope')]);
    assert.deepEqual(api, { code: 2, warnings: [{ issue: 'not_found_shadowed', host: '_', prefix: '/api', hook: 'group', catch_all: '/[...]', message: onApi("the onNotFound of group '/api' never runs") }] });
    assert.deepEqual(app, { code: 2, warnings: [{ issue: 'not_found_shadowed', host: '_', prefix: '/api', hook: 'app', catch_all: '/[...]', message: onApi("the app's onNotFound never runs for group '/api'") }] });
    assert.equal(answered, '{"error":"not found"}');
  });

  it('says nothing once the folder is under a prefix of its own, where the group answers its misses', async () => {
    const [run, answered] = await Promise.all([audit('site'), miss('site', '/nope', 'admin.localhost')]);
    assert.deepEqual(run, { code: 0, warnings: [] });
    assert.equal(answered, '{"error":"no such admin page"}');
  });
});
