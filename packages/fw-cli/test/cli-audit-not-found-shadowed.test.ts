/**
 * A group on its own host with an onNotFound, and a static folder at the root of every host ('_', `/[...]`): a path the host
 * has no route for falls back to the folder, which answers it, so the group's onNotFound never runs. Nothing said so; `fw
 * audit` now reports it (not_found_shadowed) and `--strict` fails on it.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createListener, inject } from 'fw-core';
import { FIXTURES, runFw } from './support/run-fw.ts';

const APP = join(FIXTURES, 'not-found-shadowed-app');
const MESSAGE =
  "the onNotFound of group '' on host admin.localhost never answers: '_' route /[...] covers every path under '', and a path the host has no route for falls back to the '_' routes, " +
  'so /[...] answers it (a static folder: its file, or its own 404); to fix, move /[...] under a prefix or onto a host of its own (docs/router.md, "Host precedence and fallback")';

/** What GET /nope on admin.localhost answers, with the folder under `prefix`. */
async function adminMiss(prefix: string): Promise<string> {
  const fw = await createListener({ appDir: APP, env: { FW_SHADOW_PREFIX: prefix, LOG_LEVEL: 'fatal' } });
  try {
    return (await inject(fw, { url: '/nope', headers: { host: 'admin.localhost' } })).body;
  } finally {
    await fw.close();
  }
}

describe('fw audit: a host group whose onNotFound a catch-all takes', { concurrency: true }, () => {
  it('warns, naming the host, the prefix and the catch-all, and --strict exits 2', async () => {
    const [plain, json] = await Promise.all([runFw(['audit', '--app', APP]), runFw(['audit', '--strict', '--json', '--app', APP])]);
    assert.equal(plain.code, 0);
    assert.ok(plain.stdout.includes(`WARNINGS:\n  not_found_shadowed: ${MESSAGE}\nINFO:`), plain.stdout);
    assert.equal(json.code, 2);
    assert.deepEqual(JSON.parse(json.stdout).warnings, [{ issue: 'not_found_shadowed', host: 'admin.localhost', prefix: '', catch_all: '/[...]', message: MESSAGE }]);
    assert.equal(await adminMiss(''), '{"error":"not found"}', "what the audit says: the folder's 404, not the group's");
  });

  it('says nothing once the folder is under a prefix of its own, where the group answers its misses', async () => {
    const run = await runFw(['audit', '--strict', '--json', '--app', APP], { env: { FW_SHADOW_PREFIX: '/site' } });
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(JSON.parse(run.stdout).warnings, []);
    assert.equal(await adminMiss('/site'), '{"error":"no such admin page"}');
  });
});
